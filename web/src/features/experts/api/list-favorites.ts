import { CATALOGUE } from '@shared/limits';
import { api } from '@/lib/api-client';

/** GET /user/favorites: a page of the account's saved offers, newest saved first. */
export const listFavorites = (page: number) => api.call('GET /api/user/favorites', { query: { page, limit: CATALOGUE.favoritesPageSize } });
