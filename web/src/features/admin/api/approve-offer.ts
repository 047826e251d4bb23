import { api } from '@/lib/api-client';

/** Publishes an offer waiting for approval. */
export const approveOffer = (id: string) => api.call('PATCH /api/admin/offers/{id}/approve', { params: { id } });
