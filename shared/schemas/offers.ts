import * as z from 'zod';
import { MSG } from '../messages';
import { LIMITS } from '../limits';
import { hasMarkup, stripMarkup } from '../text';

export const LESSON_TYPES = ['Video Call', 'Document', 'Phone Call'] as const;
export const PRICING_TYPES = ['fixed', 'hourly'] as const;

const noMarkup = (s: string) => !hasMarkup(s);

export const offerTitle = z
  .string({ error: MSG.offerTitleLength })
  .refine(noMarkup, MSG.offerHtml)
  .transform(stripMarkup)
  .pipe(z.string().min(LIMITS.offerTitleMin, MSG.offerTitleLength).max(LIMITS.offerTitleMax, MSG.offerTitleLength));

export const offerDescription = z
  .string({ error: MSG.offerDescriptionLength })
  .refine(noMarkup, MSG.offerHtml)
  .transform(stripMarkup)
  .pipe(z.string().min(LIMITS.offerDescriptionMin, MSG.offerDescriptionLength).max(LIMITS.offerDescriptionMax, MSG.offerDescriptionLength));

export const offerPrice = z
  .number({ error: MSG.offerPriceRange })
  .finite(MSG.offerPriceRange)
  .min(0, MSG.offerPriceRange)
  .max(LIMITS.offerPriceMax, MSG.offerPriceRange)
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, MSG.offerPriceRange);

export const createOfferSchema = z.object({
  title: offerTitle,
  description: offerDescription,
  price: offerPrice,
  lessonType: z.enum(LESSON_TYPES, { error: MSG.lessonTypeRequired }),
  pricingType: z.enum(PRICING_TYPES).default('fixed'),
});

export const updateOfferSchema = z.object({
  title: offerTitle,
  description: offerDescription,
  price: offerPrice.refine((n) => n > 0, MSG.offerValidPrice),
  lessonType: z.enum(LESSON_TYPES, { error: MSG.lessonTypeRequired }),
});

export const guestFavoritesSchema = z.object({ ids: z.array(z.string().max(64)).max(200) });

export const reviewSchema = z.object({
  rating: z.number({ error: MSG.ratingRequired }).int(MSG.ratingRequired).min(1, MSG.ratingRequired).max(5, MSG.ratingRequired),
  comment: z.string().max(LIMITS.textCap * 4, MSG.fieldTooLong).transform(stripMarkup).pipe(z.string().max(LIMITS.textCap, MSG.fieldTooLong)).optional(),
  orderNumber: z.union([z.number().int().positive(), z.string().max(40)]),
});
