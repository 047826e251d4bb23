import { describe, expect, it } from 'vitest';
import { createOfferSchema } from '../shared/schemas/offers';
import { educationEntrySchema, updateUserSchema, workExperienceEntrySchema } from '../shared/schemas/users';
import { generateCatalogue } from './generate-catalogue';

const size = { experts: 400, offers: 2000, seed: 3 };
const catalogue = generateCatalogue(size);

describe('the catalogue generator', () => {
  it('gives the same catalogue for the same seed and another for another seed', () => {
    expect(generateCatalogue(size)).toEqual(catalogue);
    expect(generateCatalogue({ ...size, seed: 4 }).offers[0].title).not.toBe(catalogue.offers[0].title);
  });

  it('makes active, bookable experts in the four areas with unique ids and addresses', () => {
    expect(catalogue.experts).toHaveLength(size.experts);
    expect(new Set(catalogue.experts.map((expert) => expert.userId)).size).toBe(size.experts);
    expect(new Set(catalogue.experts.map((expert) => expert.email)).size).toBe(size.experts);
    expect(new Set(catalogue.experts.map((expert) => expert.domainActivity))).toEqual(new Set(['Finance', 'Law', 'Marketing', 'Consulting']));
    for (const expert of catalogue.experts) {
      expect(expert).toMatchObject({ role: 'professor', status: 'active', payoutsEnabled: true, isStripeConnected: true });
      const { bio, languages, city, country, domainActivity, workExperience, education } = expert;
      expect(updateUserSchema.safeParse({ bio, languages, city, country, domainActivity }).error?.issues, expert.email).toBeUndefined();
      for (const entry of workExperience as unknown[]) expect(workExperienceEntrySchema.safeParse(entry).error?.issues, expert.email).toBeUndefined();
      for (const entry of education as unknown[]) expect(educationEntrySchema.safeParse(entry).error?.issues, expert.email).toBeUndefined();
      expect(Date.parse(expert.createdAt)).toBeLessThan(Date.now());
    }
  });

  it('makes published offers that pass the offer form, each of a generated expert and in their area', () => {
    const expertOf = new Map(catalogue.experts.map((expert) => [expert.userId, expert]));
    expect(catalogue.offers).toHaveLength(size.offers);
    expect(new Set(catalogue.offers.map((offer) => offer.offerId)).size).toBe(size.offers);
    for (const offer of catalogue.offers) {
      const expert = expertOf.get(offer.expertId);
      expect(expert?.domainActivity, offer.offerId).toBe(offer.area);
      expect(offer.status).toBe('approved');
      expect(Number.isInteger(offer.priceCents) && offer.priceCents > 0).toBe(true);
      expect(createOfferSchema.safeParse({ ...offer, price: offer.priceCents / 100 }).error?.issues, offer.title).toBeUndefined();
      expect(offer.createdAt >= expert!.createdAt, offer.offerId).toBe(true);
    }
    // Every expert has at least one offer when there are as many offers as experts.
    expect(new Set(catalogue.offers.map((offer) => offer.expertId)).size).toBe(size.experts);
    expect(new Set(catalogue.offers.map((offer) => `${offer.lessonType} ${offer.pricingType}`)).size).toBe(6);
  });

  it('writes texts in which searches find words of the area', () => {
    const finance = catalogue.offers.filter((offer) => offer.area === 'Finance').map((offer) => `${offer.title} ${offer.description}`.toLowerCase());
    for (const prefix of ['valu', 'financ', 'audit'])
      expect(
        finance.some((text) => text.includes(prefix)),
        prefix,
      ).toBe(true);
    const law = catalogue.offers.filter((offer) => offer.area === 'Law').map((offer) => offer.title.toLowerCase());
    expect(law.some((title) => title.includes('contract'))).toBe(true);
  });
});
