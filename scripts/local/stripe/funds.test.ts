import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './test-harness';

/** The local Stripe's default delays: funds settle in 5 minutes, payouts arrive in 5, disputes are decided in 10. */
const SETTLEMENT = 300;
const PAYOUT = 300;
const DISPUTE = 600;

let h: Harness;
let stripe: Stripe;

beforeEach(async () => {
  h = await startHarness();
  stripe = h.stripe;
});

afterEach(async () => {
  await h.stop();
});

const eur = (balance: Stripe.Balance) => ({ available: balance.available[0].amount, pending: balance.pending[0].amount });

/** An onboarded expert on manual payouts, paid `amount` out of a charge of `charged` (settled unless told). */
async function fundedAccount(amount: number, charged = amount, settle = true) {
  const { charge } = await h.paidCharge(charged);
  const account = await h.onboardedAccount();
  const transfer = await h.stripe.transfers.create({
    amount,
    currency: 'eur',
    destination: account.id,
    source_transaction: charge.id,
    transfer_group: 'order_1',
  });
  if (settle) await h.advance(SETTLEMENT);
  return { charge, account, transfer };
}

describe('local Stripe transfers tied to their charge (source_transaction)', () => {
  it('accepts a transfer from pending funds; the expert’s funds become available when the charge’s do, by the clock', async () => {
    const { charge } = await h.paidCharge(10_000, 'order_1');
    const account = await h.onboardedAccount();
    const chargeTransaction = await stripe.balanceTransactions.retrieve(charge.balance_transaction as string);
    expect(chargeTransaction).toMatchObject({
      type: 'charge',
      reporting_category: 'charge',
      status: 'pending',
      amount: 10_000,
      fee: 0,
      net: 10_000,
      source: charge.id,
    });
    expect(chargeTransaction.available_on).toBe(chargeTransaction.created + SETTLEMENT);
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: 0, pending: 10_000 });

    const transfer = await stripe.transfers.create({
      amount: 8000,
      currency: 'eur',
      destination: account.id,
      source_transaction: charge.id,
      transfer_group: 'order_1',
      metadata: { orderId: 'order-1' },
    });
    expect(transfer).toMatchObject({
      object: 'transfer',
      amount: 8000,
      amount_reversed: 0,
      reversed: false,
      source_transaction: charge.id,
      transfer_group: 'order_1',
      metadata: { orderId: 'order-1' },
      reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${transfer.id}/reversals` },
    });
    expect(transfer.destination_payment).toMatch(/^py_\w+$/);
    const platformTransaction = await stripe.balanceTransactions.retrieve(transfer.balance_transaction as string);
    expect(platformTransaction).toMatchObject({
      type: 'transfer',
      amount: -8000,
      status: 'pending',
      available_on: chargeTransaction.available_on,
      source: transfer.id,
    });

    const asExpert = { stripeAccount: account.id };
    expect(eur(await stripe.balance.retrieve({}, asExpert))).toEqual({ available: 0, pending: 8000 });
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: 0, pending: 2000 });
    const [payment] = (await stripe.balanceTransactions.list({}, asExpert)).data;
    expect(payment).toMatchObject({ type: 'payment', reporting_category: 'charge', amount: 8000, status: 'pending', source: transfer.destination_payment });
    expect(payment.available_on).toBe(chargeTransaction.available_on);

    await h.advance(SETTLEMENT - 1);
    expect(eur(await stripe.balance.retrieve({}, asExpert))).toEqual({ available: 0, pending: 8000 });
    await h.advance(1);
    expect(eur(await stripe.balance.retrieve({}, asExpert))).toEqual({ available: 8000, pending: 0 });
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: 2000, pending: 0 });
    expect(await stripe.balanceTransactions.retrieve(payment.id, {}, asExpert)).toMatchObject({ status: 'available' });

    // Stripe's balance.available, the expert's a Connect event naming its account.
    const available = await h.eventually(() => {
      const events = h.received.filter((delivery) => delivery.event.type === 'balance.available').map((delivery) => delivery.event);
      return events.length === 2 ? events : undefined;
    });
    expect(available.map((event) => event.account ?? 'platform').sort()).toEqual([account.id, 'platform'].sort());
    expect(available.find((event) => event.account === account.id)?.data.object).toMatchObject({
      object: 'balance',
      available: [{ amount: 8000, currency: 'eur' }],
    });
    expect(available.find((event) => !event.account)?.data.object).toHaveProperty('connect_reserved');
  });

  it('acts on the test clock only when told (the test stacks): the time passing settles nothing at a request, the clock’s move does', async () => {
    await h.stop();
    h = await startHarness({ dueOnTickOnly: true });
    stripe = h.stripe;
    await h.paidCharge(10_000, 'order_1');
    h.passTime(SETTLEMENT);
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: 0, pending: 10_000 });
    expect(h.received.map((delivery) => delivery.event.type)).not.toContain('balance.available');

    await h.advance(0);
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: 10_000, pending: 0 });
    await h.eventually(() => h.received.find((delivery) => delivery.event.type === 'balance.available'));
  });

  it('makes every pending balance available on POST /_local/payments/settle', async () => {
    const { account } = await fundedAccount(4000, 5000, false);
    const settled = await h.postJson('/_local/payments/settle');
    expect(settled.status).toBe(200);
    expect(await settled.json()).toEqual({
      balances: [
        { account: 'platform', available: 1000, pending: 0 },
        { account: account.id, available: 4000, pending: 0 },
      ],
    });
    expect(eur(await stripe.balance.retrieve({}, { stripeAccount: account.id }))).toEqual({ available: 4000, pending: 0 });
    await h.eventually(() => h.received.find((delivery) => delivery.event.type === 'balance.available' && delivery.event.account === account.id));
  });

  it('refuses what Stripe refuses: more than the charge can still fund, more than the available balance without a source, an unknown charge', async () => {
    const { charge } = await h.paidCharge(10_000);
    const account = await h.onboardedAccount();
    const transfer = (amount: number, extra: Partial<Stripe.TransferCreateParams> = { source_transaction: charge.id }) =>
      stripe.transfers.create({ amount, currency: 'eur', destination: account.id, ...extra });
    await expect(transfer(10_001)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: 'Transfers using this transaction as a source must not exceed the source amount of €100.00.',
    });
    await transfer(6000);
    await expect(transfer(4001)).rejects.toMatchObject({
      message:
        'Transfers using this transaction as a source must not exceed the source amount of €100.00. (There is already a transfer using this source, amounting to €60.00.)',
    });
    expect((await transfer(4000)).amount).toBe(4000);
    // Without a source, a transfer draws on the available balance, and the charge's funds are still pending.
    await expect(transfer(100, {})).rejects.toMatchObject({ code: 'balance_insufficient' });
    await expect(transfer(100, { source_transaction: 'ch_unknown' })).rejects.toMatchObject({ code: 'resource_missing', param: 'source_transaction' });
  });

  it('gives the transfer its charge’s group, or makes one for both from the payment intent', async () => {
    const grouped = await h.paidCharge(3000, 'order_7');
    const loose = await h.paidCharge(3000, null);
    const account = await h.onboardedAccount();
    const fromGrouped = await stripe.transfers.create({ amount: 1000, currency: 'eur', destination: account.id, source_transaction: grouped.charge.id });
    expect(fromGrouped.transfer_group).toBe('order_7');
    const fromLoose = await stripe.transfers.create({ amount: 1000, currency: 'eur', destination: account.id, source_transaction: loose.charge.id });
    expect(fromLoose.transfer_group).toBe(`group_${loose.intent.id}`);
    expect((await stripe.charges.retrieve(loose.charge.id)).transfer_group).toBe(`group_${loose.intent.id}`);
    const listed = await stripe.transfers.list({ transfer_group: 'order_7' });
    expect(listed.data.map((transfer) => transfer.id)).toEqual([fromGrouped.id]);
  });
});

describe('local Stripe balances and balance transactions', () => {
  it('answers for the platform and, with Stripe-Account, for a connected account; lists newest first with Stripe’s filters and pages', async () => {
    const { charge, account, transfer } = await fundedAccount(7000, 9000);
    const platform = await stripe.balanceTransactions.list();
    expect(platform.data.map((transaction) => [transaction.type, transaction.amount, transaction.source])).toEqual([
      ['transfer', -7000, transfer.id],
      ['charge', 9000, charge.id],
    ]);
    expect(platform).toMatchObject({ object: 'list', has_more: false, url: '/v1/balance_transactions' });
    expect(platform.data[0]).toMatchObject({ object: 'balance_transaction', currency: 'eur', balance_type: 'payments', fee_details: [], exchange_rate: null });
    expect((await stripe.balanceTransactions.list({ type: 'charge' })).data.map((transaction) => transaction.source)).toEqual([charge.id]);
    expect((await stripe.balanceTransactions.list({ source: transfer.id })).data).toHaveLength(1);
    const firstPage = await stripe.balanceTransactions.list({ limit: 1 });
    expect(firstPage.has_more).toBe(true);
    const secondPage = await stripe.balanceTransactions.list({ limit: 1, starting_after: firstPage.data[0].id });
    expect(secondPage.data.map((transaction) => transaction.type)).toEqual(['charge']);

    const asExpert = { stripeAccount: account.id };
    const connected = await stripe.balanceTransactions.list({}, asExpert);
    expect(connected.data.map((transaction) => [transaction.type, transaction.amount, transaction.status])).toEqual([['payment', 7000, 'available']]);
    expect(eur(await stripe.balance.retrieve({}, asExpert))).toEqual({ available: 7000, pending: 0 });
    expect(await stripe.balance.retrieve({}, asExpert)).not.toHaveProperty('connect_reserved');
    // Each account sees only its own transactions.
    await expect(stripe.balanceTransactions.retrieve(connected.data[0].id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(stripe.balanceTransactions.retrieve(platform.data[0].id, {}, asExpert)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses an unknown Stripe-Account, and the header on what it does not answer for connected accounts', async () => {
    await expect(stripe.balance.retrieve({}, { stripeAccount: 'acct_unknown' })).rejects.toMatchObject({ statusCode: 403, code: 'account_invalid' });
    const account = await h.onboardedAccount();
    await expect(stripe.checkout.sessions.retrieve('cs_test_x', {}, { stripeAccount: account.id })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('Stripe-Account header'),
    });
  });
});

describe('local Stripe payout schedules', () => {
  it('keeps an account on manual payouts when asked at creation, and changes its schedule on update with account.updated', async () => {
    const account = await h.onboardedAccount();
    expect(account.settings?.payouts?.schedule).toEqual({ interval: 'manual', delay_days: 2 });
    expect(account.external_accounts?.data[0]).toMatchObject({ object: 'bank_account', country: 'FR', currency: 'eur', last4: '2606', account: account.id });

    await expect(stripe.accounts.update(account.id, { settings: { payouts: { schedule: { interval: 'weekly' } } } })).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'settings[payouts][schedule][weekly_anchor]',
    });
    await expect(stripe.accounts.update(account.id, { settings: { payouts: { schedule: { interval: 'hourly' as 'daily' } } } })).rejects.toMatchObject({
      param: 'settings[payouts][schedule][interval]',
    });
    const weekly = await stripe.accounts.update(account.id, { settings: { payouts: { schedule: { interval: 'weekly', weekly_anchor: 'friday' } } } });
    expect(weekly.settings?.payouts?.schedule).toEqual({ interval: 'weekly', weekly_anchor: 'friday', delay_days: 2 });
    const updated = await h.eventually(() =>
      h.received.find((delivery) => delivery.event.type === 'account.updated' && (delivery.event.data.previous_attributes as { settings?: unknown })?.settings),
    );
    expect(updated.event.account).toBe(account.id);
    expect(updated.event.data.previous_attributes).toMatchObject({ settings: { payouts: { schedule: { interval: 'manual' } } } });
  });

  it('pays an account left on Stripe’s daily schedule its available balance automatically, once a day; never one on manual payouts', async () => {
    const { charge } = await h.paidCharge(10_000);
    const daily = await h.onboardedAccount({});
    expect(daily.settings?.payouts?.schedule).toEqual({ interval: 'daily', delay_days: 2 });
    const manual = await h.onboardedAccount();
    for (const account of [daily, manual])
      await stripe.transfers.create({ amount: 3000, currency: 'eur', destination: account.id, source_transaction: charge.id });
    await h.advance(SETTLEMENT);

    const [automatic] = (await stripe.payouts.list({}, { stripeAccount: daily.id })).data;
    expect(automatic).toMatchObject({ automatic: true, amount: 3000, status: 'pending', description: 'STRIPE PAYOUT', reconciliation_status: 'in_progress' });
    expect((await h.delivered('payout.created', automatic.id)).account).toBe(daily.id);
    expect((await stripe.payouts.list({}, { stripeAccount: manual.id })).data).toEqual([]);
    expect(eur(await stripe.balance.retrieve({}, { stripeAccount: manual.id }))).toEqual({ available: 3000, pending: 0 });
  });
});

describe('local Stripe payouts from connected accounts', () => {
  it('lists an account’s payouts by status, page after page as the SDK’s auto-pagination asks (reconciliation’s payouts on their way)', async () => {
    const { account } = await fundedAccount(10_000);
    const asExpert = { stripeAccount: account.id };
    for (const amount of [1000, 2000, 3000]) await stripe.payouts.create({ amount, currency: 'eur' }, asExpert);
    const listed = async (status: string) => {
      const amounts: number[] = [];
      for await (const payout of stripe.payouts.list({ status, limit: 2 }, asExpert)) amounts.push(payout.amount);
      return amounts;
    };
    expect(await listed('pending')).toEqual([3000, 2000, 1000]);
    expect(eur(await stripe.balance.retrieve({}, asExpert))).toEqual({ available: 4000, pending: 0 });

    await h.advance(PAYOUT);
    expect(await listed('pending')).toEqual([]);
    expect(await listed('paid')).toEqual([3000, 2000, 1000]);
    // The platform's own payouts: none here, where the platform is never paid out.
    expect((await stripe.payouts.list({ status: 'paid' })).data).toEqual([]);
  });

  it('pays out the available balance: pending, in transit, then paid by the clock, with Connect events naming the account', async () => {
    const { account } = await fundedAccount(8000);
    const asExpert = { stripeAccount: account.id };
    const payout = await stripe.payouts.create(
      { amount: 3000, currency: 'eur', metadata: { withdrawalId: 'w-1' } },
      { ...asExpert, idempotencyKey: 'withdrawal-w-1' },
    );
    expect(payout).toMatchObject({
      object: 'payout',
      amount: 3000,
      currency: 'eur',
      status: 'pending',
      automatic: false,
      method: 'standard',
      type: 'bank_account',
      destination: account.external_accounts?.data[0].id,
      metadata: { withdrawalId: 'w-1' },
      failure_code: null,
      reconciliation_status: 'not_applicable',
    });
    expect(payout.id).toMatch(/^po_\w+$/);
    expect(payout.arrival_date).toBe(payout.created + PAYOUT);
    expect(await stripe.balanceTransactions.retrieve(payout.balance_transaction as string, {}, asExpert)).toMatchObject({
      type: 'payout',
      reporting_category: 'payout',
      amount: -3000,
      status: 'available',
      source: payout.id,
    });
    expect(eur(await stripe.balance.retrieve({}, asExpert))).toEqual({ available: 5000, pending: 0 });
    const created = await h.delivered('payout.created', payout.id);
    expect(created).toMatchObject({ account: account.id, request: { idempotency_key: 'withdrawal-w-1' }, data: { object: { status: 'pending' } } });

    await h.advance(60);
    expect(await stripe.payouts.retrieve(payout.id, {}, asExpert)).toMatchObject({ status: 'in_transit' });
    await h.advance(PAYOUT - 60);
    expect(await stripe.payouts.retrieve(payout.id, {}, asExpert)).toMatchObject({ status: 'paid', trace_id: { status: 'unsupported' } });
    const paid = await h.delivered('payout.paid', payout.id);
    expect(paid).toMatchObject({ account: account.id, request: { id: null }, data: { object: { status: 'paid' } } });
    expect((await h.eventsAbout(payout.id)).map((event) => [event.type, (event.data.object as Stripe.Payout).status])).toEqual([
      ['payout.created', 'pending'],
      ['payout.updated', 'in_transit'],
      ['payout.updated', 'paid'],
      ['payout.paid', 'paid'],
    ]);
    expect((await stripe.payouts.list({}, asExpert)).data.map((listed) => listed.id)).toEqual([payout.id]);
    await expect(stripe.payouts.retrieve(payout.id)).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('refuses a payout beyond the available balance with Stripe’s balance_insufficient, and one for an account not onboarded or without Stripe-Account', async () => {
    const { account } = await fundedAccount(5000, 5000, false);
    const asExpert = { stripeAccount: account.id };
    // Pending funds cannot be paid out.
    await expect(stripe.payouts.create({ amount: 1, currency: 'eur' }, asExpert)).rejects.toMatchObject({ code: 'balance_insufficient' });
    await h.advance(SETTLEMENT);
    await expect(stripe.payouts.create({ amount: 5001, currency: 'eur' }, asExpert)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'balance_insufficient',
      message:
        'You have insufficient funds in your Stripe account for this transfer. Your card balance is too low.  You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).',
    });
    expect((await stripe.payouts.create({ amount: 5000, currency: 'eur' }, asExpert)).amount).toBe(5000);

    const newcomer = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
    await expect(stripe.payouts.create({ amount: 100, currency: 'eur' }, { stripeAccount: newcomer.id })).rejects.toMatchObject({
      code: 'payouts_not_allowed',
    });
    await expect(stripe.payouts.create({ amount: 100, currency: 'eur' })).rejects.toMatchObject({ message: expect.stringContaining('Stripe-Account') });
  });

  it('replays a payout for its idempotency key, refuses the key with other parameters, and keeps each account’s keys apart', async () => {
    const { account } = await fundedAccount(5000);
    const other = await h.onboardedAccount();
    const options = { stripeAccount: account.id, idempotencyKey: 'withdrawal-w-2' };
    const first = await stripe.payouts.create({ amount: 2000, currency: 'eur' }, options);
    const again = await stripe.payouts.create({ amount: 2000, currency: 'eur' }, options);
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(eur(await stripe.balance.retrieve({}, { stripeAccount: account.id }))).toEqual({ available: 3000, pending: 0 });
    await expect(stripe.payouts.create({ amount: 2500, currency: 'eur' }, options)).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      message: expect.stringContaining('same parameters'),
    });
    // The same key on another account is another request: refused there for want of funds, not replayed.
    await expect(stripe.payouts.create({ amount: 2000, currency: 'eur' }, { ...options, stripeAccount: other.id })).rejects.toMatchObject({
      code: 'balance_insufficient',
    });
  });

  it('fails a payout on POST /_local/payments/payouts/{id}/fail: payout.failed, its failure code, and the funds back in the balance', async () => {
    const { account } = await fundedAccount(5000);
    const asExpert = { stripeAccount: account.id };
    const payout = await stripe.payouts.create({ amount: 4000, currency: 'eur' }, asExpert);
    await h.advance(PAYOUT);
    expect((await stripe.payouts.retrieve(payout.id, {}, asExpert)).status).toBe('paid');
    expect((await h.postJson(`/_local/payments/payouts/${payout.id}/fail`, { failureCode: 'nope' })).status).toBe(400);

    // As Stripe warns, a payout that said it was paid can still fail.
    const failed = await h.postJson(`/_local/payments/payouts/${payout.id}/fail`, { failureCode: 'account_closed' });
    expect(failed.status).toBe(200);
    const retrieved = await stripe.payouts.retrieve(payout.id, {}, asExpert);
    expect(retrieved).toMatchObject({ status: 'failed', failure_code: 'account_closed', failure_message: 'The bank account has been closed.' });
    expect(await stripe.balanceTransactions.retrieve(retrieved.failure_balance_transaction as string, {}, asExpert)).toMatchObject({
      type: 'payout_failure',
      reporting_category: 'payout_reversal',
      amount: 4000,
      status: 'available',
      source: payout.id,
    });
    expect(eur(await stripe.balance.retrieve({}, asExpert))).toEqual({ available: 5000, pending: 0 });
    const event = await h.delivered('payout.failed', payout.id);
    expect(event).toMatchObject({ account: account.id, data: { object: { status: 'failed', failure_code: 'account_closed' } } });

    expect((await h.postJson(`/_local/payments/payouts/${payout.id}/fail`)).status).toBe(409);
    expect((await h.postJson('/_local/payments/payouts/po_unknown/fail')).status).toBe(404);
  });
});

describe('local Stripe transfer reversals', () => {
  it('reverses in parts up to the transfer, with transfer.reversed, and the balance transactions of both accounts', async () => {
    const { account, transfer } = await fundedAccount(8000, 10_000);
    const options = { idempotencyKey: 'order-1-refund-reversal' };
    const reversal = await stripe.transfers.createReversal(transfer.id, { amount: 3000, metadata: { orderId: 'order-1' } }, options);
    expect(reversal).toMatchObject({ object: 'transfer_reversal', amount: 3000, currency: 'eur', transfer: transfer.id, metadata: { orderId: 'order-1' } });
    expect(reversal.id).toMatch(/^trr_\w+$/);
    expect(reversal.destination_payment_refund).toMatch(/^pyr_\w+$/);
    expect((await stripe.transfers.createReversal(transfer.id, { amount: 3000, metadata: { orderId: 'order-1' } }, options)).id).toBe(reversal.id);
    await expect(stripe.transfers.createReversal(transfer.id, { amount: 2000 }, options)).rejects.toMatchObject({ type: 'StripeIdempotencyError' });

    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 3000, reversed: false, reversals: { data: [{ id: reversal.id }] } });
    const reversed = await h.delivered('transfer.reversed', transfer.id);
    expect(reversed.data.object).toMatchObject({ amount_reversed: 3000, reversed: false });
    expect(reversed.data.previous_attributes).toMatchObject({ amount_reversed: 0 });
    expect(reversed.request?.idempotency_key).toBe('order-1-refund-reversal');
    expect(await stripe.balanceTransactions.retrieve(reversal.balance_transaction as string)).toMatchObject({
      type: 'transfer_refund',
      reporting_category: 'transfer_reversal',
      amount: 3000,
      status: 'available',
      source: reversal.id,
    });
    const [refundOfPayment] = (await stripe.balanceTransactions.list({ type: 'payment_refund' }, { stripeAccount: account.id })).data;
    expect(refundOfPayment).toMatchObject({ amount: -3000, reporting_category: 'refund', source: reversal.destination_payment_refund });

    await expect(stripe.transfers.createReversal(transfer.id, { amount: 5001 })).rejects.toMatchObject({ param: 'amount', statusCode: 400 });
    const rest = await stripe.transfers.createReversal(transfer.id);
    expect(rest.amount).toBe(5000);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 8000, reversed: true });
    await expect(stripe.transfers.createReversal(transfer.id, { amount: 1 })).rejects.toMatchObject({
      message: `The transfer ${transfer.id} is already fully reversed.`,
    });
    expect((await stripe.transfers.listReversals(transfer.id)).data.map((listed) => listed.id)).toEqual([rest.id, reversal.id]);
    expect(await stripe.transfers.retrieveReversal(transfer.id, reversal.id)).toMatchObject({ id: reversal.id, amount: 3000 });

    expect(eur(await stripe.balance.retrieve({}, { stripeAccount: account.id }))).toEqual({ available: 0, pending: 0 });
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: 10_000, pending: 0 });
  });

  it('refuses a reversal the connected account’s available balance cannot cover: pending funds, or funds already paid out', async () => {
    const { account, transfer } = await fundedAccount(6000, 6000, false);
    await expect(stripe.transfers.createReversal(transfer.id, { amount: 1000 })).rejects.toMatchObject({ code: 'balance_insufficient', param: 'amount' });
    await h.advance(SETTLEMENT);
    await stripe.payouts.create({ amount: 5500, currency: 'eur' }, { stripeAccount: account.id });
    await expect(stripe.transfers.createReversal(transfer.id, { amount: 501 })).rejects.toMatchObject({
      code: 'balance_insufficient',
      message: expect.stringContaining('€5.00'),
    });
    expect((await stripe.transfers.createReversal(transfer.id, { amount: 500 })).amount).toBe(500);
  });
});

describe('local Stripe disputes', () => {
  it('takes the disputed amount and the €15.00 fee at once; a won dispute gives the amount back but not the fee, when the clock gets there', async () => {
    const { charge } = await h.paidCharge(5000);
    await h.advance(SETTLEMENT);
    const opened = await h.postJson(`/_local/payments/charges/${charge.id}/dispute`, { outcome: 'won' });
    expect(opened.status).toBe(200);
    const dispute = (await opened.json()) as Stripe.Dispute;
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 5000,
      currency: 'eur',
      charge: charge.id,
      status: 'needs_response',
      reason: 'fraudulent',
      is_charge_refundable: false,
      payment_method_details: { type: 'card', card: { case_type: 'chargeback', network_reason_code: '10.4' } },
    });
    expect(dispute.id).toMatch(/^dp_\w+$/);
    expect(dispute.evidence_details.due_by).toBe(dispute.created + DISPUTE);
    expect(dispute.balance_transactions).toMatchObject([
      {
        type: 'adjustment',
        reporting_category: 'dispute',
        amount: -5000,
        fee: 1500,
        net: -6500,
        fee_details: [{ amount: 1500, type: 'stripe_fee', description: 'Dispute fee' }],
        source: dispute.id,
      },
    ]);
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: -1500, pending: 0 });
    expect((await stripe.charges.retrieve(charge.id)).disputed).toBe(true);
    await expect(stripe.refunds.create({ charge: charge.id })).rejects.toMatchObject({ code: 'charge_disputed' });
    await h.delivered('charge.dispute.created', dispute.id);
    await h.delivered('charge.dispute.funds_withdrawn', dispute.id);

    await h.advance(DISPUTE);
    const closed = await h.delivered('charge.dispute.closed', dispute.id);
    expect(closed.data.object).toMatchObject({ status: 'won' });
    expect(closed.data.previous_attributes).toEqual({ status: 'needs_response' });
    const reinstated = await h.delivered('charge.dispute.funds_reinstated', dispute.id);
    expect((reinstated.data.object as Stripe.Dispute).balance_transactions.map((transaction) => [transaction.reporting_category, transaction.net])).toEqual([
      ['dispute', -6500],
      ['dispute_reversal', 5000],
    ]);
    expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({ status: 'won' });
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: 3500, pending: 0 });
    expect((await h.eventsAbout(dispute.id)).map((event) => event.type)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
  });

  it('decides a lost dispute at once on POST /_local/payments/disputes/{id}/decide: the amount and the fee stay taken', async () => {
    const { charge } = await h.paidCharge(5000);
    await stripe.refunds.create({ charge: charge.id, amount: 1000 });
    const dispute = (await (
      await h.postJson(`/_local/payments/charges/${charge.id}/dispute`, { outcome: 'lost', reason: 'product_not_received' })
    ).json()) as Stripe.Dispute;
    // What the cardholder still paid is what is disputed.
    expect(dispute).toMatchObject({ amount: 4000, reason: 'product_not_received' });
    expect((await h.postJson(`/_local/payments/charges/${charge.id}/dispute`, { outcome: 'won' })).status).toBe(409);

    const decided = await h.postJson(`/_local/payments/disputes/${dispute.id}/decide`);
    expect(await decided.json()).toMatchObject({ status: 'lost' });
    expect((await h.delivered('charge.dispute.closed', dispute.id)).data.object).toMatchObject({ status: 'lost' });
    expect((await h.postJson(`/_local/payments/disputes/${dispute.id}/decide`)).status).toBe(409);
    await h.advance(SETTLEMENT);
    // 5,000 charged − 1,000 refunded − 4,000 disputed − 1,500 fee.
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: -1500, pending: 0 });
    expect((await h.eventsAbout(dispute.id)).map((event) => event.type)).not.toContain('charge.dispute.funds_reinstated');
    expect((await stripe.disputes.list({ charge: charge.id })).data.map((listed) => listed.id)).toEqual([dispute.id]);
  });

  it('closes a dispute the platform accepts (POST /v1/disputes/{id}/close) as lost, and refuses disputes it cannot make', async () => {
    const { charge } = await h.paidCharge(2000);
    const dispute = (await (await h.postJson(`/_local/payments/charges/${charge.id}/dispute`, { outcome: 'won' })).json()) as Stripe.Dispute;
    expect(await stripe.disputes.close(dispute.id)).toMatchObject({ status: 'lost' });
    await expect(stripe.disputes.close(dispute.id)).rejects.toMatchObject({ statusCode: 400 });

    expect((await h.postJson(`/_local/payments/charges/${charge.id}/dispute`, { outcome: 'maybe' })).status).toBe(400);
    expect((await h.postJson('/_local/payments/charges/ch_unknown/dispute', { outcome: 'won' })).status).toBe(404);
    const refunded = await h.paidCharge(2000);
    await stripe.refunds.create({ charge: refunded.charge.id });
    expect((await h.postJson(`/_local/payments/charges/${refunded.charge.id}/dispute`, { outcome: 'won' })).status).toBe(409);
  });
});

describe('local Stripe controls and dashboard', () => {
  it('adjusts a balance outside the API, as Stripe’s dashboard can: an adjustment balance transaction', async () => {
    const { account } = await fundedAccount(3000);
    const adjusted = await h.postJson(`/_local/payments/accounts/${account.id}/adjust`, { amount: -700, description: 'Correction by support' });
    expect(adjusted.status).toBe(200);
    const transaction = (await adjusted.json()) as Stripe.BalanceTransaction;
    expect(transaction).toMatchObject({
      type: 'adjustment',
      reporting_category: 'other_adjustment',
      amount: -700,
      net: -700,
      status: 'available',
      description: 'Correction by support',
    });
    expect(await stripe.balanceTransactions.retrieve(transaction.id, {}, { stripeAccount: account.id })).toMatchObject({ amount: -700 });
    expect(eur(await stripe.balance.retrieve({}, { stripeAccount: account.id }))).toEqual({ available: 2300, pending: 0 });

    expect((await h.postJson('/_local/payments/accounts/platform/adjust', { amount: 250 })).status).toBe(200);
    expect(eur(await stripe.balance.retrieve())).toEqual({ available: 250, pending: 0 });
    expect((await h.postJson('/_local/payments/accounts/platform/adjust', { amount: 0 })).status).toBe(400);
    expect((await h.postJson('/_local/payments/accounts/platform/adjust', { amount: 1.5 })).status).toBe(400);
    expect((await h.postJson('/_local/payments/accounts/acct_unknown/adjust', { amount: 100 })).status).toBe(404);
  });

  it('shows balances, transfers, reversals, payouts, disputes and balance transactions on the dashboard, and Connect events’ account in events.json', async () => {
    const { charge, account, transfer } = await fundedAccount(3000, 5000);
    const reversal = await stripe.transfers.createReversal(transfer.id, { amount: 500 });
    const payout = await stripe.payouts.create({ amount: 1200, currency: 'eur' }, { stripeAccount: account.id });
    const dispute = (await (await h.postJson(`/_local/payments/charges/${charge.id}/dispute`, { outcome: 'lost' })).json()) as Stripe.Dispute;
    const page = await (await fetch(`${h.appUrl}/_local/payments`)).text();
    for (const heading of ['Balances', 'Transfers', 'Transfer reversals', 'Payouts', 'Disputes', 'Balance transactions'])
      expect(page).toContain(`<h2>${heading}`);
    for (const id of [transfer.id, reversal.id, payout.id, dispute.id, account.id]) expect(page).toContain(id);
    expect(page).toContain('€15.00');

    await h.delivered('payout.created', payout.id);
    const summaries = (await (await fetch(`${h.appUrl}/_local/payments/events.json`)).json()) as { type: string; objectId: string; account?: string }[];
    expect(summaries.find((summary) => summary.objectId === payout.id)).toMatchObject({ type: 'payout.created', account: account.id });
    expect(summaries.find((summary) => summary.type === 'charge.dispute.created')).not.toHaveProperty('account');
    const express = await (await fetch(`${h.appUrl}/_local/payments/express/${account.id}`)).text();
    expect(express).toContain('€13.00 available');
  });
});

describe('local Stripe funds across a restart', () => {
  it('keeps balance transactions, transfers, reversals, payouts and disputes in its state file; state from before balances gets them back', async () => {
    await h.stop();
    const folder = mkdtempSync(join(tmpdir(), 'local-stripe-funds-'));
    const stateFile = join(folder, 'stripe.json');
    h = await startHarness({ stateFile });
    try {
      const { account, transfer } = await fundedAccount(6000, 8000);
      const reversal = await h.stripe.transfers.createReversal(transfer.id, { amount: 1000 });
      const payout = await h.stripe.payouts.create({ amount: 2000, currency: 'eur' }, { stripeAccount: account.id, idempotencyKey: 'w-9' });
      await h.restart();
      const asExpert = { stripeAccount: account.id };
      expect(eur(await h.stripe.balance.retrieve({}, asExpert))).toEqual({ available: 3000, pending: 0 });
      expect(eur(await h.stripe.balance.retrieve())).toEqual({ available: 3000, pending: 0 });
      expect(await h.stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 1000, reversals: { data: [{ id: reversal.id }] } });
      expect((await h.stripe.payouts.create({ amount: 2000, currency: 'eur' }, { ...asExpert, idempotencyKey: 'w-9' })).id).toBe(payout.id);
      await h.advance(PAYOUT);
      expect(await h.stripe.payouts.retrieve(payout.id, {}, asExpert)).toMatchObject({ status: 'paid' });

      // A state file written before balances: its charges, refunds and transfers, every one available since it was made.
      await h.restart();
      const state = JSON.parse(readFileSync(stateFile, 'utf8'));
      for (const key of ['balanceTransactions', 'reversals', 'payouts', 'disputes']) delete state.ledger[key];
      for (const old of state.ledger.transfers) for (const key of ['reversalIds', 'amountReversed', 'description']) delete old[key];
      for (const old of state.ledger.accounts) for (const key of ['payoutSchedule', 'bankAccountId', 'lastAutomaticPayoutDay']) delete old[key];
      await h.stop();
      writeFileSync(stateFile, JSON.stringify(state));
      h = await startHarness({ stateFile });
      expect(eur(await h.stripe.balance.retrieve())).toEqual({ available: 2000, pending: 0 });
      expect(await h.stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 0, reversed: false });
      const legacy = await h.stripe.accounts.retrieve(account.id);
      expect(legacy.external_accounts?.data).toHaveLength(1);
      // Its accounts are on Stripe's default schedule, daily: the expert's 6,000 went out in an automatic payout.
      expect(legacy.settings?.payouts?.schedule?.interval).toBe('daily');
      expect((await h.stripe.payouts.list({}, asExpert)).data).toMatchObject([{ automatic: true, amount: 6000 }]);
      expect(eur(await h.stripe.balance.retrieve({}, asExpert))).toEqual({ available: 0, pending: 0 });
    } finally {
      await h.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
