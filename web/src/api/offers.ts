/**
 * GET /offers/search: published offers best match first (blank text gives none). Here rather than
 * in a feature because the header (shared UI) and the home page both call it.
 */
import { api } from './api-client';

export const searchOffers = (q: string, limit: number) => api.call('GET /api/offers/search', { query: { q, limit } });
