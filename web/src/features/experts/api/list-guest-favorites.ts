import { api } from '@/lib/api-client';

/** POST /offers/guest-favorites: the published offers among a visitor's stored ids, in their order. */
export const listGuestFavorites = (ids: readonly string[]) => api.call('POST /api/offers/guest-favorites', { body: { ids: [...ids] } });
