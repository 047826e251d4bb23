import * as z from 'zod/mini';
import { MSG } from '../texts';
import { CATALOGUE, LIMITS, OFFER_DURATION } from '../limits';
import { hasMarkup, stripMarkup } from '../markup';
import { centsFromEuros, isWholeCents } from '../money';
import { RATING_MAX, RATING_MIN } from '../rating';
import type { TextLines } from '../control-characters';
import { withoutControlCharacters } from './common';

export const LESSON_TYPES = ['Video Call', 'Document', 'Phone Call'] as const;
export const PRICING_TYPES = ['fixed', 'hourly'] as const;

const noMarkup = (s: string) => !hasMarkup(s);

/** Offer text refuses markup (spec: 'HTML tags are not allowed') and control characters, then is checked stripped. */
const offerText = (min: number, max: number, lengthMsg: string, lines: TextLines) =>
  z
    .string({ error: lengthMsg })
    .check(
      z.refine(noMarkup, MSG.offerHtml),
      withoutControlCharacters(lines),
      z.overwrite(stripMarkup),
      z.minLength(min, lengthMsg),
      z.maxLength(max, lengthMsg),
    );

export const offerTitle = offerText(LIMITS.offerTitleMin, LIMITS.offerTitleMax, MSG.offerTitleLength, 'one');
export const offerDescription = offerText(LIMITS.offerDescriptionMin, LIMITS.offerDescriptionMax, MSG.offerDescriptionLength, 'several');

/**
 * One rule for creating and editing an offer (docs/decisions.md, 132): 0 (a free offer) or from
 * 0.50 euros, Stripe's smallest charge in EUR, to 999,999 euros, in whole cents (compared as cents, so
 * 0.7 - 0.2 is 0.50), with one message.
 */
const inPriceRange = (price: number) => {
  if (!isWholeCents(price)) return false;
  const amount = centsFromEuros(price);
  return amount === 0 || (amount >= centsFromEuros(LIMITS.offerPriceMin) && amount <= centsFromEuros(LIMITS.offerPriceMax));
};

export const offerPrice = z.number({ error: MSG.offerPriceRange }).check(z.refine(inPriceRange, MSG.offerPriceRange));

const lessonType = z.enum(LESSON_TYPES, { error: MSG.lessonTypeRequired });

/** A fixed-price call's length: 30 minutes to 4 hours in half hours (ignored for other offers). */
const durationMinutes = z
  .int({ error: MSG.offerDurationRange })
  .check(
    z.gte(OFFER_DURATION.minMinutes, MSG.offerDurationRange),
    z.lte(OFFER_DURATION.maxMinutes, MSG.offerDurationRange),
    z.multipleOf(OFFER_DURATION.stepMinutes, MSG.offerDurationRange),
  );

export const createOfferSchema = z.object({
  title: offerTitle,
  description: offerDescription,
  price: offerPrice,
  lessonType,
  pricingType: z._default(z.enum(PRICING_TYPES), 'fixed'),
  durationMinutes: z.optional(durationMinutes),
});

/** The key POST /offers/{id}/photo-upload handed out; the server checks the object it names. */
export const uploadKey = z.string({ error: MSG.uploadMissing }).check(z.regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,199}$/, MSG.uploadMissing));

export const updateOfferSchema = z.object({
  title: offerTitle,
  description: offerDescription,
  price: offerPrice,
  lessonType,
  durationMinutes: z.optional(durationMinutes),
  /** A photo uploaded through the presigned form; omitted: the photo stays as it is. */
  photo: z.optional(uploadKey),
});

/** Asking for an upload form: what the browser says the file is; the object itself is checked after. */
export const photoUploadSchema = z.object({
  contentType: z.string({ error: MSG.onlyImages }).check(z.regex(/^image\/(jpeg|png|webp)$/, MSG.onlyImages)),
  size: z.int({ error: MSG.maxImage2mb }).check(z.gte(1, MSG.maxImage2mb), z.lte(LIMITS.photoMaxBytes, MSG.maxImage2mb)),
});

export const guestFavoritesSchema = z.object({
  ids: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(CATALOGUE.maxFavorites, MSG.tooManyFavorites)),
});

/**
 * A review (spec 2 section 5): whole stars from 1 to 5, a comment stripped of all markup and cut at
 * the text cap (spec 2: "stripped of tags and cut to 2000"), and the number of the order it reviews
 * ("Order #12" or 12).
 */
export const reviewSchema = z.object({
  rating: z.int({ error: MSG.ratingRequired }).check(z.gte(RATING_MIN, MSG.ratingRequired), z.lte(RATING_MAX, MSG.ratingRequired)),
  comment: z.optional(
    z.string().check(
      withoutControlCharacters('several'),
      z.maxLength(LIMITS.textCap * 4, MSG.fieldTooLong),
      z.overwrite((text) => stripMarkup(text).slice(0, LIMITS.textCap).trim()),
    ),
  ),
  orderNumber: z.union([z.int().check(z.positive()), z.string().check(withoutControlCharacters('one'), z.maxLength(40))]),
});
