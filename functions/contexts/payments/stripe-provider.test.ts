/**
 * The adapter's searches (decision 330's reads before every money move) against the local Stripe's
 * harness, through a proxy that records each request the adapter sends: a search reads the objects
 * made since the moment it is given, whatever came before.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../../scripts/local/stripe/test-harness';
import type { PaymentProvider } from './provider';

/** The local Stripe's default settlement: a charge's funds are available 5 minutes after it. */
const SETTLEMENT_SECONDS = 300;
const DAY_SECONDS = 24 * 60 * 60;

let h: Harness;
let proxy: Server;
let provider: PaymentProvider;
/** `METHOD /path?query` of each request the adapter sent. */
const sent: string[] = [];
const listsOf = (path: string) => sent.filter((line) => line.startsWith(`GET ${path}?`) || line === `GET ${path}`);

beforeAll(async () => {
  h = await startHarness();
  const target = new URL(h.apiBase);
  proxy = createServer((incoming, answer) => {
    sent.push(`${incoming.method} ${incoming.url}`);
    const forward = request({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (reply) => {
      answer.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(answer);
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, { STRIPE_API_BASE: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, STRIPE_SECRET_KEY: 'sk_test_local' });
  provider = (await import('./stripe-provider')).stripeProvider;
});

afterAll(async () => {
  proxy?.close();
  await h?.stop();
});

/** An onboarded expert's account holding `cents` available. */
async function accountHolding(cents: number): Promise<Stripe.Account> {
  const { charge } = await h.paidCharge(cents);
  const account = await h.onboardedAccount();
  await h.stripe.transfers.create({ amount: cents, currency: 'eur', destination: account.id, source_transaction: charge.id, transfer_group: 'order_1' });
  await h.advance(SETTLEMENT_SECONDS);
  return account;
}

describe('the payment adapter’s searches', () => {
  it('reads one page of an account’s payouts for a withdrawal, however many payouts came before it, and finds one made just before its request', async () => {
    const account = await accountHolding(20_000);
    const asExpert = { stripeAccount: account.id };
    // More than a page (100) of earlier withdrawals' payouts.
    for (let n = 0; n < 101; n++)
      await h.stripe.payouts.create({ amount: 100, currency: 'eur', metadata: { operation: `withdrawal-old-${n}-payout` } }, asExpert);
    await h.advance(2 * DAY_SECONDS);
    const requestedAt = new Date(h.now()).toISOString();

    sent.length = 0;
    expect(await provider.findPayout(account.id, 'withdrawal-new-payout', requestedAt)).toBeUndefined();
    expect(listsOf('/v1/payouts')).toHaveLength(1);

    // Made a minute before the withdrawal's request by Stripe's clock (clocks differ): still found.
    h.passTime(-60);
    const made = await h.stripe.payouts.create({ amount: 500, currency: 'eur', metadata: { operation: 'withdrawal-new-payout' } }, asExpert);
    h.passTime(60);
    sent.length = 0;
    expect(await provider.findPayout(account.id, 'withdrawal-new-payout', requestedAt)).toMatchObject({ payoutId: made.id, amountCents: 500 });
    expect(listsOf('/v1/payouts')).toHaveLength(1);
  });

  it('reads only the accounts created since the expert registered when it looks for their connected account', async () => {
    for (let n = 0; n < 101; n++) await h.stripe.accounts.create({ type: 'express', country: 'FR', metadata: { operation: `payout-account-old-${n}` } });
    await h.advance(2 * DAY_SECONDS);
    const registeredAt = new Date(h.now()).toISOString();

    sent.length = 0;
    expect(await provider.findConnectedAccount('payout-account-new', registeredAt)).toBeUndefined();
    expect(listsOf('/v1/accounts')).toHaveLength(1);

    const made = await h.stripe.accounts.create({ type: 'express', country: 'FR', metadata: { operation: 'payout-account-new' } });
    sent.length = 0;
    expect(await provider.findConnectedAccount('payout-account-new', registeredAt)).toMatchObject({ accountId: made.id });
    expect(listsOf('/v1/accounts')).toHaveLength(1);
  });
});
