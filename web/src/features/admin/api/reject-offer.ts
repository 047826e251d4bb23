import { api } from '@/lib/api-client';

/** Rejects (deletes) an offer waiting for approval. */
export const rejectOffer = (id: string) => api.call('DELETE /api/admin/offers/{id}', { params: { id } });
