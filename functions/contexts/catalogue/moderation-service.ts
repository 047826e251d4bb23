/**
 * What moderation (the reports context) asks of the catalogue: a reported review or offer as the
 * public sees it, and hiding it once an admin upholds a report. No AWS calls here.
 */
import { CATALOGUE } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import { NotFound } from '../../platform/errors';
import type { TransactWrite } from '../../platform/table';
import * as accounts from '../accounts/service';
import { isListedExpert } from './expert';
import * as offers from './offer-repository';
import { discardHeldPhoto } from './offer-photo-service';
import * as reviews from './review-repository';

export interface ReportedItem {
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  content: string;
  /** A review's order: the key it is hidden by (never shown). */
  orderId?: string;
}

/**
 * A review among the offer's latest, those anyone can read: a review can be reported only where it
 * is shown, and an expert's latest reviews are among their offers' latest.
 */
export async function reportedReview(offerId: string, reviewId: string): Promise<ReportedItem> {
  const review = (await reviews.latestReviewsOfOffer(offerId, CATALOGUE.reviewsShown)).find((shown) => shown.reviewId === reviewId);
  if (!review) throw new NotFound(MSG.reviewNotFound, 'review_not_found');
  return {
    authorId: review.studentId,
    authorFirstName: review.authorFirstName,
    authorLastName: review.authorInitial,
    content: `${review.rating}/5${review.comment ? ` ${review.comment}` : ''}`,
    orderId: review.orderId,
  };
}

/** A published offer of a listed expert. */
export async function reportedOffer(offerId: string): Promise<ReportedItem> {
  const offer = await offers.getOffer(offerId);
  const expert = offer?.status === 'approved' ? await accounts.getAccount(offer.expertId) : undefined;
  if (!offer || !isListedExpert(expert)) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  return { authorId: offer.expertId, authorFirstName: expert.firstName, authorLastName: expert.lastName, content: offer.title };
}

/** Hides a review with `alongside`; false when it is gone or hidden already, or a write alongside is refused. */
export async function hideReview(offerId: string, orderId: string, alongside: TransactWrite[]): Promise<boolean> {
  const review = await reviews.getReview(offerId, orderId);
  return review !== undefined && reviews.hideReview(review, alongside);
}

/** Takes an offer out of the catalogue (rejected: it leaves search) with `alongside`; false when it is no longer live. */
export async function unpublishOffer(offerId: string, alongside: TransactWrite[]): Promise<boolean> {
  const offer = await offers.getOffer(offerId);
  if (!offer || (offer.status !== 'approved' && offer.status !== 'pending')) return false;
  if (!(await offers.retireOffer(offer, 'rejected', { writes: alongside }))) return false;
  await discardHeldPhoto(offer);
  return true;
}
