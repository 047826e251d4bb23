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
  studentId: 's1',
  expertId: 'e1',
  pricingType: 'fixed',
  status: 'open',
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe('orders in the table', () => {
  const repo = () => loaded()[0];
  const table = () => loaded()[1];

  it('moves an order only from the status it was read in: of two moves at once, one lands', async () => {
    await table().transact({ TransactItems: [repo().orderPut(newOrder('race'))] });
    const [paid, cancelled] = await Promise.all([
      repo().moveOrder('race', 'open', 'in_progress', { paymentAmountCents: cents(6000) }),
      repo().moveOrder('race', 'open', 'canceled'),
    ]);
    expect([paid, cancelled].filter(Boolean)).toHaveLength(1);
    const stored = await repo().getOrder('race', { consistent: true });
    expect(stored?.status).toBe(paid ? 'in_progress' : 'canceled');
    expect(await repo().moveOrder('race', 'open', 'canceled')).toBe(false);
  });

  it('never stores a second order under the same id', async () => {
    await table().transact({ TransactItems: [repo().orderPut(newOrder('once'))] });
    await expect(table().transact({ TransactItems: [repo().orderPut({ ...newOrder('once'), orderNumber: 2 })] })).rejects.toSatisfy(table().isConditionFailure);
  });

  it('hands out every order number once, however many ask at the same moment', async () => {
    const firsts = await Promise.all(Array.from({ length: 50 }, () => repo().reserveOrderNumbers(10)));
    const numbers = firsts.flatMap((first) => Array.from({ length: 10 }, (_, at) => first + at));
    expect(new Set(numbers).size).toBe(500);
  });
});
