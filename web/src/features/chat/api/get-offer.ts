import { api } from '@/lib/api-client';

/** GET /offers/{id}: the offer a new conversation is about. */
export const getOffer = (id: string) => api.call('GET /api/offers/{id}', { params: { id } });
