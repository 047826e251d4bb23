/**
 * Money moves when the provider fails as Stripe fails (decision 279), through the local gateway, the
 * real orders handler and the local Stripe's faults (`/_local/payments/faults`): a server error, which
 * Stripe replays under its idempotency key for a day; an answer lost after the request was applied;
 * an answer that never comes in time. Whatever the mode, a refund, a transfer or a payout is made
 * once, and none is lost: the request's own retry, or the deadlines job, finishes it.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { MSG } from '../../shared/texts';
import { signedInAs, signedInNewExpert } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { expertWithOffer, hourlyOfferOf } from '../support/chats';
import { approvedOrder, settleFunds } from '../support/earnings';
import { chatOf, ledgerEntry, openOrder, put, startIn } from '../support/orders';
import { advanceClock, delivered, localStripe, onboard, pressOnPage, sessionIdOf } from '../support/payments';
import { stackUrl } from '../support/api';
import { emailKey } from '../../functions/platform/keys';
import { getItem } from '../support/table';

type Mode = 'drop-after-commit' | 'error' | 'timeout';

async function fault(path: string, mode: Mode, count: number): Promise<void> {
  const response = await fetch(`${stackUrl()}/_local/payments/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'POST', path, mode, count }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

afterEach(async () => {
  expect((await fetch(`${stackUrl()}/_local/payments/faults`, { method: 'DELETE' })).status).toBe(200);
});

let expert: ApiClient;
let expertId: string;
let offer: OfferDto;
let hourlyOffer: OfferDto;

beforeAll(async () => {
  ({ expert, expertId, offer } = await expertWithOffer('Fiona', 'Faulty', 'Portfolio review under faults'));
  hourlyOffer = await hourlyOfferOf(expert, 'Mock interviews under faults', 45.5);
  await onboard(expert);
});

/** A paid two-hour session, 30 hours ahead: cancelled now, it is refunded in full (€91.00). */
async function paidSession() {
  const { student, chat } = await openOrder(hourlyOffer);
  await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: await startIn(30), scheduledHours: 2 });
  await put(expert, `/chats/${chat._id}/confirm-schedule`);
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await pressOnPage(created.body.url, 'pay');
  const sessionId = sessionIdOf(created.body.url);
  await delivered('checkout.session.completed', sessionId);
  const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionId)).payment_intent);
  return { student, chatId: chat._id, paymentIntentId };
}

const refundsOf = async (paymentIntentId: string) => (await localStripe().refunds.list({ payment_intent: paymentIntentId, limit: 100 })).data;

describe('a refund the provider fails', () => {
  it('is made once under the next attempt’s key when the provider saved a server error under the first', async () => {
    const { student, chatId, paymentIntentId } = await paidSession();
    await fault('/v1/refunds', 'error', 1);
    expect(await put(student, `/chats/${chatId}/cancel`)).toMatchObject({ status: 200, body: { msg: MSG.orderCanceledRefunded } });
    const refunds = await refundsOf(paymentIntentId);
    expect(refunds.map((refund) => [refund.amount, refund.metadata?.operation])).toEqual([[9100, `order-${chatId}-refund`]]);
    expect(await getItem({ pk: `PROVIDERMOVE#order-${chatId}-refund`, sk: 'ATTEMPT' })).toMatchObject({ attempt: 1 });
    // The job that finishes refunds finds nothing left to do.
    await advanceClock('10m');
    expect(await refundsOf(paymentIntentId)).toHaveLength(1);
    expect(await ledgerEntry(`refund:${refunds[0].id}`)).toMatchObject({ kind: 'refund', orderId: chatId });
  });

  it('answers 503 while every key fails, then the deadlines job refunds once', async () => {
    const { student, chatId, paymentIntentId } = await paidSession();
    await fault('/v1/refunds', 'error', 2);
    expect(await put(student, `/chats/${chatId}/cancel`)).toMatchObject({ status: 503, body: { code: 'payments_unavailable', msg: MSG.paymentsUnavailable } });
    // The cancellation stands, its refund decided; nothing is refunded yet.
    expect((await chatOf(student, chatId)).orderStatus).toBe('canceled');
    expect(await refundsOf(paymentIntentId)).toEqual([]);
    await advanceClock('10m');
    expect((await refundsOf(paymentIntentId)).map((refund) => refund.amount)).toEqual([9100]);
    await advanceClock('10m');
    expect(await refundsOf(paymentIntentId)).toHaveLength(1);
  });

  it('is made once when two runs of the job retry it at the same moment after the same error', async () => {
    const { student, chatId, paymentIntentId } = await paidSession();
    await fault('/v1/refunds', 'error', 2);
    expect((await put(student, `/chats/${chatId}/cancel`)).status).toBe(503);
    // Both runs replay the saved error under the second attempt's key and find no refund: one takes the third attempt.
    await Promise.all([advanceClock('10m'), advanceClock('10m')]);
    expect((await refundsOf(paymentIntentId)).map((refund) => refund.amount)).toEqual([9100]);
    expect(await getItem({ pk: `PROVIDERMOVE#order-${chatId}-refund`, sk: 'ATTEMPT' })).toMatchObject({ attempt: 2 });
  });
});

describe('a payout account the provider fails to create', () => {
  it('is created once, under the next attempt’s key, in the same call', async () => {
    const { client: newcomer, email } = await signedInNewExpert('Olga', 'Onboarding');
    const userId = String((await getItem(emailKey(email)))?.userId);
    await fault('/v1/accounts', 'error', 1);
    const started = await newcomer.post<{ url: string }>('/payments/onboard');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const accounts = (await localStripe().accounts.list({ limit: 100 })).data.filter((account) => account.metadata?.expertId === userId);
    expect(accounts.map((account) => account.metadata?.operation)).toEqual([`payout-account-${userId}`]);
    expect((await getItem({ pk: `USER#${userId}`, sk: 'PROFILE' }))?.payoutAccountId).toBe(accounts[0].id);
  });
});

describe('a checkout the provider fails', () => {
  it('answers 503, and the student’s next try takes a new key: one session, paid once', async () => {
    const { student, chat } = await openOrder(offer);
    await fault('/v1/checkout/sessions', 'error', 1);
    expect(await student.post('/payments/create-session', { chatId: chat._id })).toMatchObject({
      status: 503,
      body: { code: 'payments_unavailable', msg: MSG.paymentsUnavailable },
    });
    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // A double click replays the new key's session.
    expect((await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id })).body.url).toBe(created.body.url);
    await pressOnPage(created.body.url, 'pay');
    await delivered('checkout.session.completed', sessionIdOf(created.body.url));
    expect((await chatOf(student, chat._id)).orderStatus).toBe('in_progress');
  });
});

describe('a transfer whose answer is lost after it was made', () => {
  it('stays due, and the deadlines job finds it under the same key: one transfer', async () => {
    await fault('/v1/transfers', 'drop-after-commit', 2);
    const { chatId } = await approvedOrder({ expert, offer });
    const transfers = async () => (await localStripe().transfers.list({ transfer_group: `order_${chatId}`, limit: 100 })).data;
    // Made at the provider, though the app did not hear it: the order's transfer is still due.
    expect(await transfers()).toHaveLength(1);
    expect((await getItem({ pk: `ORDER#${chatId}`, sk: 'ORDER' }))?.transfer).toMatchObject({ status: 'due' });
    await advanceClock('10m');
    const made = await transfers();
    expect(made).toHaveLength(1);
    expect((await getItem({ pk: `ORDER#${chatId}`, sk: 'ORDER' }))?.transfer).toMatchObject({ transferId: made[0].id });
  });
});

describe('a transfer made, then left unrecorded for more than a day', () => {
  it('is found at the provider when its key has expired: one transfer, recorded', async () => {
    // Made, and its answer lost twice: the request's own retry replays the lost answer.
    await fault('/v1/transfers', 'drop-after-commit', 2);
    const { chatId } = await approvedOrder({ expert, offer });
    const transfers = async () => (await localStripe().transfers.list({ transfer_group: `order_${chatId}`, limit: 100 })).data;
    expect(await transfers()).toHaveLength(1);
    // The job's next run comes after Stripe has forgotten the key (24 hours): the same key runs the transfer again,
    // which the charge refuses, as it is already transferred.
    await advanceClock('25h');
    const made = await transfers();
    expect(made).toHaveLength(1);
    expect((await getItem({ pk: `ORDER#${chatId}`, sk: 'ORDER' }))?.transfer).toMatchObject({ transferId: made[0].id });
    expect(await ledgerEntry(`transfer:${made[0].id}`)).toMatchObject({ kind: 'transfer', orderId: chatId });
  });
});

describe('a payout whose answer never comes in time', () => {
  it('leaves the withdrawal approved, and the payouts job pays it out once', async () => {
    await approvedOrder({ expert, offer });
    await settleFunds();
    const requested = await expert.post<{ withdrawal: { _id: string; amount: number } }>('/user/withdraw', { amount: 54 });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const withdrawalId = requested.body.withdrawal._id;
    const admin = await signedInAs('admin');
    await fault('/v1/payouts', 'timeout', 2);
    expect(await admin.post(`/admin/withdrawals/${withdrawalId}/approve`, {})).toMatchObject({ status: 503, body: { code: 'payments_unavailable' } });
    const account = String((await getItem({ pk: `USER#${expertId}`, sk: 'PROFILE' }))?.payoutAccountId);
    const payouts = async () =>
      (await localStripe().payouts.list({ limit: 100 }, { stripeAccount: account })).data.filter((payout) => payout.metadata?.withdrawalId === withdrawalId);
    expect(await payouts()).toHaveLength(1);
    await advanceClock('10m');
    expect(await payouts()).toHaveLength(1);
    expect((await getItem({ pk: `WITHDRAWAL#${withdrawalId}`, sk: 'WITHDRAWAL' }))?.payoutId).toBe((await payouts())[0].id);
  });
});
