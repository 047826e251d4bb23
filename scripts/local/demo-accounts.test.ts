import { describe, expect, it } from 'vitest';
import { createOfferSchema } from '../../shared/schemas/offers';
import { registerExpertSchema } from '../../shared/schemas/auth';
import { DEFAULT_SEED, DEMO_EXPERTS, DEMO_OFFERS } from './demo-accounts';
import { CATALOGUE_EXPERTS } from './demo-catalogue';
import { demoZoneOf } from './demo-zones';

describe('demo data', () => {
  it('gives every demo expert offers that pass the offer form rules', () => {
    for (const expert of DEMO_EXPERTS) {
      const offers = DEMO_OFFERS[expert.email] ?? [];
      expect(offers.length, expert.email).toBeGreaterThan(0);
      for (const offer of offers) expect(createOfferSchema.safeParse(offer).error?.issues, offer.title).toBeUndefined();
    }
  });

  it('covers the four areas of the product', () => {
    expect(new Set(DEMO_EXPERTS.map((e) => e.domainActivity))).toEqual(new Set(['Finance', 'Law', 'Marketing', 'Consulting']));
  });

  it('uses valid accounts and passwords', () => {
    for (const expert of DEMO_EXPERTS) {
      expect(registerExpertSchema.safeParse({ ...expert, password: DEFAULT_SEED.demoPassword }).success, expert.email).toBe(true);
    }
  });

  it('keeps every demo expert’s hours in a real zone of their own city', () => {
    const experts = [...DEMO_EXPERTS, ...CATALOGUE_EXPERTS.map((expert) => expert.profile)];
    const zones = experts.map((expert) => [expert.city, demoZoneOf(expert)]);
    for (const [city, zone] of zones) expect(() => new Intl.DateTimeFormat('en-GB', { timeZone: zone }), `${city}: ${zone}`).not.toThrow();
    expect(Object.fromEntries(zones.filter(([city]) => ['Paris', 'London', 'Tokyo', 'San Francisco', 'Mumbai'].includes(city ?? '')))).toEqual({
      Paris: 'Europe/Paris',
      London: 'Europe/London',
      Tokyo: 'Asia/Tokyo',
      'San Francisco': 'America/Los_Angeles',
      Mumbai: 'Asia/Kolkata',
    });
    expect(() => demoZoneOf({ email: 'new@demo.test', city: 'Atlantis' })).toThrow(/DEMO_CITY_ZONES/);
  });
});
