/**
 * The money invariants against the stack's DynamoDB Local (the real table, its conditions and
 * transactions): random ledger histories derive the same balances from the table as from their
 * entries, an entry recorded again is refused, and concurrent approvals of one order credit once.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../functions/platform/access-token';
import type { OrderRecord } from '../../functions/contexts/orders/order';
import { balanceOf, type LedgerLine } from '../../functions/contexts/payments/ledger';
import { cents } from '../../shared/money';
import { history, paidOrders } from '../support/ledger-histories';
import { stackEnv } from '../support/stack';

/** This run's own ids and accounts: the stack's table is shared with the other files. */
const NONCE = randomUUID().slice(0, 8);

/** The product's modules, configured for the stack's table as a Lambda is by its environment. */
let loaded:
  | Promise<
      [
        typeof import('../../functions/contexts/orders/lifecycle-service'),
        typeof import('../../functions/contexts/orders/repository'),
        typeof import('../../functions/contexts/payments/ledger-repository'),
        typeof import('../../functions/contexts/payments/ledger'),
        typeof import('../../functions/platform/table'),
      ]
    >
  | undefined;
function modules() {
  if (!loaded) {
    const env = stackEnv();
    Object.assign(process.env, {
      TABLE_NAME: env.TABLE_NAME,
      DYNAMODB_ENDPOINT: env.DYNAMODB_ENDPOINT,
      AWS_REGION: env.AWS_REGION,
      AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY,
      // The moves' events reach the recipients through the stack's stream, not from this process.
      REALTIME_FAST_PATH: 'off',
    });
    loaded = Promise.all([
      import('../../functions/contexts/orders/lifecycle-service'),
      import('../../functions/contexts/orders/repository'),
      import('../../functions/contexts/payments/ledger-repository'),
      import('../../functions/contexts/payments/ledger'),
      import('../../functions/platform/table'),
    ]);
  }
  return loaded;
}

describe('the ledger in the table, for random histories', () => {
  it('derives the same balances from the table, with every entry recorded once however often it is written', async () => {
    const [, , ledgerRepo, , table] = await modules();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(paidOrders, fc.array(fc.nat(), { maxLength: 6 }), async (generated, replays) => {
        run++;
        // Each run has accounts of its own, so that the table's balances are this history's alone.
        const entries = history(generated).flatMap((order) =>
          order.entries.map((entry) => ({
            ...entry,
            entryId: `r${NONCE}-${run}-${entry.entryId}`,
            orderId: `r${NONCE}-${run}-${order.orderId}`,
            lines: entry.lines.map((line) => ({ ...line, account: line.account.replace(/^(held|expert):/, `$1:r${NONCE}-${run}-`) as LedgerLine['account'] })),
          })),
        );
        for (const entry of entries) await table.transact({ TransactItems: ledgerRepo.entryWrites([entry]) });
        // Recording an entry again (a retried webhook, a second approval) is refused and changes nothing.
        for (const replay of replays) {
          const entry = entries[replay % entries.length];
          await expect(table.transact({ TransactItems: ledgerRepo.entryWrites([entry]) })).rejects.toSatisfy(table.isConditionFailure);
        }
        const expected = entries.flatMap((entry) => entry.lines);
        const accounts = [...new Set(expected.map((line) => line.account))].filter((account) => account !== 'provider_balance' && account !== 'platform_fees');
        for (const account of accounts) {
          expect(balanceOf(account, await ledgerRepo.linesOf(account)) + 0).toBe(balanceOf(account, expected) + 0);
          // The running total agrees with the lines.
          expect((await ledgerRepo.totalOf(account)) + 0).toBe(balanceOf(account, expected) + 0);
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});

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

describe('approvals at once, in the table', () => {
  it('credit once, whatever the number of concurrent approvals and the amount', async () => {
    const [service, repo, ledgerRepo, ledger, table] = await modules();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 50, max: 99_999_999 }), async (approvals, amount) => {
        run++;
        const order = delivered(`approve-${NONCE}-${run}`, amount);
        await table.transact({ TransactItems: repo.orderPuts({ ...order, orderNumber: 900_000_000 + Math.floor(Math.random() * 99_000_000) }) });
        const payment = ledger.paymentEntry(order.orderId, `pi_${order.orderId}`, cents(amount), '2026-11-20T10:00:00.000Z');
        await table.transact({ TransactItems: ledgerRepo.entryWrites([payment]) });
        const caller: Caller = { userId: order.studentId, role: 'user', sessionId: 's', kind: 'user' };
        const outcomes = await Promise.allSettled(Array.from({ length: approvals }, () => service.approve(caller, order.orderId)));
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) if (outcome.status === 'rejected') expect((outcome.reason as { code?: string }).code).toBe('order_not_movable');
        const stored = await repo.getOrder(order.orderId, { consistent: true });
        expect(stored?.status).toBe('closed');
        const credit = await ledgerRepo.getEntry(`credit:${order.orderId}`);
        expect(credit?.kind).toBe('credit');
        // What the payment held is released once: nothing is held any more.
        expect(ledger.balanceOf(ledger.heldFor(order.orderId), await ledgerRepo.linesOf(ledger.heldFor(order.orderId))) + 0).toBe(0);
        expect((await ledgerRepo.totalOf(ledger.heldFor(order.orderId))) + 0).toBe(0);
        const fee = ledger.platformFeeOf(cents(amount));
        expect(
          -ledger.balanceOf(ledger.expertAccount(order.expertId, 'pending'), await ledgerRepo.linesOf(ledger.expertAccount(order.expertId, 'pending'))),
        ).toBe(amount - fee);
        expect(-(await ledgerRepo.totalOf(ledger.expertAccount(order.expertId, 'pending')))).toBe(amount - fee);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('withdrawals at once, in the table', () => {
  it('never overdraw: of twenty requests for the whole available balance, one is recorded', async () => {
    const [, , ledgerRepo, ledger, table] = await modules();
    const expertId = `expert-withdraw-${NONCE}`;
    const orderId = `order-withdraw-${NONCE}`;
    const at = '2026-11-20T10:00:00.000Z';
    const amount = cents(12_345);
    const fee = ledger.platformFeeOf(amount);
    const credited = cents(amount - fee);
    const history = [
      ledger.paymentEntry(orderId, `pi_${orderId}`, amount, at),
      ...ledger.settlementEntries({ orderId, expertId }, amount, { amountCents: cents(0) }, at),
      ledger.transferEntry(orderId, expertId, `tr_${orderId}`, credited, at),
      ledger.settlementEntry(orderId, expertId, `tr_${orderId}`, credited, at),
    ];
    for (const entry of history) await table.transact({ TransactItems: ledgerRepo.entryWrites([entry]) });
    expect(-(await ledgerRepo.totalOf(ledger.expertAccount(expertId, 'available')))).toBe(credited);

    const requests = Array.from({ length: 20 }, (_, index) =>
      table.transact({
        TransactItems: ledgerRepo.entryWrites([ledger.withdrawalRequestedEntry({ withdrawalId: `w-${NONCE}-${index}`, expertId, amountCents: credited }, at)]),
      }),
    );
    const outcomes = await Promise.allSettled(requests);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect((await ledgerRepo.totalOf(ledger.expertAccount(expertId, 'available'))) + 0).toBe(0);
    expect(-(await ledgerRepo.totalOf(ledger.expertAccount(expertId, 'requested')))).toBe(credited);
    // The lines agree: one withdrawal recorded, nothing else.
    expect(balanceOf(ledger.expertAccount(expertId, 'available'), await ledgerRepo.linesOf(ledger.expertAccount(expertId, 'available'))) + 0).toBe(0);
  }, 60_000);
});

/**
 * Random steps of one expert's money: credits, settlements, withdrawals (some beyond the balance)
 * and their outcomes, disputes of settled orders won or lost (their reversal made or refused), and
 * refunds made in the provider's dashboard after the credit (their reversal made or refused).
 */
const moneySteps = fc.array(
  fc.oneof(
    fc.record({ step: fc.constant('credit' as const), amount: fc.integer({ min: 50, max: 500_000 }) }),
    fc.constant({ step: 'settle' as const }),
    fc.record({ step: fc.constant('withdraw' as const), share: fc.double({ min: 0.01, max: 1.5, noNaN: true }) }),
    fc.constant({ step: 'reject' as const }),
    fc.constant({ step: 'paid' as const }),
    fc.constant({ step: 'failed' as const }),
    fc.record({ step: fc.constant('dispute' as const), share: fc.double({ min: 0.1, max: 1, noNaN: true }) }),
    fc.constant({ step: 'won' as const }),
    fc.record({ step: fc.constant('lost' as const), reversalRefused: fc.boolean() }),
    fc.record({ step: fc.constant('refundOutside' as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }), reversalRefused: fc.boolean() }),
  ),
  { minLength: 1, maxLength: 25 },
);
const DISPUTE_FEE = cents(1500);

describe('an expert’s money, for random histories, in the table', () => {
  it('never lets a balance go negative, keeps every total equal to its lines, and sums to zero', async () => {
    const [, , ledgerRepo, ledger, table] = await modules();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(moneySteps, async (steps) => {
        run++;
        const expertId = `history-${NONCE}-${run}`;
        const at = '2026-11-20T10:00:00.000Z';
        const model = { pending: 0, available: 0, frozen: 0, requested: 0, connected: 0, withdrawn: 0, debt: 0, owedIfLost: 0 };
        /** Credits not yet transferred and settled, oldest first; settled ones; withdrawals and disputes waiting for their outcome. */
        const unsettled: { orderId: string; paid: number; credit: number }[] = [];
        const settled: { orderId: string; paid: number; credit: number }[] = [];
        const open: { withdrawalId: string; amount: number }[] = [];
        const disputes: ReturnType<typeof disputeOf>[] = [];
        const disputeOf = (order: { orderId: string; paid: number; credit: number }, share: number, fromAvailable: number) => {
          const amount = Math.max(1, Math.round(order.paid * share));
          const frozen = Math.min(amount, order.credit);
          return {
            disputeId: `dp_${order.orderId}`,
            orderId: order.orderId,
            expertId,
            amountCents: cents(amount),
            feeCents: DISPUTE_FEE,
            frozenCents: cents(frozen),
            fromAvailableCents: cents(Math.min(frozen, fromAvailable)),
          };
        };
        const written: ReturnType<typeof ledger.paymentEntry>[] = [];
        const commit = async (entries: ReturnType<typeof ledger.paymentEntry>[]) => {
          try {
            await table.transact({ TransactItems: ledgerRepo.entryWrites(entries) });
            written.push(...entries);
            return true;
          } catch (error) {
            if (table.isConditionFailure(error)) return false;
            throw error;
          }
        };
        for (const [index, step] of steps.entries()) {
          if (step.step === 'credit') {
            const orderId = `${expertId}-order-${index}`;
            const paid = cents(step.amount);
            const entries = [
              ledger.paymentEntry(orderId, `pi_${orderId}`, paid, at),
              ...ledger.settlementEntries({ orderId, expertId }, paid, { amountCents: cents(0) }, at, cents(model.debt)),
            ];
            expect(await commit(entries)).toBe(true);
            const credit = ledger.creditedTo(expertId, entries);
            // What the expert owes is settled first from the credit.
            const repaid = Math.min(model.debt, paid - ledger.platformFeeOf(paid));
            expect(credit).toBe(paid - ledger.platformFeeOf(paid) - repaid);
            model.debt -= repaid;
            model.pending += credit;
            if (credit > 0) unsettled.push({ orderId, paid, credit });
          } else if (step.step === 'settle' && unsettled.length > 0) {
            const order = unsettled.shift()!;
            const { orderId, credit } = order;
            settled.push(order);
            const amount = cents(credit);
            expect(
              await commit([
                ledger.transferEntry(orderId, expertId, `tr_${orderId}`, amount, at),
                ledger.settlementEntry(orderId, expertId, `tr_${orderId}`, amount, at),
              ]),
            ).toBe(true);
            model.pending -= credit;
            model.available += credit;
            model.connected += credit;
          } else if (step.step === 'withdraw') {
            const amount = Math.max(1, Math.round(model.available * step.share));
            const withdrawal = { withdrawalId: `${expertId}-w-${index}`, expertId, amountCents: cents(amount) };
            const recorded = await commit([ledger.withdrawalRequestedEntry(withdrawal, at)]);
            // Recorded exactly when the available balance covers it.
            expect(recorded).toBe(amount <= model.available);
            if (recorded) {
              model.available -= amount;
              model.requested += amount;
              open.push({ withdrawalId: withdrawal.withdrawalId, amount });
            }
          } else if (step.step === 'dispute' && settled.length > 0) {
            const dispute = disputeOf(settled.shift()!, step.share, model.available);
            expect(await commit([ledger.disputeOpenedEntry(dispute, at)])).toBe(true);
            model.available -= dispute.fromAvailableCents;
            model.frozen += dispute.frozenCents;
            model.owedIfLost += dispute.frozenCents - dispute.fromAvailableCents;
            disputes.push(dispute);
            expect(await commit([ledger.disputeOpenedEntry(dispute, at)])).toBe(false);
          } else if (step.step === 'won' && disputes.length > 0) {
            const dispute = disputes.shift()!;
            expect(await commit([ledger.disputeWonEntry(dispute, at)])).toBe(true);
            model.frozen -= dispute.frozenCents;
            model.available += dispute.fromAvailableCents;
            model.owedIfLost -= dispute.frozenCents - dispute.fromAvailableCents;
          } else if (step.step === 'lost' && disputes.length > 0) {
            const dispute = disputes.shift()!;
            const back = dispute.fromAvailableCents;
            const reversal =
              back === 0
                ? []
                : step.reversalRefused
                  ? [ledger.reversalFailedEntry(dispute.orderId, expertId, dispute.disputeId, back, at)]
                  : [ledger.reversalEntry(dispute.orderId, expertId, `trr_${dispute.disputeId}`, back, at)];
            expect(await commit([ledger.disputeLostEntry(dispute, at)])).toBe(true);
            if (reversal.length > 0) expect(await commit(reversal)).toBe(true);
            model.frozen -= dispute.frozenCents;
            model.connected -= back;
            // What was paid out of the share becomes owed; so does a reversal refused.
            model.owedIfLost -= dispute.frozenCents - back;
            model.debt += dispute.frozenCents - back;
            if (step.reversalRefused) model.debt += back;
          } else if (step.step === 'refundOutside' && settled.length > 0) {
            const order = settled.shift()!;
            const amount = Math.max(1, Math.round(order.paid * step.share));
            const share = Math.min(order.credit, Math.round((amount * order.credit) / order.paid));
            const fromAvailable = Math.min(share, model.available);
            const refund = {
              orderId: order.orderId,
              expertId,
              refundId: `re_${order.orderId}`,
              amountCents: cents(amount),
              expertShareCents: cents(share),
              fromAvailableCents: cents(fromAvailable),
            };
            expect(await commit([ledger.outsideRefundEntry(refund, at)])).toBe(true);
            expect(await commit([ledger.outsideRefundEntry(refund, at)])).toBe(false);
            model.available -= fromAvailable;
            model.debt += share - fromAvailable;
            if (fromAvailable > 0) {
              const reversal = step.reversalRefused
                ? ledger.reversalFailedEntry(order.orderId, expertId, refund.refundId, cents(fromAvailable), at)
                : ledger.reversalEntry(order.orderId, expertId, `trr_${refund.refundId}`, cents(fromAvailable), at);
              expect(await commit([reversal])).toBe(true);
              model.connected -= fromAvailable;
              if (step.reversalRefused) model.debt += fromAvailable;
            }
          } else if (['reject', 'paid', 'failed'].includes(step.step) && open.length > 0) {
            const { withdrawalId, amount } = open.shift()!;
            const withdrawal = { withdrawalId, expertId, amountCents: cents(amount) };
            if (step.step === 'paid') {
              expect(await commit([ledger.payoutPaidEntry(withdrawal, `po_${withdrawalId}`, at)])).toBe(true);
              model.requested -= amount;
              model.connected -= amount;
              model.withdrawn += amount;
            } else {
              expect(await commit([ledger.withdrawalReturnedEntry(withdrawal, step.step === 'reject' ? 'rejected' : 'failed', at)])).toBe(true);
              model.requested -= amount;
              model.available += amount;
            }
            // The same outcome again (a retried event) is refused.
            const again =
              step.step === 'paid'
                ? ledger.payoutPaidEntry(withdrawal, `po_${withdrawalId}`, at)
                : ledger.withdrawalReturnedEntry(withdrawal, step.step === 'reject' ? 'rejected' : 'failed', at);
            expect(await commit([again])).toBe(false);
          }
        }
        const totals = await ledgerRepo.totalsOf([
          ...ledger.EXPERT_BALANCES.map((balance) => ledger.expertAccount(expertId, balance)),
          ledger.connectedAccountOf(expertId),
          ledger.debtOf(expertId),
          ledger.disputedDebtOf(expertId),
        ]);
        const figure = (account: Parameters<typeof ledger.expertAccount>[1]) => -(totals.get(ledger.expertAccount(expertId, account)) ?? 0) + 0;
        expect({
          pending: figure('pending'),
          available: figure('available'),
          frozen: figure('frozen'),
          requested: figure('requested'),
          connected: (totals.get(ledger.connectedAccountOf(expertId)) ?? 0) + 0,
          debt: (totals.get(ledger.debtOf(expertId)) ?? 0) + 0,
          owedIfLost: (totals.get(ledger.disputedDebtOf(expertId)) ?? 0) + 0,
        }).toEqual({
          pending: model.pending,
          available: model.available,
          frozen: model.frozen,
          requested: model.requested,
          connected: model.connected,
          debt: model.debt,
          owedIfLost: model.owedIfLost,
        });
        for (const value of [model.pending, model.available, model.frozen, model.requested, model.connected, model.debt, model.owedIfLost])
          expect(value).toBeGreaterThanOrEqual(0);
        const lines = written.flatMap((entry) => entry.lines);
        expect(lines.reduce((sum, line) => sum + line.amountCents, 0) + 0).toBe(0);
        for (const account of new Set(lines.map((line) => line.account).filter((account) => ledger.totalSide(account))))
          expect((await ledgerRepo.totalOf(account)) + 0).toBe(ledger.balanceOf(account, lines) + 0);
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
