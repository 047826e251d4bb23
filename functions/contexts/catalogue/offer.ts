/**
 * The offer entity: its record, its item in the table (the only place that knows the item's shape)
 * and what the API shows of it. Prices are integer cents (EUR) in the table and euros in the API.
 */
import type { ExpertCard, OfferDto, OfferStatus, Review } from '../../../shared/schemas/catalogue';
import { averageRating } from '../../../shared/rating';
import * as z from 'zod/mini';
import { type Cents, cents, eurosFromCents } from '../../../shared/money';
import { OFFER_DURATION } from '../../../shared/limits';
import { orderKindOf } from '../../../shared/order-transitions';
import { OFFER_STATUSES } from '../../../shared/schemas/catalogue';
import { LESSON_TYPES, PRICING_TYPES } from '../../../shared/schemas/offers';
import { expertOffersIndex, offerKey, offerStatusIndex } from '../../platform/keys';

export type { OfferStatus };

/**
 * pending (new or edited, in moderation) -> approved (public); rejected by an admin; archived when
 * its expert deletes it. Rejected and archived offers stay readable for the orders that name them.
 */
export interface OfferRecord {
  offerId: string;
  expertId: string;
  title: string;
  description: string;
  priceCents: Cents;
  lessonType: (typeof LESSON_TYPES)[number];
  pricingType: (typeof PRICING_TYPES)[number];
  /** A fixed-price call's length (decision 249); none for a Document or an hourly offer. */
  durationMinutes?: number;
  /** The expert's area (finance, law, marketing, consulting) when the offer was made. */
  area?: string;
  /** Path below /uploads/ of a photo that passed the content check and moderation (public). */
  photo?: string;
  /**
   * A photo that passed the content check and waits for moderation: a key of the private files
   * bucket (held/offers/<offerId>/…), never served at /uploads/; approval publishes it under a new name.
   */
  pendingPhoto?: string;
  status: OfferStatus;
  createdAt: string;
  updatedAt?: string;
  /** When it last entered moderation (the queue is oldest first). */
  submittedAt?: string;
  archivedAt?: string;
  /** An admin's reason for rejecting it, which its expert reads in My Offers. */
  rejectionReason?: string;
  /** The stars of its reviews added up, and how many there are (ADD with each review; the average is derived). */
  ratingSum?: number;
  reviewsCount?: number;
}

/**
 * A fixed-price call lasts what its offer says (decision 249): the length asked for, else the one it
 * had, else an hour. Any other offer has no length (an hourly call's student chooses the hours).
 */
export function withDuration(offer: Pick<OfferRecord, 'lessonType' | 'pricingType'>, minutes: number | undefined): { durationMinutes?: number } {
  return orderKindOf(offer) === 'call' ? { durationMinutes: minutes ?? OFFER_DURATION.defaultMinutes } : {};
}

/** Statuses with a list of their own in GSI2: the moderation queue and the published catalogue. */
const LISTED_STATUSES = ['pending', 'approved'] as const satisfies readonly OfferStatus[];
type ListedStatus = (typeof LISTED_STATUSES)[number];
const isListed = (status: OfferStatus): status is ListedStatus => (LISTED_STATUSES as readonly OfferStatus[]).includes(status);

/** The offer's keys in the GSI2 list of `status`, one of the statuses that has a list. */
export function listedStatusIndex(offer: Pick<OfferRecord, 'offerId' | 'createdAt' | 'submittedAt'>, status: ListedStatus) {
  return offerStatusIndex(status, offer.submittedAt ?? offer.createdAt, offer.offerId);
}

function statusIndexOf(offer: Pick<OfferRecord, 'offerId' | 'status' | 'createdAt' | 'submittedAt'>) {
  return isListed(offer.status) ? listedStatusIndex(offer, offer.status) : undefined;
}

export function toOfferItem(offer: OfferRecord): Record<string, unknown> {
  return { ...offerKey(offer.offerId), ...expertOffersIndex(offer.expertId, offer.createdAt, offer.offerId), ...statusIndexOf(offer), ...offer };
}

const offerItem = z.object({
  offerId: z.string(),
  expertId: z.string(),
  title: z.string(),
  description: z.string(),
  priceCents: z.number(),
  lessonType: z.enum(LESSON_TYPES),
  pricingType: z.enum(PRICING_TYPES),
  durationMinutes: z.optional(z.number()),
  area: z.optional(z.string()),
  photo: z.optional(z.string()),
  pendingPhoto: z.optional(z.string()),
  status: z.enum(OFFER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.optional(z.string()),
  submittedAt: z.optional(z.string()),
  archivedAt: z.optional(z.string()),
  rejectionReason: z.optional(z.string()),
  ratingSum: z.optional(z.number()),
  reviewsCount: z.optional(z.number()),
});

export function fromOfferItem(item: Record<string, unknown>): OfferRecord {
  const { priceCents, ...offer } = offerItem.parse(item);
  return { ...offer, priceCents: cents(priceCents) };
}

/** An offer's card in a list, without its expert's card: what the search index keeps of it. */
export type OfferCard = Omit<OfferDto, 'professor' | 'reviews' | 'pendingPhotoUrl' | 'rejectionReason'>;

/** What the API shows of an offer (an allowlist), without its expert. */
export function toOfferCard(offer: OfferRecord): OfferCard {
  return {
    _id: offer.offerId,
    title: offer.title,
    description: offer.description,
    price: eurosFromCents(offer.priceCents),
    lessonType: offer.lessonType,
    pricingType: offer.pricingType,
    ...(offer.durationMinutes !== undefined && { durationMinutes: offer.durationMinutes }),
    ...(offer.area && { area: offer.area }),
    status: offer.status,
    approved: offer.status === 'approved',
    ...(offer.photo && { photo: offer.photo }),
    createdAt: offer.createdAt,
    ...(offer.updatedAt && { updatedAt: offer.updatedAt }),
    averageRating: averageRating(offer.ratingSum, offer.reviewsCount),
    reviewsCount: offer.ratingSum ? (offer.reviewsCount ?? 0) : 0,
  };
}

/** What the API shows of an offer (an allowlist); `reviews` only where a caller reads one offer. */
export function toOfferDto(offer: OfferRecord, professor: ExpertCard, reviews?: Review[]): OfferDto {
  return { ...toOfferCard(offer), ...(reviews && { reviews }), professor };
}
