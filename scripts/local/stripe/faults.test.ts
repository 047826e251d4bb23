import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFaults, InvalidFaultError } from './faults';
import type { SavedResponse } from './server';
import { type Harness, startHarness } from './test-harness';

let h: Harness;
let stripe: Stripe;

beforeEach(async () => {
  h = await startHarness();
  stripe = h.stripe;
});

afterEach(async () => {
  await h.stop();
});

const FAULTS_PATH = '/_local/payments/faults';
const UNKNOWN_ERROR = { type: 'StripeAPIError', statusCode: 500, message: 'An unknown error occurred' };

/** The ids of the charge's refunds, as Stripe lists them on the charge. */
const refundIds = async (charge: Stripe.Charge) => (await stripe.charges.retrieve(charge.id)).refunds?.data.map((refund) => refund.id);

/** What a rejected call threw, to look at more than one of its fields. */
async function rejection(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('The call succeeded');
}

describe('local Stripe faults: an answer lost after the request was applied (drop-after-commit)', () => {
  it('applies the refund and drops its answer; the SDK’s own retry with the same key gets the saved one', async () => {
    const { charge } = await h.paidCharge(5000);
    h.faults.arm({ path: '/v1/refunds', mode: 'drop-after-commit' });
    const refund = await stripe.refunds.create({ charge: charge.id, amount: 1000 }, { idempotencyKey: 'refund-1', maxNetworkRetries: 1 });
    expect(refund.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await refundIds(charge)).toEqual([refund.id]);
    expect(h.faults.list()).toEqual([]);
  });

  it('drops the retry’s replayed answer too while its count lasts: a connection error, yet the refund made once, and the same key later answers it', async () => {
    const { charge } = await h.paidCharge(5000);
    h.faults.arm({ path: '/v1/refunds', mode: 'drop-after-commit', count: 2 });
    const call = stripe.refunds.create({ charge: charge.id, amount: 1000 }, { idempotencyKey: 'refund-2', maxNetworkRetries: 1 });
    await expect(call).rejects.toMatchObject({ type: 'StripeConnectionError' });
    const ids = await refundIds(charge);
    expect(ids).toHaveLength(1);
    const retried = await stripe.refunds.create({ charge: charge.id, amount: 1000 }, { idempotencyKey: 'refund-2' });
    expect(retried.id).toBe(ids?.[0]);
    expect(retried.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await refundIds(charge)).toEqual(ids);
  });
});

describe('local Stripe faults: Stripe’s own 500 (error)', () => {
  it('applies nothing and keeps the 500 for the key: the SDK’s retry and every later request with that key get it again; a new key goes through', async () => {
    const { charge } = await h.paidCharge(8000);
    const account = await h.onboardedAccount();
    const transfer = { amount: 3000, currency: 'eur', destination: account.id, source_transaction: charge.id };
    h.faults.arm({ path: '/v1/transfers', mode: 'error', count: 2 });

    const failed = await rejection(stripe.transfers.create(transfer, { idempotencyKey: 'transfer-1', maxNetworkRetries: 1 }));
    expect(failed).toMatchObject(UNKNOWN_ERROR);
    // The SDK retried the 500 with the same key and got it replayed: a replay runs nothing, so it took no count.
    expect(failed.headers).toMatchObject({ 'idempotent-replayed': 'true' });
    expect(h.faults.list()).toMatchObject([{ count: 1 }]);
    expect((await stripe.transfers.list({ destination: account.id })).data).toEqual([]);

    const replayed = await rejection(stripe.transfers.create(transfer, { idempotencyKey: 'transfer-1' }));
    expect(replayed).toMatchObject(UNKNOWN_ERROR);
    expect(replayed.headers).toMatchObject({ 'idempotent-replayed': 'true', 'original-request': failed.headers?.['original-request'] });
    // For 24 hours by the clock, as every saved answer.
    h.passTime(23 * 3600);
    await expect(stripe.transfers.create(transfer, { idempotencyKey: 'transfer-1' })).rejects.toMatchObject(UNKNOWN_ERROR);
    expect(h.faults.list()).toMatchObject([{ count: 1 }]);

    // A new key runs: the fault's last count, then a transfer made once.
    await expect(stripe.transfers.create(transfer, { idempotencyKey: 'transfer-2' })).rejects.toMatchObject(UNKNOWN_ERROR);
    const made = await stripe.transfers.create(transfer, { idempotencyKey: 'transfer-3' });
    expect((await stripe.transfers.list({ destination: account.id })).data.map(({ id }) => id)).toEqual([made.id]);
  });

  it('answers a request without a key with the 500 alone, so the next one goes through', async () => {
    h.faults.arm({ method: 'GET', path: '/v1/balance', mode: 'error' });
    await expect(stripe.balance.retrieve()).rejects.toMatchObject(UNKNOWN_ERROR);
    expect((await stripe.balance.retrieve()).object).toBe('balance');
  });

  it('keeps a saved 500 in the state file across a restart, and replays answers saved before statuses were kept as successes', async () => {
    await h.stop();
    const folder = mkdtempSync(join(tmpdir(), 'local-stripe-faults-'));
    const stateFile = join(folder, 'stripe.json');
    h = await startHarness({ stateFile });
    try {
      const params = { type: 'express' as const, country: 'FR', email: 'expert@example.com' };
      const account = await h.stripe.accounts.create(params, { idempotencyKey: 'account-1' });
      h.faults.arm({ path: '/v1/accounts', mode: 'error' });
      await expect(h.stripe.accounts.create(params, { idempotencyKey: 'account-2' })).rejects.toMatchObject(UNKNOWN_ERROR);
      await h.restart();
      await expect(h.stripe.accounts.create(params, { idempotencyKey: 'account-2' })).rejects.toMatchObject(UNKNOWN_ERROR);

      await h.stop();
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { idempotencyKeys: [string, Partial<SavedResponse>][] };
      for (const [key, saved] of state.idempotencyKeys) if (key === 'account-1') delete saved.status;
      writeFileSync(stateFile, JSON.stringify(state));
      h = await startHarness({ stateFile });
      const replayed = await h.stripe.accounts.create(params, { idempotencyKey: 'account-1' });
      expect(replayed.id).toBe(account.id);
      expect(replayed.lastResponse.headers['idempotent-replayed']).toBe('true');
    } finally {
      await h.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('local Stripe faults: an answer that never comes (timeout)', () => {
  it('applies the refund and keeps its answer back until the SDK gives up; the same key later answers it, once a replay’s timeout is spent', async () => {
    const { charge } = await h.paidCharge(5000);
    h.faults.arm({ path: '/v1/refunds', mode: 'timeout', count: 2 });
    const options = { idempotencyKey: 'refund-3', timeout: 300 };
    await expect(stripe.refunds.create({ charge: charge.id, amount: 1500 }, options)).rejects.toMatchObject({
      type: 'StripeConnectionError',
      message: 'Request aborted due to timeout being reached (300ms)',
    });
    const ids = await refundIds(charge);
    expect(ids).toHaveLength(1);
    // The replay of the saved answer is held back too, while the count lasts.
    await expect(stripe.refunds.create({ charge: charge.id, amount: 1500 }, options)).rejects.toMatchObject({ type: 'StripeConnectionError' });
    const retried = await stripe.refunds.create({ charge: charge.id, amount: 1500 }, options);
    expect(retried).toMatchObject({ id: ids?.[0], amount: 1500 });
    expect(retried.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await refundIds(charge)).toEqual(ids);
  });
});

describe('local Stripe faults: the control and the matching', () => {
  const listFaults = async () => (await fetch(`${h.appUrl}${FAULTS_PATH}`)).json();

  it('arms over POST /_local/payments/faults, lists on GET and clears on DELETE; a bad body answers 400 and arms nothing', async () => {
    const armed = await h.postJson(FAULTS_PATH, { path: '/v1/transfers/*/reversals', mode: 'error', count: 2 });
    expect(armed.status).toBe(200);
    const reversalFault = { method: 'POST', path: '/v1/transfers/*/reversals', mode: 'error', count: 2 };
    expect(await armed.json()).toEqual([reversalFault]);
    const second = await h.postJson(FAULTS_PATH, { method: 'GET', path: '/v1/balance', mode: 'timeout' });
    expect(await second.json()).toEqual([reversalFault, { method: 'GET', path: '/v1/balance', mode: 'timeout', count: 1 }]);

    for (const bad of [
      { path: '/v1/transfers', mode: 'explode' },
      { path: 'transfers', mode: 'error' },
      { path: '/v1/transfers?limit=3', mode: 'error' },
      { path: '/v1/transfers/tr_*', mode: 'error' },
      { path: '/v1/transfers', mode: 'error', count: 0 },
      { path: '/v1/transfers', mode: 'error', count: 101 },
      { path: '/v1/transfers', mode: 'error', count: 1.5 },
      { path: '/v1/transfers', mode: 'error', count: '2' },
      { method: 'DELETE', path: '/v1/transfers', mode: 'error' },
      { path: '/v1/transfers', mode: 'error', times: 2 },
      { mode: 'error' },
      [{ path: '/v1/transfers', mode: 'error' }],
      'error',
    ]) {
      const refused = await h.postJson(FAULTS_PATH, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(await refused.json()).toEqual({ error: expect.any(String) });
    }
    const notJson = await fetch(`${h.appUrl}${FAULTS_PATH}`, { method: 'POST', body: new URLSearchParams({ path: '/v1/transfers', mode: 'error' }) });
    expect(notJson.status).toBe(415);
    expect(await listFaults()).toHaveLength(2);

    const cleared = await fetch(`${h.appUrl}${FAULTS_PATH}`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual([]);
    expect(await listFaults()).toEqual([]);
    expect(h.faults.list()).toEqual([]);
  });

  it('matches a reversal path through its * segment, on POST only, until its count runs out', async () => {
    const { charge } = await h.paidCharge(8000);
    const account = await h.onboardedAccount();
    const transfer = await stripe.transfers.create({ amount: 3000, currency: 'eur', destination: account.id, source_transaction: charge.id });
    await h.advance(300);
    await h.postJson(FAULTS_PATH, { path: '/v1/transfers/*/reversals', mode: 'error', count: 2 });

    await expect(stripe.transfers.createReversal(transfer.id, { amount: 500 })).rejects.toMatchObject(UNKNOWN_ERROR);
    // A GET of the same path, and a POST to the transfer itself, are not what it was armed for.
    expect((await stripe.transfers.listReversals(transfer.id)).data).toEqual([]);
    expect(await stripe.transfers.update(transfer.id, { description: 'Order 1' })).toMatchObject({ description: 'Order 1' });
    expect(await listFaults()).toEqual([{ method: 'POST', path: '/v1/transfers/*/reversals', mode: 'error', count: 1 }]);

    await expect(stripe.transfers.createReversal(transfer.id, { amount: 500 })).rejects.toMatchObject(UNKNOWN_ERROR);
    expect(await listFaults()).toEqual([]);
    const reversal = await stripe.transfers.createReversal(transfer.id, { amount: 500 });
    expect((await stripe.transfers.listReversals(transfer.id)).data.map(({ id }) => id)).toEqual([reversal.id]);
  });
});

describe('local Stripe faults, held in memory', () => {
  it('refuses a bad fault with the reason, and gives each request to the first armed that matches', () => {
    const faults = createFaults();
    expect(() => faults.arm({ path: '/v1/refunds', mode: 'explode' as 'error' })).toThrow(InvalidFaultError);
    expect(() => faults.arm({ path: '/v1/refunds', mode: 'error', count: 0 })).toThrow(/"count" is a whole number of requests from 1 to 100/);
    expect(() => faults.arm({ path: '/v1//refunds', mode: 'error' })).toThrow(/"path" is an API path/);
    expect(faults.arm({ path: '/v1/transfers/*', mode: 'timeout' })).toEqual({ method: 'POST', path: '/v1/transfers/*', mode: 'timeout', count: 1 });
    faults.arm({ path: '/v1/transfers/tr_1', mode: 'error', count: 2 });

    expect(faults.take('POST', '/v1/transfers')).toBeUndefined();
    expect(faults.take('POST', '/v1/transfers/tr_1/reversals')).toBeUndefined();
    expect(faults.take('GET', '/v1/transfers/tr_1')).toBeUndefined();
    expect(faults.take('POST', '/v1/transfers/tr_1')).toBe('timeout');
    expect(faults.take('POST', '/v1/transfers/tr_1')).toBe('error');
    // A replay meets no 500: the faults of other modes pass it by, and keep their count.
    expect(faults.take('POST', '/v1/transfers/tr_1', ['drop-after-commit', 'timeout'])).toBeUndefined();
    expect(faults.list()).toEqual([{ method: 'POST', path: '/v1/transfers/tr_1', mode: 'error', count: 1 }]);
    expect(faults.take('POST', '/v1/transfers/tr_1')).toBe('error');
    expect(faults.take('POST', '/v1/transfers/tr_1')).toBeUndefined();

    faults.arm({ path: '/v1/refunds', mode: 'error', count: 100 });
    faults.clear();
    expect(faults.list()).toEqual([]);
  });
});
