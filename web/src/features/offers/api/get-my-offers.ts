import { api } from '@/lib/api-client';

/** The expert's offers in moderation and published, newest first. */
export const getMyOffers = () => api.call('GET /api/offers/my-offers');
