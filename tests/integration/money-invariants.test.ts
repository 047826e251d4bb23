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
