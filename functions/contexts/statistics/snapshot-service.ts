/**
 * The daily snapshot of the admin's statistics, taken by the orders' scheduled job (it runs every
 * few minutes; the snapshot of a day is written once, at the first run after the day ended). It
 * reads the payments' ledger, so only the orders Lambda loads it.
 */
import { now } from '../../platform/clock';
import { logger } from '../../platform/logger';
import * as orders from '../orders/service';
import * as payments from '../payments/service';
import * as repo from './repository';
import { type DaySnapshot, dayBefore, dayOf } from './statistics';

/** Snapshots the day that ended last, unless done already: one GetItem on every other run. */
export async function snapshotIfDue(): Promise<DaySnapshot | undefined> {
  const today = dayOf(now());
  const day = dayBefore(today);
  if (await repo.hasSnapshot(day)) return undefined;
  const [counters, orderCount, revenueCents] = await Promise.all([
    repo.counters(),
    orders.paidOrdersCountBetween(day, today),
    payments.platformFeesBetween(day, today),
  ]);
  const snapshot: DaySnapshot = { ...counters, day, orders: orderCount, revenueCents };
  if (!(await repo.putSnapshot(snapshot))) return undefined;
  logger.info('Statistics snapshot', { ...snapshot });
  return snapshot;
}
