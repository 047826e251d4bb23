import { api } from '@/lib/api-client';

/** The expert archives one of their offers. */
export const deleteOffer = (id: string) => api.call('DELETE /api/offers/delete/{id}', { params: { id } });
