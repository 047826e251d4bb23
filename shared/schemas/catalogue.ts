/**
 * The catalogue's query-string schemas and response shapes: offers, the expert directory, public
 * profiles and favourites. The functions validate with the schemas and answer with the types; the
 * web reads the same types (types cost the browser nothing).
 */
import * as z from 'zod/mini';
import { CATALOGUE, LIMITS } from '../limits';
import { MSG } from '../texts';
import { hasMarkup } from '../markup';
import { withoutControlCharacters } from './common';
import type { LESSON_TYPES, PRICING_TYPES } from './offers';

/** A whole number from a query string, within bounds; absent gives the default. */
const wholeNumber = (min: number, max: number, fallback: number, message: string) =>
  z
    .pipe(
      z._default(z.string({ error: message }).check(z.regex(/^\d{1,6}$/, message)), String(fallback)),
      z.transform((text) => Number(text)),
    )
    .check(z.refine((n: number) => n >= min && n <= max, message));

const decimal = (min: number, max: number, message: string) =>
  z.optional(
    z
      .pipe(
        z.string({ error: message }).check(z.regex(/^\d{1,2}(\.\d{1,2})?$/, message)),
        z.transform((text) => Number(text)),
      )
      .check(z.refine((n: number) => n >= min && n <= max, message)),
  );

/** Search text (spec 1 section 5): no markup, at most 50 characters; blank means no search. */
export const searchText = z.optional(
  z.string({ error: MSG.searchTooLong }).check(
    z.refine((q) => !hasMarkup(q), MSG.searchHtml),
    withoutControlCharacters('one'),
    z.maxLength(LIMITS.searchMax, MSG.searchTooLong),
    z.trim(),
  ),
);

const page = wholeNumber(1, 100_000, 1, MSG.invalidPage);
const limit = (fallback: number) => wholeNumber(1, CATALOGUE.maxPageSize, fallback, MSG.invalidLimit);

export const pageQuery = z.object({ page, limit: limit(CATALOGUE.directoryPageSize) });

export const offerSearchQuery = z.object({ q: searchText, limit: limit(CATALOGUE.directoryPageSize) });

export const EXPERT_SORTS = ['new', 'rating'] as const;
export const expertDirectoryQuery = z.object({
  page,
  limit: limit(CATALOGUE.directoryPageSize),
  sort: z.optional(z.enum(EXPERT_SORTS, { error: MSG.invalidSort })),
  q: searchText,
  minRating: decimal(0, 5, MSG.invalidMinRating),
  minExp: wholeNumber(0, 60, 0, MSG.invalidMinExp),
});

export type ExpertDirectoryQuery = z.infer<typeof expertDirectoryQuery>;

// ---------------------------------------------------------------- responses

/** The expert as every list, card and offer shows them. Visitors get the last name as an initial and a period. */
export interface ExpertCard {
  _id: string;
  firstName: string;
  lastName: string;
  profilePhoto?: string;
  /** Job title / field, e.g. "Finance". */
  domainActivity?: string;
  headline?: string;
  position?: string;
  company?: string;
  city?: string;
  country?: string;
  rating: number;
  reviews: number;
  expYears: number;
  isVerified: boolean;
  isStripeConnected: boolean;
  payoutsEnabled: boolean;
  createdAt: string;
}

export interface WorkExperience {
  position: string;
  company: string;
  location?: string;
  startDate?: string;
  endDate?: string;
  description?: string;
}

export interface Education {
  institution: string;
  level: string;
  degree?: string;
  field?: string;
  year: string | number;
}

/** GET /user/public/{id}: the expert's public profile (never an e-mail or a phone number). */
export interface ExpertProfile extends ExpertCard {
  languages: string[];
  bio?: string;
  expertises: string[];
  workExperience: WorkExperience[];
  education: Education[];
}

/** GET /user/{id}: the public card of a chat counterpart, student or expert. */
export interface PublicUser {
  _id: string;
  role: 'user' | 'professor' | 'admin';
  firstName: string;
  lastName: string;
  profilePhoto?: string;
  city?: string;
  country?: string;
  headline?: string;
  domainActivity?: string;
}

export const OFFER_STATUSES = ['pending', 'approved', 'archived', 'rejected'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export interface OfferDto {
  _id: string;
  title: string;
  description: string;
  /** Euros. */
  price: number;
  lessonType: (typeof LESSON_TYPES)[number];
  pricingType: (typeof PRICING_TYPES)[number];
  /** A fixed-price call's length in minutes (decision 249). */
  durationMinutes?: number;
  /** The expert's field when the offer was made (finance, law, ...). */
  area?: string;
  status: OfferStatus;
  approved: boolean;
  /** Path below /uploads/ of the offer's published photo (one an admin approved). */
  photo?: string;
  /**
   * Its expert and admins only: a signed address, valid a few minutes, of a photo waiting for
   * moderation (shown instead of `photo`); it has no public address until the offer is approved.
   */
  pendingPhotoUrl?: string;
  /** Its expert only (My Offers): why an admin rejected it. */
  rejectionReason?: string;
  createdAt: string;
  updatedAt?: string;
  /** The average of its reviews' stars to one decimal (0 without any), and how many there are. */
  averageRating?: number;
  reviewsCount?: number;
  /** GET /offers/{id} only: its latest reviews, newest first. */
  reviews?: Review[];
  professor: ExpertCard;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * A review as the catalogue shows it: its author by first name and the initial of the last name
 * only ("Alice S."). The order's number only for the order's own student and expert.
 */
export interface Review {
  _id: string;
  /** The offer reviewed: a report of the review names it (decision 171). */
  offerId: string;
  rating: number;
  comment?: string;
  createdAt: string;
  user: { firstName: string; lastName: string; profilePhoto?: string };
  orderNumber?: number;
  /** Of a free introduction or a €0 order (decision 272): shown as a free session. */
  free?: boolean;
}

/** POST/DELETE /user/favorites/{offerId} and POST /user/favorites/merge: the saved offer ids, newest first. */
export interface FavoritesReply {
  msg?: string;
  favorites: string[];
}

/** POST /offers/{id}/photo-upload: a presigned POST form; then PATCH the offer with `photo: key`. */
export interface PhotoUploadForm {
  url: string;
  fields: Record<string, string>;
  key: string;
}
