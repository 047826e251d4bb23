import { describe, expect, it } from 'vitest';
import { MSG } from '../texts';
import { createOfferSchema, updateOfferSchema } from './offers';

const OFFER = { title: 'Valuation workshop', description: 'Discounted cash flows, step by step.', lessonType: 'Video Call' } as const;
const priceMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).filter((issue) => issue.path[0] === 'price').map((issue) => issue.message);

describe.each([
  ['creating', createOfferSchema],
  ['editing', updateOfferSchema],
])('an offer’s price when %s', (_, schema) => {
  it('refuses 0.01 to 0.49, a negative price, more than 999,999 and fractions of a cent, with one message', () => {
    for (const price of [0.01, 0.49, -0.01, -1, 999_999.01, 1_000_000, 10.005, 0.495, 0.001, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(priceMessages(schema.safeParse({ ...OFFER, price })), String(price)).toEqual([MSG.offerPriceRange]);
    }
  });

  it('accepts 0 (a free offer) and 0.50 to 999,999 euros in whole cents', () => {
    for (const price of [0, 0.5, 0.51, 90, 0.1 + 0.2 + 0.2, 0.7 - 0.2, 999_998.99, 999_999])
      expect(schema.safeParse({ ...OFFER, price }).success, String(price)).toBe(true);
  });
});
