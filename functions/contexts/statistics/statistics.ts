/**
 * The admin's statistics: the marketplace's counters, kept on write, and a snapshot of them per day
 * with the day's orders and the platform's fees. Pure rules: which write moves which counter, and
 * how the days add up to weeks.
 */
import * as z from 'zod/mini';
import { type Cents, cents } from '../../../shared/money';

export interface Counters {
  /** Students and experts whose account is active (banned included, deleted not). */
  users: number;
  experts: number;
  /** Live offers: waiting in moderation or published (rejected and archived ones are deleted). */
  offers: number;
  publishedOffers: number;
  publishedOfferCents: Cents;
}

export type CounterDelta = Partial<Counters>;

/** The counters' shards: a few conflicts fewer per shard, and still one Query to read them all. */
export const COUNTER_SHARDS = 16;

export const NO_COUNTERS: Counters = { users: 0, experts: 0, offers: 0, publishedOffers: 0, publishedOfferCents: cents(0) };

/** An account that starts or stops counting: a student or an expert (admins are no users of the marketplace). */
export function accountDelta(role: string, sign: 1 | -1): CounterDelta {
  if (role === 'professor') return { users: sign, experts: sign };
  if (role === 'user') return { users: sign };
  return {};
}

/** Several moves as one (a transaction writes an item once, so it carries one counter write). */
export function sumOfDeltas(...deltas: CounterDelta[]): CounterDelta {
  const sum: Record<string, number> = {};
  for (const delta of deltas) for (const [name, change] of Object.entries(delta)) sum[name] = (sum[name] ?? 0) + (change ?? 0);
  return sum as CounterDelta;
}

/** An offer as the counters see it: whether it is live, published, and at what price. */
export interface CountedOffer {
  status: 'pending' | 'approved' | 'rejected' | 'archived';
  priceCents: Cents;
}

const weight = (offer: CountedOffer | undefined): Counters => {
  const live = offer !== undefined && (offer.status === 'pending' || offer.status === 'approved');
  const published = offer?.status === 'approved';
  return {
    users: 0,
    experts: 0,
    offers: live ? 1 : 0,
    publishedOffers: published ? 1 : 0,
    publishedOfferCents: cents(published ? offer.priceCents : 0),
  };
};

/** What an offer's write moves: the counters of the offer after it less those before (undefined: it did not exist). */
export function offerDelta(before: CountedOffer | undefined, after: CountedOffer): CounterDelta {
  const [from, to] = [weight(before), weight(after)];
  const delta: CounterDelta = {};
  for (const name of ['offers', 'publishedOffers', 'publishedOfferCents'] as const) {
    const change = to[name] - from[name];
    if (change !== 0) delta[name] = change as Cents;
  }
  return delta;
}

/** One day's snapshot: the counters at its end, the orders paid and the fees earned that day. */
export interface DaySnapshot extends Counters {
  /** YYYY-MM-DD (UTC). */
  day: string;
  orders: number;
  revenueCents: Cents;
}

const count = z.optional(z.number());
const countersItem = z.object({ users: count, experts: count, offers: count, publishedOffers: count, publishedOfferCents: count });

/** The counters as one item stores them; counters never written yet are zero. */
export function fromCountersItem(item: Record<string, unknown>): Counters {
  const parsed = countersItem.parse(item);
  return {
    users: parsed.users ?? 0,
    experts: parsed.experts ?? 0,
    offers: parsed.offers ?? 0,
    publishedOffers: parsed.publishedOffers ?? 0,
    publishedOfferCents: cents(parsed.publishedOfferCents ?? 0),
  };
}

/** The counters of their shards added up. */
export function sumOfShards(shards: readonly Counters[]): Counters {
  return shards.reduce(
    (sum, shard) => ({
      users: sum.users + shard.users,
      experts: sum.experts + shard.experts,
      offers: sum.offers + shard.offers,
      publishedOffers: sum.publishedOffers + shard.publishedOffers,
      publishedOfferCents: cents(sum.publishedOfferCents + shard.publishedOfferCents),
    }),
    NO_COUNTERS,
  );
}

const snapshotItem = z.object({ sk: z.string(), orders: z.number(), revenueCents: z.number() });

export function fromSnapshotItem(item: Record<string, unknown>): DaySnapshot {
  const parsed = snapshotItem.parse(item);
  return { ...fromCountersItem(item), day: parsed.sk, orders: parsed.orders, revenueCents: cents(parsed.revenueCents) };
}

export const toSnapshotItem = ({ day, ...snapshot }: DaySnapshot) => ({ ...snapshot });

const DAY_MS = 86_400_000;

/** The UTC day of an instant, YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The day before `day`. */
export const dayBefore = (day: string): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));

/** The day `days` before the day of `at`. */
export const daysBefore = (at: Date, days: number): string => dayOf(new Date(at.getTime() - days * DAY_MS));

/** The Monday of the ISO week a day falls in. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return dayOf(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
}

export interface WeekTotals {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  orders: number;
  revenueCents: Cents;
}

/** The days' orders and fees added up per ISO week, oldest first. */
export function weeklyTotals(days: readonly DaySnapshot[]): WeekTotals[] {
  const weeks = new Map<string, WeekTotals>();
  for (const snapshot of days) {
    const week = weekOf(snapshot.day);
    const totals = weeks.get(week) ?? { week, orders: 0, revenueCents: cents(0) };
    weeks.set(week, { week, orders: totals.orders + snapshot.orders, revenueCents: cents(totals.revenueCents + snapshot.revenueCents) });
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}
