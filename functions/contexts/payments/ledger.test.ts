/**
 * The ledger's invariants, for random histories of orders: every entry balances, so the whole ledger
 * sums to zero; what an order held is released entirely when it ends; the expert, the platform and
 * the students get exactly what was paid between them (tests/integration/money-invariants.test.ts
 * checks the same histories in the table).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Cents, cents } from '../../../shared/money';
import { balanceOf, heldFor, isBalanced, type LedgerEntry, type LedgerLine, payableTo, paymentEntry, platformFeeOf, settlementEntries } from './ledger';

/** How an order ends once paid: approved (all credited), refunded in part (a percent), or in full. */
const endings = fc.oneof(
  fc.constant({ refundPercent: 0 }),
  fc.integer({ min: 1, max: 99 }).map((refundPercent) => ({ refundPercent })),
  fc.constant({ refundPercent: 100 }),
);

const orders = fc.array(
  fc.record({
    amount: fc.integer({ min: 50, max: 99_999_999 }).map(cents),
    expert: fc.constantFrom('e1', 'e2', 'e3'),
    ending: endings,
  }),
  { minLength: 1, maxLength: 12 },
);

function history(generated: { amount: Cents; expert: string; ending: { refundPercent: number } }[]) {
  return generated.map((order, index) => {
    const orderId = `o${index}`;
    const at = `2026-11-20T10:00:${String(index).padStart(2, '0')}.000Z`;
    const refund = cents(Math.round((order.amount * order.ending.refundPercent) / 100));
    const entries: LedgerEntry[] = [
      paymentEntry(orderId, `pi_${index}`, order.amount, at),
      ...settlementEntries({ orderId, expertId: order.expert }, order.amount, { amountCents: refund, refundId: `re_${index}` }, at),
    ];
    return { ...order, orderId, refund, entries };
  });
}

describe('the ledger, for random histories', () => {
  it('balances every entry, releases what each order held, and splits each payment exactly between refund, expert and fee', () => {
    fc.assert(
      fc.property(orders, (generated) => {
        const orders = history(generated);
        const lines: LedgerLine[] = orders.flatMap((order) => order.entries.flatMap((entry) => entry.lines));
        for (const order of orders) for (const entry of order.entries) expect(isBalanced(entry.lines)).toBe(true);
        // (+ 0 reads an empty account's -0 as the 0 it is.)
        expect(lines.reduce((sum, line) => sum + line.amountCents, 0) + 0).toBe(0);
        for (const order of orders) {
          expect(balanceOf(heldFor(order.orderId), lines) + 0).toBe(0);
          const rest = order.amount - order.refund;
          const credited = -(order.entries.flatMap((entry) => entry.lines).find((line) => line.account === payableTo(order.expert))?.amountCents ?? 0);
          expect(order.refund + credited + platformFeeOf(cents(rest))).toBe(order.amount);
        }
        const fees = orders.reduce((sum, order) => sum + platformFeeOf(cents(order.amount - order.refund)), 0);
        expect(-balanceOf('platform_fees', lines) + 0).toBe(fees);
        const refunds = orders.reduce((sum, order) => sum + order.refund, 0);
        expect(balanceOf('provider_balance', lines)).toBe(orders.reduce((sum, order) => sum + order.amount, 0) - refunds);
        for (const expert of ['e1', 'e2', 'e3']) {
          const owed = orders
            .filter((order) => order.expert === expert)
            .reduce((sum, order) => sum + (order.amount - order.refund - platformFeeOf(cents(order.amount - order.refund))), 0);
          expect(-balanceOf(payableTo(expert), lines) + 0).toBe(owed);
        }
      }),
      { numRuns: 300 },
    );
  });
});
