/**
 * The offer entity: its record, its item in the table (the only place that knows the item's shape)
 * and what the API shows of it. Prices are integer cents (EUR) in the table and euros in the API.
 */
import type { LESSON_TYPES, PRICING_TYPES } from '../../../shared/schemas/offers';
import { expertOffersIndex, offerKey } from '../../lib/keys';

/** created -> pending (moderation) -> approved (public); archived when its expert deletes it. */
export type OfferStatus = 'pending' | 'approved' | 'archived';

export interface OfferRecord {
  offerId: string;
  professorId: string;
  title: string;
  description: string;
  priceCents: number;
  lessonType: (typeof LESSON_TYPES)[number];
  pricingType: (typeof PRICING_TYPES)[number];
  /** The expert's area (finance, law, marketing, consulting) when the offer was made. */
  area?: string;
  status: OfferStatus;
  createdAt: string;
  archivedAt?: string;
}

export function toOfferItem(offer: OfferRecord): Record<string, unknown> {
  return { ...offerKey(offer.offerId), ...expertOffersIndex(offer.professorId, offer.createdAt, offer.offerId), ...offer };
}

export function fromOfferItem(item: Record<string, unknown>): OfferRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...offer } = item;
  return offer as unknown as OfferRecord;
}

/** The expert as an offer shows them (spec: professor, an object with _id and profilePhoto). */
export interface OfferExpert {
  _id: string;
  firstName: string;
  lastName: string;
  profilePhoto?: string;
}

export function toOfferDto(offer: OfferRecord, professor: OfferExpert | undefined) {
  return {
    _id: offer.offerId,
    title: offer.title,
    description: offer.description,
    price: offer.priceCents / 100,
    lessonType: offer.lessonType,
    pricingType: offer.pricingType,
    area: offer.area,
    status: offer.status,
    createdAt: offer.createdAt,
    professor: professor ?? { _id: offer.professorId },
  };
}
