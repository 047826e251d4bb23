/**
 * GET /admin/statistics: the five figures from the counters kept on write, and their history from
 * the daily snapshots: one GetItem and one Query, whatever the size of the marketplace.
 */
import { ADMIN_STATISTICS } from '../../../shared/limits';
import { eurosFromCents } from '../../../shared/money';
import type { AdminStatistics, AdminTotals } from '../../../shared/schemas/admin-views';
import { now } from '../../platform/clock';
import * as repo from './repository';
import { type Counters, daysBefore, weeklyTotals, weekOf } from './statistics';

const totalsView = (counters: Counters): AdminTotals => ({
  totalUsers: counters.users,
  totalProfessors: counters.experts,
  totalOffers: counters.offers,
  actualOffers: counters.publishedOffers,
  totalOfferSum: eurosFromCents(counters.publishedOfferCents),
});

export async function adminStatistics(): Promise<AdminStatistics> {
  const from = weekOf(daysBefore(now(), ADMIN_STATISTICS.historyDays));
  const [counters, days] = await Promise.all([repo.counters(), repo.snapshotsSince(from)]);
  return {
    ...totalsView(counters),
    history: {
      days: days.map((day) => ({ date: day.day, ...totalsView(day), orders: day.orders, revenue: eurosFromCents(day.revenueCents) })),
      weeks: weeklyTotals(days).map((week) => ({ week: week.week, orders: week.orders, revenue: eurosFromCents(week.revenueCents) })),
    },
  };
}
