/** Random histories of paid orders and their ledger entries, for the ledger's property tests (unit and in the table). */
import fc from 'fast-check';
import { paymentEntry, settlementEntries, type LedgerEntry } from '../../functions/contexts/payments/ledger';
import { type Cents, cents } from '../../shared/money';

/** How an order ends once paid: approved (all credited), refunded in part (a percent), or in full. */
const endings = fc.oneof(
  fc.constant({ refundPercent: 0 }),
  fc.integer({ min: 1, max: 99 }).map((refundPercent) => ({ refundPercent })),
  fc.constant({ refundPercent: 100 }),
);

export const paidOrders = fc.array(
  fc.record({
    amount: fc.integer({ min: 50, max: 99_999_999 }).map(cents),
    expert: fc.constantFrom('e1', 'e2', 'e3'),
    ending: endings,
  }),
  { minLength: 1, maxLength: 12 },
);

export function history(generated: { amount: Cents; expert: string; ending: { refundPercent: number } }[]) {
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
