/**
 * Reconciliation through the local gateway, the real orders handler, DynamoDB Local and the local
 * Stripe: after an order paid, approved and transferred, and a withdrawal paid out, the ledger and
 * the provider agree for the expert; a change made at the local Stripe outside the app (its
 * dashboard's `adjust`) is reported as exactly that connected account's difference, on the admin's
 * route too; each run an admin asks for is in the audit log. Other files of this stack may have left differences of their own (ledger entries
 * written without the provider), so the test reads those of its own expert and of the platform.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Reconciliation } from '../../shared/schemas/admin-views';
import type { AuditPage } from '../../shared/schemas/audit';
import type { Withdrawal, WithdrawalPage } from '../../shared/schemas/earnings';
import { signedInAs, signedInStudent } from '../support/accounts';
import { type ApiClient, stackUrl } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { approvedOrder, settleFunds } from '../support/earnings';
import { advanceClock, delivered, localStripe, onboard } from '../support/payments';
import { getItem } from '../support/table';

let admin: ApiClient;
let expert: ApiClient;
let expertId: string;
let connectedAccount: string;

/** The differences of this file's expert, and the platform's. */
const ofThisTest = (result: Reconciliation) => ({
  expert: result.differences.filter((difference) => difference.account.includes(expertId)),
  platform: result.differences.find((difference) => difference.account === 'provider_balance'),
});

const reconcileNow = async () => {
  const answer = await admin.post<Reconciliation>('/admin/reconciliation');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

beforeAll(async () => {
  admin = await signedInAs('admin');
});

/** An order paid, approved and transferred, and all of its credit withdrawn and paid out. */
async function paidOut(): Promise<void> {
  let offer: Awaited<ReturnType<typeof expertWithOffer>>['offer'];
  ({ expert, expertId, offer } = await expertWithOffer('Rita', 'Reconciled', 'Balance sheet review'));
  await onboard(expert);
  connectedAccount = String((await getItem({ pk: `USER#${expertId}`, sk: 'PROFILE' }))?.payoutAccountId);

  // Paid, delivered, approved: the credit is transferred to the expert's connected account, and settles.
  await approvedOrder({ expert, offer });
  await settleFunds();

  // All of it withdrawn, approved and paid out.
  const asked = await expert.post<{ withdrawal: Withdrawal }>('/user/withdraw', { amount: 54 });
  expect(asked.status).toBe(201);
  const withdrawalId = asked.body.withdrawal._id;
  expect((await admin.post(`/admin/withdrawals/${withdrawalId}/approve`, {})).status).toBe(200);
  const [payout] = (await localStripe().payouts.list({}, { stripeAccount: connectedAccount })).data;
  await advanceClock('10m');
  await delivered('payout.paid', payout.id);
  await expect
    .poll(async () => (await expert.get<WithdrawalPage>('/user/withdrawals')).body.withdrawals.find((row) => row._id === withdrawalId)?.status)
    .toBe('paid');
}

describe('reconciliation', () => {
  it('finds the ledger and the provider agreeing after a payment, a transfer and a payout', async () => {
    await paidOut();
    const result = await reconcileNow();
    expect(result).toMatchObject({ checkedAt: expect.any(String), entriesChecked: expect.any(Number) });
    // The platform, and the expert's pending, available, requested and connected accounts.
    expect(result.entriesChecked).toBeGreaterThanOrEqual(5);
    expect(ofThisTest(result).expert).toEqual([]);
  });

  it('reports a change made at the provider outside the app as that connected account’s difference, to admins only', async () => {
    const platformBefore = ofThisTest(await reconcileNow()).platform;
    const adjusted = await fetch(`${stackUrl()}/_local/payments/accounts/${connectedAccount}/adjust`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 500 }),
    });
    expect(adjusted.status).toBe(200);

    const result = await reconcileNow();
    expect(ofThisTest(result)).toEqual({
      expert: [{ account: `connected:${expertId}`, ledger: 0, provider: 5, difference: 5 }],
      platform: platformBefore,
    });
    const latest = await admin.get<Reconciliation>('/admin/reconciliation');
    expect(latest).toMatchObject({ status: 200, body: result });

    const { client: student } = await signedInStudent();
    for (const caller of [expert, student]) {
      expect((await caller.get('/admin/reconciliation')).status).toBe(403);
      expect((await caller.post('/admin/reconciliation')).status).toBe(403);
    }
  });

  it('records each run an admin asks for in the audit log, like every admin action', async () => {
    // The runs' own partition (they share a target): the whole log's newest page may hold none of them when
    // other files of this stack have acted since, and a page read by action alone stops at its reads' limit.
    const runs = async () => (await admin.get<AuditPage>('/admin/audit?targetId=provider-balances&action=reconciliation.run')).body.entries;
    const before = (await runs()).length;
    const result = await reconcileNow();
    const entries = await runs();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      action: 'reconciliation.run',
      target: { type: 'reconciliation', _id: 'provider-balances', label: 'Ledger and payment provider' },
      details: { entriesChecked: result.entriesChecked, differences: result.differences.length },
      clientIp: admin.clientAddress,
    });
    // Reading the latest result is no action.
    expect((await admin.get('/admin/reconciliation')).status).toBe(200);
    expect(await runs()).toHaveLength(before + 1);
  });
});
