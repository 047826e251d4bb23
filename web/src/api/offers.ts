/** Offer calls more than one feature (or the header) makes. */
import { api } from '@/lib/api-client';

/** GET /offers/search: published offers best match first (blank text gives none); the header's and the home page's search. */
export const searchOffers = (q: string, limit: number) => api.call('GET /api/offers/search', { query: { q, limit } });

/** GET /offers/{id}: one offer (its expert also sees it while in moderation). */
export const getOffer = (id: string) => api.call('GET /api/offers/{id}', { params: { id } });

/** GET /offers/professor/{id}: the expert's published offers, newest first. */
export const listExpertOffers = (id: string) => api.call('GET /api/offers/professor/{id}', { params: { id } });

/** GET /offers/my-offers: the expert's offers in moderation and published, newest first. */
export const getMyOffers = () => api.call('GET /api/offers/my-offers');
