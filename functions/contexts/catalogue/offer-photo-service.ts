/** The upload form for an offer's photo. The photo itself is checked when the offer is updated with its key. */
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import type { PhotoUploadForm } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import { Forbidden, NotFound } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { createUploadForm, discardHeldUpload } from '../../platform/uploads';
import type { OfferRecord } from './offer';
import { getOffer } from './offer-repository';

/** Offers whose photo may change: not archived, not rejected. */
const EDITABLE_STATUSES: readonly string[] = ['pending', 'approved'];

/** Only the offer's expert gets a form, and only into that offer's uploads (offers/<offerId>). */
export async function photoUploadForm(offerId: string, caller: Caller, { contentType }: { contentType: string; size: number }): Promise<PhotoUploadForm> {
  const offer = await getOffer(offerId);
  if (!offer || !EDITABLE_STATUSES.includes(offer.status)) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  if (offer.expertId !== caller.userId) throw new Forbidden(MSG.notYourOffer, 'not_your_offer');
  // The declared size was checked by the body schema; the form lets S3 hold the real file to the limit.
  return createUploadForm({ keyPrefix: `offers/${offerId}`, contentType, maxBytes: LIMITS.photoMaxBytes });
}

/** The held photo an offer no longer needs (published, replaced, or the offer retired); a failure only leaves a private object behind. */
export async function discardHeldPhoto(offer: OfferRecord): Promise<void> {
  if (!offer.pendingPhoto) return;
  try {
    await discardHeldUpload(offer.pendingPhoto);
  } catch (error) {
    logger.warn('Held photo not discarded', { offerId: offer.offerId, key: offer.pendingPhoto, error });
  }
}
