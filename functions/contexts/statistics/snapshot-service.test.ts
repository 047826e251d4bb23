/**
 * The counters and the daily snapshot against DynamoDB Local: writes at once all land (the counters
 * are sharded, so transactions on them rarely conflict and are retried when they do), and the
 * snapshot of the day that ended is taken once, with that day's paid orders and fees only.
 */
import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { withLocalTable } from '../../../tests/support/local-table';
import type { OrderRecord } from '../orders/order';
import type { LedgerEntry } from '../payments/ledger';

const loaded = withLocalTable('statistics-unit', async () => ({
  writes: await import('./counter-writes'),
  repo: await import('./repository'),
  snapshots: await import('./snapshot-service'),
  orders: await import('../orders/repository'),
  ledger: await import('../payments/ledger-repository'),
  table: await import('../../platform/table'),
}));

const DAY_MS = 86_400_000;
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const paidOrder = (orderId: string, paidAt: string): OrderRecord => ({
  orderId,
  orderNumber: 1,
  offerId: 'o1',
  offerTitle: 'CV review',
  studentId: 's1',
  expertId: 'e1',
  kind: 'fixed',
  priceCents: cents(6000),
  status: 'in_progress',
  bookingRevision: 0,
  version: 0,
  createdAt: paidAt,
  payment: { amountCents: cents(6000), sessionId: `cs_${orderId}`, paymentIntentId: `pi_${orderId}`, paidAt },
});

const feeEntry = (orderId: string, at: string, feeCents: number): LedgerEntry => ({
  entryId: `credit:${orderId}`,
  kind: 'credit',
  orderId,
  at,
  lines: [
    { account: 'provider_balance', amountCents: cents(feeCents) },
    { account: 'platform_fees', amountCents: cents(-feeCents) },
  ],
});

describe('the counters', () => {
  it('take every one of many writes at once', async () => {
    const { writes, repo, table } = loaded();
    await Promise.all(
      Array.from({ length: 24 }, (_, at) => table.transact({ TransactItems: writes.accountCountWrite(at % 3 === 0 ? 'professor' : 'user', 1) })),
    );
    expect(await repo.counters()).toMatchObject({ users: 24, experts: 8 });
  });
});

describe('the daily snapshot', () => {
  it('is taken once for the day that ended, with its paid orders and fees', async () => {
    const { snapshots, repo, orders, ledger, table } = loaded();
    const now = Date.now();
    const yesterday = dayAt(now - DAY_MS);
    const [inDay, lateInDay, dayBefore, today] = [
      `${yesterday}T00:00:00.000Z`,
      `${yesterday}T23:59:59.999Z`,
      new Date(Date.parse(`${yesterday}T00:00:00Z`) - 1).toISOString(),
      new Date(now).toISOString(),
    ];
    await table.transact({
      TransactItems: [
        ...orders.orderPuts(paidOrder('a', inDay)),
        ...ledger.entryWrites([feeEntry('a', inDay, 600), feeEntry('b', lateInDay, 150), feeEntry('c', dayBefore, 999), feeEntry('d', today, 777)]),
      ],
    });
    await table.transact({
      TransactItems: [
        ...orders.orderPuts({ ...paidOrder('b', lateInDay), orderNumber: 2 }),
        ...orders.orderPuts({ ...paidOrder('c', dayBefore), orderNumber: 3 }),
      ],
    });
    await table.transact({ TransactItems: orders.orderPuts({ ...paidOrder('d', today), orderNumber: 4 }) });

    const counters = await repo.counters();
    const taken = await snapshots.snapshotIfDue();
    expect(taken).toEqual({ ...counters, day: yesterday, orders: 2, revenueCents: 750 });
    expect(await snapshots.snapshotIfDue()).toBeUndefined();
    expect(await repo.snapshotsSince(yesterday)).toEqual([taken]);
  });
});
