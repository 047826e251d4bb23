/**
 * The orders repository against DynamoDB Local: a move is a conditional write on the status it
 * starts from, so of two moves at once exactly one lands; order numbers are handed out once each.
 */
import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { withLocalTable } from '../../../tests/support/local-table';
import type { OrderRecord } from './order';

const loaded = withLocalTable('orders-unit', () => Promise.all([import('./repository'), import('../../platform/table')]));

const newOrder = (orderId: string): OrderRecord => ({
  orderId,
  orderNumber: 1,
  offerId: 'o1',
  offerTitle: 'CV review',
  studentId: 's1',
  expertId: 'e1',
  kind: 'fixed',
  priceCents: cents(6000),
  status: 'open',
  bookingRevision: 0,
  version: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe('orders in the table', () => {
  const repo = () => loaded()[0];
  const table = () => loaded()[1];

  it('moves an order only from the status it was read in: of two moves at once, one lands', async () => {
    await table().transact({ TransactItems: repo().orderPuts(newOrder('race')) });
    const read = newOrder('race');
    const at = '2026-11-02T10:00:00.000Z';
    const payment = { amountCents: cents(6000), sessionId: 'cs_1', paymentIntentId: 'pi_1', paidAt: at };
    const [paid, cancelled] = await Promise.all([
      repo().commitMove([repo().orderMove(read, 'in_progress', { payment }, at)]),
      repo().commitMove([repo().orderMove(read, 'canceled', {}, at)]),
    ]);
    expect([paid, cancelled].filter(Boolean)).toHaveLength(1);
    const stored = await repo().getOrder('race', { consistent: true });
    expect(stored?.status).toBe(paid ? 'in_progress' : 'canceled');
    expect(stored?.version).toBe(1);
    expect(stored?.payment).toEqual(paid ? payment : undefined);
    expect(await repo().commitMove([repo().orderMove(read, 'canceled', {}, at)])).toBe(false);
  });

  it('removes the fields a move clears, and keeps the others', async () => {
    const scheduled = { ...newOrder('clear'), status: 'countered' as const, scheduledDate: '2026-12-01T09:00:00.000Z', scheduledHours: 2 };
    await table().transact({ TransactItems: repo().orderPuts({ ...scheduled, orderNumber: 3 }) });
    expect(
      await repo().commitMove([repo().orderMove(scheduled, 'open', { scheduledDate: undefined, scheduledHours: undefined, bookingRevision: 1 }, 'x')]),
    ).toBe(true);
    const stored = await repo().getOrder('clear', { consistent: true });
    expect(stored).toMatchObject({ status: 'open', bookingRevision: 1, offerTitle: 'CV review' });
    expect(stored?.scheduledDate).toBeUndefined();
    expect(stored?.scheduledHours).toBeUndefined();
  });

  it('finds an order by its number, and never gives a number to two orders', async () => {
    await table().transact({ TransactItems: repo().orderPuts({ ...newOrder('numbered'), orderNumber: 77 }) });
    expect(await repo().orderIdOfNumber(77)).toBe('numbered');
    await expect(table().transact({ TransactItems: repo().orderPuts({ ...newOrder('other'), orderNumber: 77 }) })).rejects.toSatisfy(
      table().isConditionFailure,
    );
    expect(await repo().getOrder('other')).toBeUndefined();
  });

  it('never stores a second order under the same id', async () => {
    await table().transact({ TransactItems: repo().orderPuts({ ...newOrder('once'), orderNumber: 4 }) });
    await expect(table().transact({ TransactItems: repo().orderPuts({ ...newOrder('once'), orderNumber: 5 }) })).rejects.toSatisfy(table().isConditionFailure);
  });

  it('hands out every order number once, however many ask at the same moment', async () => {
    const firsts = await Promise.all(Array.from({ length: 50 }, () => repo().reserveOrderNumbers(10)));
    const numbers = firsts.flatMap((first) => Array.from({ length: 10 }, (_, at) => first + at));
    expect(new Set(numbers).size).toBe(500);
  });

  it('lists paid orders newest payment first, a page at a time, those with a dispute among them and apart', async () => {
    const paidAt = (day: number) => `2030-01-0${day}T10:00:00.000Z`;
    const stored = await Promise.all(
      [1, 2, 3].map(async (day) => {
        const order = { ...newOrder(`paid-${day}`), orderNumber: 100 + day };
        await table().transact({ TransactItems: repo().orderPuts(order) });
        const payment = { amountCents: cents(6000), sessionId: `cs_${day}`, paymentIntentId: `pi_${day}`, paidAt: paidAt(day) };
        expect(await repo().commitMove([repo().orderMove(order, 'in_progress', { payment }, paidAt(day))])).toBe(true);
        return repo().getOrder(order.orderId, { consistent: true });
      }),
    );
    const disputed = stored[1]!;
    const dispute = {
      disputeId: 'dp_1',
      status: 'open' as const,
      amountCents: cents(6000),
      feeCents: cents(1500),
      frozenCents: cents(0),
      fromAvailableCents: cents(0),
      openedAt: paidAt(4),
    };
    expect(await repo().commitMove([repo().orderMove(disputed, disputed.status, { dispute }, paidAt(4))])).toBe(true);

    const first = await repo().paidOrders(2);
    expect(first.orders.map((order) => order.orderId)).toEqual(['paid-3', 'paid-2']);
    const second = await repo().paidOrders(2, first.next);
    expect(second.orders[0].orderId).toBe('paid-1');
    // The disputed order moved to the disputed list and is still listed in its place, with its dispute.
    expect(first.orders[1].dispute).toEqual(dispute);
  });
});
