/**
 * The demo's statistics history: a snapshot for each of the 90 days before today, so the admin's
 * charts show a history on a first start. The figures grow towards the counters the seed has just
 * written (as a young marketplace's do), and each day has a few orders, more on weekdays, and the
 * platform's fee on them.
 */
import { ADMIN_STATISTICS, ORDER_RULES } from '../../shared/limits';
import { cents } from '../../shared/money';
import { addToCounters, counters, seedSnapshot } from '../../functions/contexts/statistics/repository';
import { type CountedOffer, type Counters, daysBefore, offerDelta } from '../../functions/contexts/statistics/statistics';
import { spread } from './demo-reviews';

/** What the marketplace held 90 days ago, as a share of what it holds now. */
const START_SHARE = 0.6;
/** The average order's price in the demo, in cents. */
const AVERAGE_ORDER_CENTS = 9_000;

/** Counts offers the seed writes as they are (outside the product's transactions). */
export async function countSeededOffers(offers: readonly CountedOffer[]): Promise<void> {
  for (const offer of offers) await addToCounters(offerDelta(undefined, offer));
}

/** The figures of a day `back` days ago: the share of today's they had then, never above today's. */
export function demoDay(now: Counters, day: string, back: number) {
  const share = START_SHARE + (1 - START_SHARE) * (1 - back / ADMIN_STATISTICS.historyDays);
  const scaled = (value: number) => Math.min(value, Math.round(value * share));
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() % 6 !== 0;
  const orders = (weekday ? 3 : 1) + spread(day, 4);
  return {
    day,
    users: scaled(now.users),
    experts: scaled(now.experts),
    offers: scaled(now.offers),
    publishedOffers: scaled(now.publishedOffers),
    publishedOfferCents: cents(scaled(now.publishedOfferCents)),
    orders,
    revenueCents: cents(Math.round((orders * AVERAGE_ORDER_CENTS * ORDER_RULES.platformFeePercent) / 100)),
  };
}

/** The 90 snapshots before today, from the counters as they are now. */
export async function seedStatisticsHistory(nowMs: number): Promise<void> {
  const current = await counters();
  const at = new Date(nowMs);
  await Promise.all(
    Array.from({ length: ADMIN_STATISTICS.historyDays }, (_, index) => {
      const back = index + 1;
      return seedSnapshot(demoDay(current, daysBefore(at, back), back));
    }),
  );
}
