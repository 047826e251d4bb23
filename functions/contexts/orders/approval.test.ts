/**
 * Approving under concurrency, against DynamoDB Local: however many approvals of one delivered order
 * arrive at once (double clicks, two tabs, the deadline job at the same moment), exactly one lands
 * and the expert is credited once, with the order's held payment released exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { withLocalTable } from '../../../tests/support/local-table';
import type { Caller } from '../../platform/access-token';
import type { OrderRecord } from './order';

process.env.REALTIME_FAST_PATH = 'off';
const loaded = withLocalTable('approval-unit', () =>
  Promise.all([
    import('./lifecycle-service'),
    import('./repository'),
    import('../payments/ledger-repository'),
    import('../payments/ledger'),
    import('../../platform/table'),
  ]),
);

const delivered = (orderId: string, amount: number): OrderRecord => ({
  orderId,
  orderNumber: Number.parseInt(orderId.replace(/\D/g, ''), 10) || 1,
  offerId: 'o1',
  offerTitle: 'Thesis review',
  studentId: `student-${orderId}`,
  expertId: `expert-${orderId}`,
  kind: 'fixed',
  priceCents: cents(amount),
  status: 'submitted',
  bookingRevision: 0,
  version: 3,
  payment: { amountCents: cents(amount), sessionId: `cs_${orderId}`, paymentIntentId: `pi_${orderId}`, paidAt: '2026-11-20T10:00:00.000Z' },
  submissionFile: 'projects/x/report.pdf',
  submittedAt: '2026-11-21T10:00:00.000Z',
  createdAt: '2026-11-19T10:00:00.000Z',
});

describe('approvals at once', () => {
  it('credit once, whatever the number of concurrent approvals and the amount', async () => {
    const [service, repo, ledgerRepo, ledger, table] = loaded();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 50, max: 99_999_999 }), async (approvals, amount) => {
        run++;
        const order = delivered(`approve-${run}`, amount);
        await table.transact({ TransactItems: repo.orderPuts({ ...order, orderNumber: 10_000 + run }) });
        const caller: Caller = { userId: order.studentId, role: 'user', sessionId: 's', kind: 'user' };
        const outcomes = await Promise.allSettled(Array.from({ length: approvals }, () => service.approve(caller, order.orderId)));
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) if (outcome.status === 'rejected') expect((outcome.reason as { code?: string }).code).toBe('order_not_movable');
        const stored = await repo.getOrder(order.orderId, { consistent: true });
        expect(stored?.status).toBe('closed');
        const credit = await ledgerRepo.getEntry(`credit:${order.orderId}`);
        expect(credit?.kind).toBe('credit');
        // Held: the test put no payment entry, so releasing it shows as the payment's amount, once.
        expect(ledger.balanceOf(ledger.heldFor(order.orderId), await ledgerRepo.linesOf(ledger.heldFor(order.orderId)))).toBe(amount);
        const fee = ledger.platformFeeOf(cents(amount));
        expect(-ledger.balanceOf(ledger.payableTo(order.expertId), await ledgerRepo.linesOf(ledger.payableTo(order.expertId)))).toBe(amount - fee);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
