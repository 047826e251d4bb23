import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createOfferSchema, LESSON_TYPES, PRICING_TYPES } from '../../shared/schemas/offers';
import { educationEntrySchema, expertInfoSchema, updateUserSchema, workExperienceEntrySchema } from '../../shared/schemas/users';
import { DEMO_EXPERTS, DEMO_OFFERS, DEMO_PORTRAITS } from './demo-accounts';
import { CATALOGUE_EXPERTS } from './demo-catalogue';
import { PHOTO_SIZE, PNG_SIGNATURE, portraitPng } from './demo-photos';

const everyExpert = [
  ...DEMO_EXPERTS.map((profile) => ({ profile, portrait: DEMO_PORTRAITS[profile.email], offers: DEMO_OFFERS[profile.email] ?? [], pendingOffers: [] })),
  ...CATALOGUE_EXPERTS,
];
const published = everyExpert.flatMap((expert) => expert.offers);

describe('the demo catalogue', () => {
  it('has at least 40 experts across the four areas, each with a unique address and a portrait', () => {
    expect(everyExpert.length).toBeGreaterThanOrEqual(40);
    expect(new Set(everyExpert.map((expert) => expert.profile.email.toLowerCase())).size).toBe(everyExpert.length);
    for (const area of ['Finance', 'Law', 'Marketing', 'Consulting'])
      expect(everyExpert.filter((expert) => expert.profile.domainActivity === area).length, area).toBeGreaterThanOrEqual(10);
    for (const { profile, portrait } of everyExpert) expect(portrait, profile.email).toBeDefined();
  });

  it('has 120 published offers of every lesson and pricing type in every area, and a few in moderation', () => {
    expect(published).toHaveLength(120);
    for (const area of ['Finance', 'Law', 'Marketing', 'Consulting']) {
      const offers = everyExpert.filter((expert) => expert.profile.domainActivity === area).flatMap((expert) => expert.offers);
      for (const lessonType of LESSON_TYPES) {
        for (const pricingType of PRICING_TYPES)
          expect(
            offers.some((offer) => offer.lessonType === lessonType && offer.pricingType === pricingType),
            `${area} ${lessonType} ${pricingType}`,
          ).toBe(true);
      }
    }
    for (const { profile, offers } of everyExpert) expect(offers.length, profile.email).toBeGreaterThan(0);
    const pending = everyExpert.flatMap((expert) => expert.pendingOffers ?? []);
    expect(pending.length).toBeGreaterThanOrEqual(4);
    expect(pending.length).toBeLessThanOrEqual(6);
  });

  it('passes the rules of the offer form', () => {
    for (const offer of [...published, ...everyExpert.flatMap((expert) => expert.pendingOffers ?? [])]) {
      expect(createOfferSchema.safeParse(offer).error?.issues, offer.title).toBeUndefined();
      expect(offer.price, offer.title).toBeGreaterThan(0);
    }
  });

  it('gives every expert a profile the settings forms would accept', () => {
    for (const { profile } of everyExpert) {
      const { bio, languages, city, country, domainActivity, workExperience, education } = profile as Record<string, unknown>;
      expect(updateUserSchema.safeParse({ bio, languages, city, country, domainActivity }).error?.issues, profile.email).toBeUndefined();
      expect(languages as string[], profile.email).toSatisfy(
        (codes: string[]) => codes.length > 0 && codes.length <= 3 && codes.every((code) => /^[a-z]{2}$/.test(code)),
      );
      expect(expertInfoSchema.safeParse({ workExperience }).success, profile.email).toBe(true);
      expect(expertInfoSchema.safeParse({ education }).success, profile.email).toBe(true);
      for (const entry of workExperience as unknown[]) expect(workExperienceEntrySchema.safeParse(entry).error?.issues, profile.email).toBeUndefined();
      for (const entry of education as unknown[]) expect(educationEntrySchema.safeParse(entry).error?.issues, profile.email).toBeUndefined();
      // Ratings and review counts are never given: they come from the demo reviews (demo-reviews.test.ts).
      expect(profile.rating, profile.email).toBeUndefined();
      expect(profile.reviews, profile.email).toBeUndefined();
      expect(Number.isInteger(profile.expYears), profile.email).toBe(true);
      expect((profile.expertises as string[]).length, profile.email).toBeGreaterThan(0);
    }
  });

  it('places experts in cities of six continents', () => {
    // The countries of the catalogue, by continent: a country outside this list fails the test until added.
    const continents: Record<string, string[]> = {
      Europe: ['France', 'United Kingdom', 'Germany', 'Belgium', 'Sweden', 'Ireland', 'Hungary', 'Italy', 'Spain', 'Netherlands'],
      'North America': ['United States', 'Canada', 'Mexico'],
      'South America': ['Brazil', 'Argentina', 'Colombia', 'Chile', 'Peru'],
      Africa: ['Nigeria', 'Ghana', 'Senegal', 'South Africa', 'Morocco', 'Kenya'],
      Asia: ['India', 'Japan', 'Singapore', 'South Korea', 'United Arab Emirates', 'Hong Kong'],
      Oceania: ['Australia', 'New Zealand'],
    };
    const continentOf = (country: string) => Object.keys(continents).find((continent) => continents[continent].includes(country));
    for (const { profile } of everyExpert) expect(continentOf(profile.country as string), `${profile.email}: ${profile.country}`).toBeDefined();
    expect(new Set(everyExpert.map(({ profile }) => continentOf(profile.country as string))).size).toBe(6);
  });
});

describe('the demo profile photos', () => {
  it('are small PNG images of the right size, the same for the same person and different between people', () => {
    const photos = everyExpert.map(({ profile, portrait }) => portraitPng(portrait, profile.email));
    for (const photo of photos) {
      expect(photo.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(photo.subarray(12, 16).toString('ascii')).toBe('IHDR');
      expect([photo.readUInt32BE(16), photo.readUInt32BE(20)]).toEqual([PHOTO_SIZE, PHOTO_SIZE]);
      expect(photo.length).toBeLessThan(20_000);
      // One IDAT chunk right after IHDR, holding every row of RGB pixels behind its filter byte.
      const idatLength = photo.readUInt32BE(33);
      expect(photo.subarray(37, 41).toString('ascii')).toBe('IDAT');
      expect(inflateSync(photo.subarray(41, 41 + idatLength)).length).toBe((PHOTO_SIZE * 3 + 1) * PHOTO_SIZE);
    }
    expect(portraitPng(everyExpert[0].portrait, everyExpert[0].profile.email).equals(photos[0])).toBe(true);
    expect(new Set(photos.map((photo) => photo.toString('base64'))).size).toBe(photos.length);
  });
});
