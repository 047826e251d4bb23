/**
 * The one-time recount of each expert's free completed orders, against DynamoDB Local: set from the
 * orders (closed free introductions and orders at €0), never above the completed orders counted, to
 * the same figures on every run; and an order that closes while it counts is counted, not lost.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import type { OrderKind, OrderStatus } from '../../../shared/order-transitions';
import { withLocalTable } from '../../../tests/support/local-table';
import type { OrderRecord } from './order';

const loaded = withLocalTable('free-orders-recount-unit', () =>
  Promise.all([
    import('./free-orders-recount'),
    import('./repository'),
    import('../earnings/service'),
    import('../../platform/table'),
    import('../../platform/keys'),
  ]),
);

let numbers = 0;
const order = (orderId: string, expertId: string, kind: OrderKind, priceCents: number, status: OrderStatus): OrderRecord => ({
  orderId,
  orderNumber: ++numbers,
  offerId: `offer-${orderId}`,
  offerTitle: 'Portfolio review',
  studentId: `student-${orderId}`,
  expertId,
  kind,
  priceCents: cents(priceCents),
  status,
  bookingRevision: 0,
  version: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
});

async function putOrders(...orders: OrderRecord[]) {
  const [, repo, , table] = loaded();
  for (const stored of orders) await table.transact({ TransactItems: repo.orderPuts(stored) });
}

/** An expert's totals as counted before free orders were counted apart: completed orders only. */
async function putTotals(expertId: string, counters: Record<string, number>) {
  const [, , , table, keys] = loaded();
  await table.db.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.earningsTotalsKey(expertId), ...counters } }));
}

async function totalsOf(expertId: string) {
  const [, , , table, keys] = loaded();
  return (await table.db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.earningsTotalsKey(expertId), ConsistentRead: true }))).Item;
}

/** The recount run again, as if it had never run: its marker removed. */
async function runAgain() {
  const [recount, , , table, keys] = loaded();
  await table.db.send(new DeleteCommand({ TableName: process.env.TABLE_NAME, Key: keys.migrationKey('free-orders-recounted') }));
  return recount.recountFreeOrders();
}

describe('the recount of free orders', () => {
  it('sets each expert’s closed free orders, at most their completed orders, once, and to the same figures on every run', async () => {
    const [recount] = loaded();
    await putOrders(
      order('a1', 'ada', 'intro', 0, 'closed'),
      order('a2', 'ada', 'fixed', 0, 'closed'),
      order('a3', 'ada', 'fixed', 6000, 'closed'),
      order('a4', 'ada', 'hourly', 0, 'closed'),
      // Not completed: neither counts.
      order('a5', 'ada', 'intro', 0, 'in_progress'),
      order('a6', 'ada', 'fixed', 0, 'canceled'),
      // One closed before the counters existed, so counted in neither.
      order('b1', 'bo', 'intro', 0, 'closed'),
      order('b2', 'bo', 'intro', 0, 'closed'),
      // No counters at all: nothing to count into.
      order('c1', 'cy', 'intro', 0, 'closed'),
    );
    await putTotals('ada', { completedOrders: 4, earnedCents: 5400 });
    await putTotals('bo', { completedOrders: 1 });

    expect(await recount.recountFreeOrders()).toBe(2);
    expect(await totalsOf('ada')).toMatchObject({ completedOrders: 4, freeOrders: 3, earnedCents: 5400 });
    expect(await totalsOf('bo')).toMatchObject({ completedOrders: 1, freeOrders: 1 });
    expect(await totalsOf('cy')).toBeUndefined();
    // Once.
    expect(await recount.recountFreeOrders()).toBeUndefined();
    // Run again all the same: set, not added.
    expect(await runAgain()).toBe(0);
    expect(await totalsOf('ada')).toMatchObject({ completedOrders: 4, freeOrders: 3 });
    expect(await totalsOf('bo')).toMatchObject({ completedOrders: 1, freeOrders: 1 });
  });

  it('counts an order that closes while it reads the orders, as its close counted it', async () => {
    const [, repo, earnings, table] = loaded();
    const open = order('d2', 'dee', 'intro', 0, 'in_progress');
    await putOrders(order('d1', 'dee', 'intro', 0, 'closed'), open);
    await putTotals('dee', { completedOrders: 1 });
    // The close lands after the recount read the counters, before it reads the orders.
    let closed = false;
    table.db.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { FilterExpression?: string };
        if (!closed && input.FilterExpression?.includes(':order')) {
          closed = true;
          await repo.commitMove([repo.orderMove(open, 'closed', {}, '2026-03-02T10:00:00.000Z'), earnings.completedOrderWrite('dee', cents(0), true)]);
        }
        return next(args);
      },
      { step: 'initialize', name: 'closeDuringRecount' },
    );
    try {
      await runAgain();
    } finally {
      table.db.middlewareStack.remove('closeDuringRecount');
    }
    expect(closed).toBe(true);
    expect(await totalsOf('dee')).toMatchObject({ completedOrders: 2, freeOrders: 2 });
  });
});
