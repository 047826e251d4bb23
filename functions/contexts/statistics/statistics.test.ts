import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import {
  accountDelta,
  type CountedOffer,
  type DaySnapshot,
  dayBefore,
  NO_COUNTERS,
  offerDelta,
  sumOfDeltas,
  sumOfShards,
  weekOf,
  weeklyTotals,
} from './statistics';

const offer = (status: CountedOffer['status'], euros: number): CountedOffer => ({ status, priceCents: cents(euros * 100) });

describe('the accounts counted', () => {
  it('counts students and experts among the users, experts among the experts, and never an admin', () => {
    expect(accountDelta('user', 1)).toEqual({ users: 1 });
    expect(accountDelta('professor', 1)).toEqual({ users: 1, experts: 1 });
    expect(accountDelta('professor', -1)).toEqual({ users: -1, experts: -1 });
    expect(accountDelta('admin', 1)).toEqual({});
  });

  it('moves an account that becomes an expert among the experts only, and one made an admin out of both', () => {
    expect(sumOfDeltas(accountDelta('user', -1), accountDelta('professor', 1))).toEqual({ users: 0, experts: 1 });
    expect(sumOfDeltas(accountDelta('professor', -1), accountDelta('admin', 1))).toEqual({ users: -1, experts: -1 });
  });
});

describe('the offers counted', () => {
  it('counts a new offer as live, and as published with its price once approved', () => {
    expect(offerDelta(undefined, offer('pending', 80))).toEqual({ offers: 1 });
    expect(offerDelta(offer('pending', 80), offer('approved', 80))).toEqual({ publishedOffers: 1, publishedOfferCents: 8000 });
  });

  it('moves the published sum by a published offer’s change of price, and takes it out when it goes back to moderation', () => {
    expect(offerDelta(offer('approved', 80), offer('approved', 95.5))).toEqual({ publishedOfferCents: 1550 });
    expect(offerDelta(offer('approved', 95.5), offer('pending', 70))).toEqual({ publishedOffers: -1, publishedOfferCents: -9550 });
    expect(offerDelta(offer('pending', 70), offer('pending', 75))).toEqual({});
  });

  it('stops counting a rejected or archived offer, whatever it was', () => {
    expect(offerDelta(offer('approved', 45), offer('archived', 45))).toEqual({ offers: -1, publishedOffers: -1, publishedOfferCents: -4500 });
    expect(offerDelta(offer('pending', 45), offer('rejected', 45))).toEqual({ offers: -1 });
  });

  it('adds up to the live and published offers of any sequence of writes', () => {
    const path: CountedOffer[] = [offer('pending', 10), offer('approved', 10), offer('approved', 12), offer('pending', 9), offer('approved', 9)];
    const moved = path.reduce(
      (sum, to, at) => {
        const delta = offerDelta(at === 0 ? undefined : path[at - 1], to);
        return {
          offers: sum.offers + (delta.offers ?? 0),
          publishedOffers: sum.publishedOffers + (delta.publishedOffers ?? 0),
          publishedOfferCents: sum.publishedOfferCents + (delta.publishedOfferCents ?? 0),
        };
      },
      { offers: 0, publishedOffers: 0, publishedOfferCents: 0 },
    );
    expect(moved).toEqual({ offers: 1, publishedOffers: 1, publishedOfferCents: 900 });
  });
});

describe('the counters’ shards', () => {
  it('add up, counters never written being zero', () => {
    expect(sumOfShards([])).toEqual(NO_COUNTERS);
    expect(
      sumOfShards([
        { ...NO_COUNTERS, users: 3, publishedOfferCents: cents(500) },
        { ...NO_COUNTERS, users: -1, experts: 2, offers: 4, publishedOffers: 1, publishedOfferCents: cents(250) },
      ]),
    ).toEqual({ users: 2, experts: 2, offers: 4, publishedOffers: 1, publishedOfferCents: 750 });
  });
});

describe('days and weeks', () => {
  it('names a week by its Monday and steps back over month and year ends', () => {
    expect(weekOf('2026-11-25')).toBe('2026-11-23');
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });

  it('adds the days’ orders and fees up per week, oldest first', () => {
    const day = (date: string, orders: number, revenue: number): DaySnapshot => ({ ...NO_COUNTERS, day: date, orders, revenueCents: cents(revenue) });
    expect(weeklyTotals([day('2026-11-30', 1, 100), day('2026-11-22', 2, 250), day('2026-11-29', 3, 50), day('2026-11-23', 4, 600)])).toEqual([
      { week: '2026-11-16', orders: 2, revenueCents: 250 },
      { week: '2026-11-23', orders: 7, revenueCents: 650 },
      { week: '2026-11-30', orders: 1, revenueCents: 100 },
    ]);
  });
});
