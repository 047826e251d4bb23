/**
 * Disputes of an approved order's payment, through the local Stripe's dispute control, its signed
 * events and the real orders handler: the expert's share is frozen from what is available to them
 * (owed, if the dispute is lost, where they were paid out already), given back when the dispute is
 * won, and when it is lost kept, taken back from the connected account by a reversal (owed when the funds had left), and
 * settled first from the expert's next credit. Duplicated and re-sent events change nothing.
 */
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_RULES } from '../../shared/limits';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { AdminPaymentsPage, Reconciliation } from '../../shared/schemas/admin-views';
import type { Withdrawal } from '../../shared/schemas/earnings';
import { signedInAs } from '../support/accounts';
import { type ApiClient, stackUrl } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { approvedOrder, earningsOf, settleFunds } from '../support/earnings';
import { latestMail, mailsTo, mailWhere } from '../support/outbox';
import { advanceClock, delivered, localEvents, localStripe, onboard } from '../support/payments';
import { getItem } from '../support/table';

let admin: ApiClient;
/** Every expert of this file, whose accounts reconciliation checks at its end. */
const sellers: string[] = [];

beforeAll(async () => {
  admin = await signedInAs('admin');
});

interface Seller {
  expert: ApiClient;
  expertId: string;
  email: string;
  offer: OfferDto;
}

/** A fresh onboarded expert with one approved, settled order: €54 of the student's €60 available. */
async function sellerWithFunds(firstName: string): Promise<Seller & { chatId: string; chargeId: string; transferId: string }> {
  const seller = await expertWithOffer(firstName, 'Disputed', `Essay feedback by ${firstName}`);
  await onboard(seller.expert);
  const { chatId } = await approvedOrder(seller);
  await settleFunds();
  const [transfer] = (await localStripe().transfers.list({ transfer_group: `order_${chatId}` })).data;
  sellers.push(seller.expertId);
  return { ...seller, chatId, chargeId: String(transfer.source_transaction), transferId: transfer.id };
}

async function post(path: string, body: unknown = {}): Promise<Response> {
  return fetch(`${stackUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The cardholder disputes the charge; the issuer's outcome is set now and applied by `decide`. */
async function dispute(chargeId: string, outcome: 'won' | 'lost'): Promise<Stripe.Dispute> {
  const opened = await post(`/_local/payments/charges/${chargeId}/dispute`, { outcome });
  expect(opened.status).toBe(200);
  const created = (await opened.json()) as Stripe.Dispute;
  await delivered('charge.dispute.created', created.id);
  return created;
}

async function decide(disputeId: string): Promise<void> {
  expect((await post(`/_local/payments/disputes/${disputeId}/decide`)).status).toBe(200);
  await delivered('charge.dispute.closed', disputeId);
}

/** Every event about the object that the endpoints take delivered again, as Stripe's retries or a replay would. */
async function resendAll(objectId: string): Promise<void> {
  for (const event of (await localEvents()).filter((candidate) => candidate.objectId === objectId && candidate.subscribed))
    expect((await post(`/_local/payments/events/${event.id}/resend`)).status).toBe(200);
}

const exposure = async () => (await admin.get<AdminPaymentsPage>('/admin/payments')).body.exposure;
const accountOf = async (expertId: string) => String((await getItem({ pk: `USER#${expertId}`, sk: 'PROFILE' }))?.payoutAccountId);
const ledgerEntry = (entryId: string) => getItem({ pk: `LEDGER#${entryId}`, sk: 'ENTRY' });

describe('a dispute', () => {
  it('freezes the expert’s share from the available balance, mails them, and gives it back when won; the fee is the platform’s loss', async () => {
    const seller = await sellerWithFunds('Winona');
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 54, frozen: 0, owed: 0 });

    const { id } = await dispute(seller.chargeId, 'won');
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 0, frozen: 54, owed: 0 });
    expect((await mailWhere(seller.email, (mail) => mail.subject.startsWith('Payment disputed: order #'), 'the dispute mail')).text).toContain(
      'Your share of it, €54.00, is frozen in your earnings until the issuer decides.',
    );
    // Nothing frozen can be withdrawn.
    expect(await seller.expert.post('/user/withdraw', { amount: 1 })).toMatchObject({ status: 400, body: { code: 'withdrawal_over_balance' } });

    await decide(id);
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 54, frozen: 0, owed: 0 });
    expect(await ledgerEntry(`dispute:${id}`)).toMatchObject({
      lines: expect.arrayContaining([{ account: 'platform_losses', amountCents: 1500 }]),
    });
    expect(await ledgerEntry(`dispute:${id}:won`)).toBeDefined();

    // Stripe's retries and replays of every event about it change nothing.
    await resendAll(id);
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 54, frozen: 0, owed: 0 });
  });

  it('lost takes the frozen share back from the connected account by a reversal of the order’s transfer, once', async () => {
    const seller = await sellerWithFunds('Lorna');
    const { id } = await dispute(seller.chargeId, 'lost');
    await decide(id);

    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 0, frozen: 0, owed: 0, withdrawn: 0 });
    const reversals = (await localStripe().transfers.listReversals(seller.transferId)).data;
    expect(reversals.map((reversal) => reversal.amount)).toEqual([5400]);
    expect(await getItem({ pk: `ORDER#${seller.chatId}`, sk: 'ORDER' })).toMatchObject({
      dispute: { disputeId: id, status: 'lost', frozenCents: 5400, fromAvailableCents: 5400 },
      reversal: { status: 'reversed', amountCents: 5400, reversalId: reversals[0].id },
    });
    await resendAll(id);
    expect((await localStripe().transfers.listReversals(seller.transferId)).data).toHaveLength(1);
  });

  it('of funds paid out already is owed once lost, and the expert’s next credit settles it first', async () => {
    const seller = await sellerWithFunds('Otto');
    const asked = await seller.expert.post<{ withdrawal: Withdrawal }>('/user/withdraw', { amount: 54 });
    expect((await admin.post(`/admin/withdrawals/${asked.body.withdrawal._id}/approve`, {})).status).toBe(200);
    await advanceClock('10m');
    await expect.poll(async () => (await earningsOf(seller.expert)).withdrawn).toBe(54);

    const exposureBefore = await exposure();
    const { id } = await dispute(seller.chargeId, 'lost');
    // Frozen, and owed only if the dispute is lost: a credit meanwhile reaches the expert.
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 0, frozen: 54, owed: 0 });
    // The admin's payments show the platform's exposure grown by what is at risk.
    expect(await exposure()).toBeCloseTo(exposureBefore + 54, 2);
    await approvedOrder(seller);
    expect(await earningsOf(seller.expert)).toMatchObject({ pending: 54, frozen: 54, owed: 0 });
    await decide(id);
    // Nothing was left to reverse: the share stays owed.
    expect(await earningsOf(seller.expert)).toMatchObject({ frozen: 0, owed: 54 });
    expect((await localStripe().transfers.listReversals(seller.transferId)).data).toEqual([]);

    // The next order's €54 repays the debt instead of reaching the expert.
    await approvedOrder(seller);
    expect(await earningsOf(seller.expert)).toMatchObject({ pending: 54, owed: 0 });
    expect(await exposure()).toBeCloseTo(exposureBefore, 2);
  });

  it('lost after the funds left the connected account outside the app: the refused reversal is owed', async () => {
    const seller = await sellerWithFunds('Rhea');
    const { id } = await dispute(seller.chargeId, 'lost');
    const accountId = await accountOf(seller.expertId);
    // A change made in Stripe's dashboard: the account's funds are gone.
    expect((await post(`/_local/payments/accounts/${accountId}/adjust`, { amount: -5400 })).status).toBe(200);
    await decide(id);

    expect(await getItem({ pk: `ORDER#${seller.chatId}`, sk: 'ORDER' })).toMatchObject({ reversal: { status: 'failed', amountCents: 5400 } });
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 0, frozen: 0, owed: 54 });
  });
});

describe('a reversal made outside the marketplace', () => {
  it('is taken from the expert’s available balance, the rest owed, once however often its event comes', async () => {
    const seller = await sellerWithFunds('Ruben');
    // An operator takes €50 of the €54 back in Stripe's dashboard.
    const reversal = await localStripe().transfers.createReversal(seller.transferId, { amount: 5000 });
    await delivered('transfer.reversed', seller.transferId);
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 4, owed: 0 });
    expect(await ledgerEntry(`reversal:${reversal.id}`)).toMatchObject({ kind: 'reversal' });

    // The expert asks for the €4 left; then the rest of the transfer is taken back too: it is owed.
    expect((await seller.expert.post('/user/withdraw', { amount: 4 })).status).toBe(201);
    const second = await localStripe().transfers.createReversal(seller.transferId, { amount: 400 });
    await expect.poll(async () => (await ledgerEntry(`reversal:${second.id}`)) !== undefined).toBe(true);
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 0, requested: 4, owed: 4 });
    await resendAll(seller.transferId);
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 0, requested: 4, owed: 4 });
  });
});

describe('a refund made in Stripe’s dashboard after the transfer', () => {
  it('takes the expert’s share back from their balance and, by a reversal, from their connected account, once', async () => {
    const seller = await sellerWithFunds('Renata');
    // €30 of the €60 back to the student: the expert's share is €27 of their €54.
    const refund = await localStripe().refunds.create({ charge: seller.chargeId, amount: 3000 });
    await delivered('charge.refunded', seller.chargeId);
    await expect.poll(async () => (await ledgerEntry(`refund:${refund.id}`)) !== undefined).toBe(true);
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 27, owed: 0 });
    const reversals = (await localStripe().transfers.listReversals(seller.transferId)).data;
    expect(reversals.map((reversal) => reversal.amount)).toEqual([2700]);
    expect(await getItem({ pk: `ORDER#${seller.chatId}`, sk: 'ORDER' })).toMatchObject({
      outsideRefund: { refundId: refund.id, amountCents: 3000, expertShareCents: 2700 },
      reversal: { status: 'reversed', amountCents: 2700, reason: 'refund', reversalId: reversals[0].id },
    });
    const row = (
      await admin.get<AdminPaymentsPage>(`/admin/payments?orderNumber=${(await getItem({ pk: `ORDER#${seller.chatId}`, sk: 'ORDER' }))?.orderNumber}`)
    ).body.payments[0];
    expect(row).toMatchObject({ refund: { amount: 30, refundId: refund.id }, reversal: { status: 'reversed', amount: 27, reason: 'refund' } });

    await resendAll(seller.chargeId);
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 27, owed: 0 });
    expect((await localStripe().transfers.listReversals(seller.transferId)).data).toHaveLength(1);
  });

  it('whose reversal Stripe refuses (the funds left the account) leaves the expert’s share owed', async () => {
    const seller = await sellerWithFunds('Rolf');
    expect((await post(`/_local/payments/accounts/${await accountOf(seller.expertId)}/adjust`, { amount: -5400 })).status).toBe(200);
    const refund = await localStripe().refunds.create({ charge: seller.chargeId });
    await delivered('charge.refunded', seller.chargeId);
    await expect
      .poll(async () => (await getItem({ pk: `ORDER#${seller.chatId}`, sk: 'ORDER' }))?.reversal)
      .toMatchObject({ status: 'failed', amountCents: 5400, reason: 'refund' });
    expect(await ledgerEntry(`refund:${refund.id}`)).toBeDefined();
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 0, owed: 54 });
  });
});

// Last in this file: the clock moves nearly three months, and every earlier seller's funds with it.
describe('funds near the provider’s holding limit', () => {
  it('are announced to the expert 14 days ahead, then paid out to their bank without an admin, once, whatever waits for an admin', async () => {
    const seller = await sellerWithFunds('Hilda');
    const accountId = await accountOf(seller.expertId);
    const payouts = async () => (await localStripe().payouts.list({}, { stripeAccount: accountId })).data;
    // Three withdrawals wait for an admin, as many as may (decision 269): the system's payout is none of them.
    for (let ask = 0; ask < WITHDRAWAL_RULES.pendingMax; ask++) expect((await seller.expert.post('/user/withdraw', { amount: 10 })).status).toBe(201);
    expect(await seller.expert.post('/user/withdraw', { amount: 10 })).toMatchObject({ status: 409, body: { code: 'withdrawals_pending_max' } });

    await advanceClock('77d');
    const warning = await mailWhere(seller.email, (mail) => mail.subject === 'Withdraw your earnings soon', 'the holding warning');
    expect(warning.text).toMatch(/have been in your payout account since .+\.\s+Funds may stay there 90 days at most\./);
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 24, requested: 30 });
    expect(await payouts()).toEqual([]);

    await advanceClock('10d');
    await expect.poll(async () => (await payouts()).map((payout) => payout.amount)).toEqual([2400]);
    expect(await earningsOf(seller.expert)).toMatchObject({ balance: 0, requested: 54 });
    expect((await latestMail(seller.email, 'Payout on its way: €24.00')).text).toContain('funds may not stay in your payout account more than 90 days');
    await advanceClock('10m');
    await expect.poll(async () => (await earningsOf(seller.expert)).withdrawn).toBe(24);

    // Later runs of the deadlines find nothing more to do.
    await advanceClock('1d');
    expect(await payouts()).toHaveLength(1);
    expect((await mailsTo(seller.email)).filter((mail) => mail.subject === 'Withdraw your earnings soon')).toHaveLength(1);
  });
});

describe('after every dispute, reversal and payout of this file', () => {
  it('the ledger’s view of each expert’s connected account and holds agrees with the local Stripe', async () => {
    const answer = await admin.post<Reconciliation>('/admin/reconciliation');
    expect(answer.status).toBe(200);
    expect(answer.body.differences.filter((difference) => sellers.some((expertId) => difference.account.includes(expertId)))).toEqual([]);
    expect(answer.body.entriesChecked).toBeGreaterThanOrEqual(sellers.length * 2);
  });
});
