import { rejectOfferQuery } from '../schemas/admin';
import { expertDirectoryQuery, offerSearchQuery, pageQuery } from '../schemas/catalogue';
import { emptyBody } from '../schemas/common';
import { createOfferSchema, guestFavoritesSchema, photoUploadSchema, reviewSchema, updateOfferSchema } from '../schemas/offers';
import { MSG } from '../texts';
import { type Route, r } from './route';

/** The catalogue Lambda's: offers, the expert directory and public profiles (it holds the search index they read from), reviews and offer moderation. */
export const CATALOGUE_ROUTES = [
  // Offers, experts and favourites. The catalogue Lambda (domain offers) also serves the expert
  // Offers, experts and favourites.
  r('GET', '/offers/all', 'catalogue', 'public', { query: pageQuery }),
  r('GET', '/offers/search', 'catalogue', 'public', { query: offerSearchQuery }),
  r('GET', '/offers/my-offers', 'catalogue', 'professor'),
  r('GET', '/offers/professor/{id}', 'catalogue', 'public'),
  r('GET', '/offers/professor/{id}/reviews', 'catalogue', 'public'),
  r('GET', '/offers/{id}', 'catalogue', 'public'),
  r('POST', '/offers/guest-favorites', 'catalogue', 'public', { body: guestFavoritesSchema }),
  r('POST', '/offers/create', 'catalogue', 'professor', { body: createOfferSchema, denied: MSG.onlyExpertsCreateOffers }),
  r('PATCH', '/offers/update/{id}', 'catalogue', 'professor', { body: updateOfferSchema, denied: MSG.notYourOffer }),
  r('POST', '/offers/{id}/photo-upload', 'catalogue', 'professor', { body: photoUploadSchema, denied: MSG.notYourOffer }),
  r('DELETE', '/offers/delete/{id}', 'catalogue', 'professor', { denied: MSG.notYourOffer }),
  r('POST', '/offers/{id}/reviews', 'catalogue', 'member', { body: reviewSchema }),
  r('GET', '/user/professors', 'catalogue', 'public', { query: expertDirectoryQuery }),
  r('GET', '/user/public/{id}', 'catalogue', 'public'),
  // Offer moderation (spec 2) belongs to the catalogue too: the one Lambda that writes offers.
  r('GET', '/admin/offers/pending', 'catalogue', 'admin'),
  r('PATCH', '/admin/offers/{id}/approve', 'catalogue', 'admin', { body: emptyBody }),
  r('PATCH', '/admin/offers/{id}', 'catalogue', 'admin', { body: updateOfferSchema }),
  // Rejecting carries the reason its expert reads (the admin issue; docs/decisions.md).
  r('DELETE', '/admin/offers/{id}', 'catalogue', 'admin', { query: rejectOfferQuery }),
] as const satisfies readonly Route[];
