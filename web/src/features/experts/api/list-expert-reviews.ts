import { api } from '@/lib/api-client';

/** GET /offers/professor/{id}/reviews: reviews of the expert's offers. */
export const listExpertReviews = (id: string) => api.call('GET /api/offers/professor/{id}/reviews', { params: { id } });
