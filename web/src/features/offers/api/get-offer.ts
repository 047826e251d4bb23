import { api } from '@/lib/api-client';

/** One offer (its expert also sees it while in moderation). */
export const getOffer = (id: string) => api.call('GET /api/offers/{id}', { params: { id } });
