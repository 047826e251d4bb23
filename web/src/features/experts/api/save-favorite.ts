import { api } from '@/lib/api-client';

/** POST /user/favorites/{offerId}: saves an offer to the account; answers its saved ids. */
export const saveFavorite = (offerId: string) => api.call('POST /api/user/favorites/{offerId}', { params: { offerId } });
