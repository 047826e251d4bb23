import { describe, expect, it } from 'vitest';
import type { ExpertCard } from '../../../shared/schemas/catalogue';
import type { OfferCard } from './offer';
import { CARDS_FORMAT } from './search-service';

/** Every field of each card, so that a field added to a card type fails to compile here first. */
const EXPERT_CARD_FIELDS: Record<keyof ExpertCard, true> = {
  _id: true,
  firstName: true,
  lastName: true,
  profilePhoto: true,
  domainActivity: true,
  headline: true,
  position: true,
  company: true,
  city: true,
  country: true,
  rating: true,
  reviews: true,
  expYears: true,
  isVerified: true,
  isStripeConnected: true,
  payoutsEnabled: true,
  createdAt: true,
};
const OFFER_CARD_FIELDS: Record<keyof OfferCard, true> = {
  _id: true,
  title: true,
  description: true,
  price: true,
  lessonType: true,
  pricingType: true,
  durationMinutes: true,
  area: true,
  status: true,
  approved: true,
  photo: true,
  createdAt: true,
  updatedAt: true,
  averageRating: true,
  reviewsCount: true,
};

describe('the cards the search index keeps', () => {
  it('name their layout: cards of other fields are a new CARDS_FORMAT, so that no snapshot of older cards is served', () => {
    // Changing a card's fields? Bump CARDS_FORMAT with this list: warm indexes and snapshots of the older cards are then rebuilt.
    expect({ format: CARDS_FORMAT, expert: Object.keys(EXPERT_CARD_FIELDS), offer: Object.keys(OFFER_CARD_FIELDS) }).toEqual({
      format: 'cards-1',
      expert: [
        '_id',
        'firstName',
        'lastName',
        'profilePhoto',
        'domainActivity',
        'headline',
        'position',
        'company',
        'city',
        'country',
        'rating',
        'reviews',
        'expYears',
        'isVerified',
        'isStripeConnected',
        'payoutsEnabled',
        'createdAt',
      ],
      offer: [
        '_id',
        'title',
        'description',
        'price',
        'lessonType',
        'pricingType',
        'durationMinutes',
        'area',
        'status',
        'approved',
        'photo',
        'createdAt',
        'updatedAt',
        'averageRating',
        'reviewsCount',
      ],
    });
  });
});
