import { api } from '@/lib/api-client';

/** GET /offers/professor/{id}: the expert's published offers, newest first. */
export const listExpertOffers = (id: string) => api.call('GET /api/offers/professor/{id}', { params: { id } });
