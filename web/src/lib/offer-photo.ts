import type { OfferDto } from '@shared/schemas/catalogue';

/**
 * Where an offer's photo shows: for its expert and admins, the signed address of a photo waiting for
 * moderation (it has no public address yet); else the published photo below /uploads/.
 */
export const offerPhotoSrc = (offer: Pick<OfferDto, 'photo' | 'pendingPhotoUrl'>): string | undefined =>
  offer.pendingPhotoUrl ?? (offer.photo ? `/uploads/${offer.photo}` : undefined);
