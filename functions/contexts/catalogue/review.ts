/**
 * The review entity: a student's stars and comment on the offer of one closed order, once per order.
 * Its record, its item (toReviewItem / fromReviewItem are the only places that know its shape) and
 * what the API shows of it: an allowlist, the author by first name and initial only.
 */
import * as z from 'zod/mini';
import type { Review } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import { expertReviewsIndex, offerReviewsIndex, reviewKey } from '../../platform/keys';

export interface ReviewRecord {
  reviewId: string;
  /** The order reviewed: its key makes the review unique. */
  orderId: string;
  orderNumber: number;
  offerId: string;
  expertId: string;
  studentId: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  /** Markup stripped, at most the text cap; absent when the student wrote none. */
  comment?: string;
  /** The author as shown, taken when the review was written: first name and the initial of the last name. */
  authorFirstName: string;
  authorInitial: string;
  /** Of a free introduction or a €0 order (decision 272): shown as a free session. */
  free?: boolean;
  createdAt: string;
}

export const toReviewItem = (review: ReviewRecord) => ({
  ...reviewKey(review.offerId, review.orderId),
  ...offerReviewsIndex(review.offerId, review.createdAt, review.orderId),
  ...expertReviewsIndex(review.expertId, review.createdAt, review.orderId),
  ...review,
});

const reviewItem: z.ZodMiniType<ReviewRecord> = z.object({
  reviewId: z.string(),
  orderId: z.string(),
  orderNumber: z.number(),
  offerId: z.string(),
  expertId: z.string(),
  studentId: z.string(),
  rating: z.number(),
  comment: z.optional(z.string()),
  authorFirstName: z.string(),
  authorInitial: z.string(),
  free: z.optional(z.boolean()),
  createdAt: z.string(),
});

export const fromReviewItem = (item: Record<string, unknown>): ReviewRecord => reviewItem.parse(item);

/**
 * Whether a review sent for an order already reviewed is the stored one sent again: the same stars
 * and words (a retry whose answer was lost, a second click; decision 312). Both are the order's
 * student's: nobody else may review it.
 */
export const isSentAgain = (stored: ReviewRecord, sent: ReviewRecord) => stored.rating === sent.rating && (stored.comment ?? '') === (sent.comment ?? '');

/** The initial of a last name and a period ("Smith" -> "S."), or nothing. */
export const initialOf = (lastName: string | undefined) => {
  const first = lastName?.trim().charAt(0);
  return first ? `${first.toUpperCase()}.` : '';
};

/** The review as anyone sees it; its order's number only for that order's student and expert. */
export function toReviewDto(review: ReviewRecord, caller: Caller | undefined): Review {
  const party = caller !== undefined && (caller.userId === review.studentId || caller.userId === review.expertId);
  return {
    _id: review.reviewId,
    offerId: review.offerId,
    rating: review.rating,
    ...(review.comment && { comment: review.comment }),
    createdAt: review.createdAt,
    user: { firstName: review.authorFirstName, lastName: review.authorInitial },
    ...(review.free && { free: true }),
    ...(party && { orderNumber: review.orderNumber }),
  };
}
