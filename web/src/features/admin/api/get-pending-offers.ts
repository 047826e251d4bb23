import { api } from '@/lib/api-client';

/** Offers waiting for approval, oldest first. */
export const getPendingOffers = () => api.call('GET /api/admin/offers/pending');
