/**
 * Reviews (spec 2 sections 1, 4 and 5): the student of a closed order reviews the order's offer,
 * once; the offer's and the expert's ratings follow in the same transaction, and search within a
 * second. The order comes from the orders context's service. No AWS calls here: storage is the
 * repositories.
 */
import { CATALOGUE } from '../../../shared/limits';
import type { Review } from '../../../shared/schemas/catalogue';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowIso } from '../../platform/clock';
import { newId } from '../../platform/crypto';
import { Conflict, Forbidden, NotFound } from '../../platform/errors';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import { isListedExpert } from './expert';
import * as offers from './offer-repository';
import { initialOf, isSentAgain, type ReviewRecord, toReviewDto } from './review';
import * as reviews from './review-repository';
import * as orders from '../orders/service';
import { isFreeOrder } from '../../../shared/order-transitions';

export interface ReviewInput {
  rating: number;
  comment?: string;
  /** As the client has it: 12, "12" or "#12". */
  orderNumber: number | string;
}

/** The number an order is known by, from the body; undefined when it cannot be one. */
export function orderNumberOf(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  const digits = /^\s*#?\s*(\d{1,15})\s*$/.exec(value)?.[1];
  const number = digits === undefined ? undefined : Number(digits);
  return number !== undefined && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/**
 * The caller reviews the offer `offerId` for the order the body names: only its student, only once
 * its order is closed, only for that order's offer, once. A free introduction or a €0 order is
 * reviewed as any order, marked free. In the ratings each student counts once, by their latest
 * review (decision 272). The same review sent again is answered as it was the first time (decision 312).
 */
export async function reviewOffer(offerId: string, input: ReviewInput, caller: Caller, account: AccountRecord): Promise<{ msg: string }> {
  const number = orderNumberOf(input.orderNumber);
  const order = number === undefined ? undefined : await orders.orderOfNumber(number);
  if (!order) throw new NotFound(MSG.reviewOrderNotFound, 'order_not_found');
  if (order.studentId !== caller.userId) throw new Forbidden(MSG.reviewNotYourOrder, 'not_your_order');
  if (order.offerId !== offerId) throw new NotFound(MSG.reviewOrderNotFound, 'order_not_found');
  // Any status: an offer archived since the order still takes its review.
  const offer = await offers.getOffer(offerId);
  if (!offer) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  if (order.status !== 'closed') throw new Conflict(MSG.reviewOrderNotClosed, 'order_not_closed');
  const review: ReviewRecord = {
    reviewId: newId(),
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    offerId,
    expertId: offer.expertId,
    studentId: caller.userId,
    rating: input.rating,
    ...(input.comment && { comment: input.comment }),
    authorFirstName: account.firstName,
    authorInitial: initialOf(account.lastName),
    ...(isFreeOrder(order) && { free: true }),
    createdAt: nowIso(),
  };
  // Twice at most: the student's voice may have moved meanwhile, by their review of another order.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await reviews.createReview(review)) return { msg: MSG.reviewSaved };
    const stored = await reviews.getReview(offerId, order.orderId);
    // The same review sent again is answered as the first time; another one is refused.
    if (stored && isSentAgain(stored, review)) return { msg: MSG.reviewSaved };
    if (stored) throw new Conflict(MSG.reviewAlreadyGiven, 'already_reviewed');
  }
  // The offer's expert is not the order's: nothing to review here.
  throw new NotFound(MSG.reviewOrderNotFound, 'order_not_found');
}

/** GET /offers/professor/{id}/reviews: a listed expert's latest reviews, newest first; `account`: the expert's account, when already asked for. */
export async function reviewsOfExpert(
  expertId: string,
  caller: Caller | undefined,
  account: Promise<AccountRecord | undefined> = accounts.getAccount(expertId),
): Promise<Review[]> {
  const [expert, latest] = await Promise.all([account, reviews.latestReviewsOfExpert(expertId, CATALOGUE.reviewsShown)]);
  if (!isListedExpert(expert)) throw new NotFound(MSG.expertNotFound, 'expert_not_found');
  return latest.map((review) => toReviewDto(review, caller));
}

/** An offer's latest reviews, newest first (GET /offers/{id}). */
export async function reviewsOfOffer(offerId: string, caller: Caller | undefined): Promise<Review[]> {
  return (await reviews.latestReviewsOfOffer(offerId, CATALOGUE.reviewsShown)).map((review) => toReviewDto(review, caller));
}

/** A deleted member's reviews stay, under the name given ("Former member"): the ratings they gave still count. */
export async function renameAuthor(
  written: readonly Pick<ReviewRecord, 'offerId' | 'orderId'>[],
  names: { firstName: string; lastName: string },
): Promise<void> {
  await Promise.all(written.map((review) => reviews.renameAuthor(review, names.firstName, names.lastName)));
}
