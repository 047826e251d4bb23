/**
 * The ledger's invariants, for random histories of orders: every entry balances, so the whole ledger
 * sums to zero; what an order held is released entirely when it ends; the expert, the platform and
 * the students get exactly what was paid between them (tests/integration/money-invariants.test.ts
 * checks the same histories in the table).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { history, paidOrders } from '../../../tests/support/ledger-histories';
import { balanceOf, expertAccount, heldFor, isBalanced, type LedgerLine, paymentEntry, platformFeeOf } from './ledger';

describe('the ledger, for random histories', () => {
  it('balances every entry, releases what each order held, and splits each payment exactly between refund, expert and fee', () => {
    fc.assert(
      fc.property(paidOrders, (generated) => {
        const orders = history(generated);
        const lines: LedgerLine[] = orders.flatMap((order) => order.entries.flatMap((entry) => entry.lines));
        for (const order of orders) for (const entry of order.entries) expect(isBalanced(entry.lines)).toBe(true);
        // (+ 0 reads an empty account's -0 as the 0 it is.)
        expect(lines.reduce((sum, line) => sum + line.amountCents, 0) + 0).toBe(0);
        for (const order of orders) {
          expect(balanceOf(heldFor(order.orderId), lines) + 0).toBe(0);
          const rest = order.amount - order.refund;
          const credited = -(
            order.entries.flatMap((entry) => entry.lines).find((line) => line.account === expertAccount(order.expert, 'pending'))?.amountCents ?? 0
          );
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
          expect(-balanceOf(expertAccount(expert, 'pending'), lines) + 0).toBe(owed);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a payment the provider keeps a fee of', () => {
  it('puts the rest in the provider balance and the fee in the platform’s cost, holding the whole payment for the order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 99_999_999 }), fc.double({ min: 0, max: 0.2, noNaN: true }), (amount, rate) => {
        const fee = cents(Math.round(amount * rate));
        const entry = paymentEntry('o1', 'pi_1', cents(amount), '2026-11-20T10:00:00.000Z', fee);
        expect(isBalanced(entry.lines)).toBe(true);
        expect(balanceOf('provider_balance', entry.lines)).toBe(amount - fee);
        expect(balanceOf('provider_fees', entry.lines) + 0).toBe(fee);
        expect(balanceOf(heldFor('o1'), entry.lines)).toBe(-amount);
      }),
    );
  });
});
