import { api } from '@/lib/api-client';

/** DELETE /user/favorites/{offerId}: removes a saved offer; answers the account's saved ids. */
export const removeFavorite = (offerId: string) => api.call('DELETE /api/user/favorites/{offerId}', { params: { offerId } });
