import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../cross-site';
import { type LocalStripe, startLocalStripe } from './index';
import { eventually } from './test-harness';

const WEBHOOK_SECRET = 'whsec_local_test';
const HOUR_MS = 3_600_000;

interface Received {
  rawBody: string;
  signature: string;
  userAgent: string;
  event: Stripe.Event;
  /** For a completed checkout: the session as the endpoint read it back from the API while handling the event. */
  sessionStatusReadBack?: string | null;
}

/** The app's side: its clock, its webhook endpoint, and its origin serving /_local/payments. */
let clockMs = Date.now();
const received: Received[] = [];
/** How many more deliveries about an object the endpoint refuses (500), by object id. */
const failuresLeft = new Map<string, number>();
let localStripe: LocalStripe;
let stripe: Stripe;
let appUrl: string;
const servers: Server[] = [];

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const webhookUrl = await listen((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(rawBody) as Stripe.Event;
      const objectId = (event.data.object as { id: string }).id;
      const failures = failuresLeft.get(objectId) ?? 0;
      if (failures > 0) {
        failuresLeft.set(objectId, failures - 1);
        response.writeHead(500).end();
        return;
      }
      // As the app's handler does: it asks the API about the object before answering.
      const sessionStatusReadBack = event.type === 'checkout.session.completed' ? (await stripe.checkout.sessions.retrieve(objectId)).status : undefined;
      received.push({
        rawBody,
        signature: String(request.headers['stripe-signature']),
        userAgent: String(request.headers['user-agent']),
        event,
        sessionStatusReadBack,
      });
      response.writeHead(200).end();
    });
  });
  appUrl = await listen((request, response) => void localStripe.serve(request, response));
  localStripe = await startLocalStripe({ appUrl, webhookUrl, webhookSecret: WEBHOOK_SECRET, now: () => clockMs, retryDelaysMs: [50, 100, 200] });
  stripe = new Stripe('sk_test_local', { ...localStripe.api, maxNetworkRetries: 0, telemetry: false });
});

afterAll(async () => {
  await localStripe.stop();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const receivedEvent = (type: string, objectId: string) =>
  eventually(() => received.find((delivery) => delivery.event.type === type && (delivery.event.data.object as { id: string }).id === objectId));

function createSession(unitAmount = 2500, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}, options?: Stripe.RequestOptions) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ price_data: { currency: 'eur', unit_amount: unitAmount, product_data: { name: 'Session with <Ada>' } }, quantity: 1 }],
      metadata: { orderId: 'order-1' },
      client_reference_id: 'student-1',
      success_url: 'http://app.test/orders/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/orders/cancelled',
      payment_intent_data: { transfer_group: 'order-1', metadata: { orderId: 'order-1' } },
      customer_email: 'student@example.com',
      ...extra,
    },
    options,
  );
}

const pagePath = (session: Stripe.Checkout.Session) => `/_local/payments/checkout/${session.id}`;

function post(path: string, form: Record<string, string>) {
  return postForm(`${appUrl}${path}`, form);
}

function postJson(path: string, body?: unknown) {
  return fetch(`${appUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function paidSession(unitAmount = 2500) {
  const session = await createSession(unitAmount);
  expect((await post(pagePath(session), { action: 'pay' })).status).toBe(303);
  const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
  const intent = paid.payment_intent as Stripe.PaymentIntent;
  return { session: paid, intent, charge: intent.latest_charge as Stripe.Charge };
}

interface EventSummary {
  id: string;
  type: string;
  objectId: string;
  deliveries: { at: number; status?: number; error?: string }[];
  delivered: boolean;
}

async function eventSummaries(): Promise<EventSummary[]> {
  return (await fetch(`${appUrl}/_local/payments/events.json`)).json() as Promise<EventSummary[]>;
}

describe('local Stripe checkout', () => {
  it('creates an open session whose hosted page carries its id, shaped as Stripe’s', async () => {
    const session = await createSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      currency: 'eur',
      payment_intent: null,
      metadata: { orderId: 'order-1' },
      client_reference_id: 'student-1',
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session.url).toBe(`${appUrl}/_local/payments/checkout/${session.id}`);
    expect(session.expires_at - session.created).toBe(24 * 3600);
    // Every field of Stripe's own example is there.
    expect(session).toHaveProperty('custom_fields');
    expect(session).toHaveProperty('payment_method_options');

    const page = await fetch(session.url as string);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('€25.00');
    expect(html).toContain('Session with &#60;Ada&#62;');
    for (const action of ['pay', 'decline', 'cancel', 'pay_async']) expect(html).toContain(`value="${action}"`);
  });

  it('takes a card payment: redirects to success_url with the id, signs checkout.session.completed, and expands the payment', async () => {
    const session = await createSession();
    const response = await post(pagePath(session), { action: 'pay' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://app.test/orders/done?session=${session.id}`);

    const delivery = await receivedEvent('checkout.session.completed', session.id);
    const event = stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET);
    expect(event).toMatchObject({ object: 'event', livemode: false, request: { id: null, idempotency_key: null } });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' });
    expect(delivery.userAgent).toBe('Stripe/1.0 (+https://stripe.com/docs/webhooks)');
    expect(delivery.sessionStatusReadBack).toBe('complete');
    expect(() => stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, 'whsec_other')).toThrow();

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent', 'payment_intent.latest_charge'] });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 2500,
      amount_received: 2500,
      transfer_group: 'order-1',
      metadata: { orderId: 'order-1' },
    });
    expect(intent.latest_charge).toMatchObject({
      object: 'charge',
      amount: 2500,
      paid: true,
      captured: true,
      refunded: false,
      payment_intent: intent.id,
      transfer_group: 'order-1',
    });
    expect((intent.latest_charge as Stripe.Charge).balance_transaction).toMatch(/^txn_/);
    // Through the charge to its balance transaction (what the provider kept of it); an open session's path stops at its null payment.
    const deep = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge.balance_transaction'] });
    const transaction = ((deep.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction;
    expect(transaction).toMatchObject({ object: 'balance_transaction', amount: 2500, fee: 0, net: 2500 });
    const open = await createSession();
    expect((await stripe.checkout.sessions.retrieve(open.id, { expand: ['payment_intent.latest_charge.balance_transaction'] })).payment_intent).toBeNull();
    await expect(stripe.checkout.sessions.retrieve(open.id, { expand: ['no_such_field'] })).rejects.toMatchObject({ param: 'expand' });
    await receivedEvent('payment_intent.succeeded', intent.id);
    await receivedEvent('charge.succeeded', (intent.latest_charge as Stripe.Charge).id);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ latest_charge: (intent.latest_charge as Stripe.Charge).id });
  });

  it('keeps the session open on a declined card, and sends a cancel to cancel_url', async () => {
    const session = await createSession();
    const declined = await post(pagePath(session), { action: 'decline' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const cancelled = await post(pagePath(session), { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://app.test/orders/cancelled');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', payment_intent: null });
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const first = await createSession(2500, {}, { idempotencyKey: 'order-7' });
    const again = await createSession(2500, {}, { idempotencyKey: 'order-7' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(createSession(3000, {}, { idempotencyKey: 'order-7' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      message: expect.stringContaining(
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'order-7'",
      ),
    });
    // Kept 24 hours by the app's clock.
    clockMs += 25 * HOUR_MS;
    expect((await createSession(3000, {}, { idempotencyKey: 'order-7' })).id).not.toBe(first.id);
  });

  it('refuses amounts outside Stripe’s limits for euros, and expiry outside 30 minutes to 24 hours', async () => {
    await expect(createSession(49)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
      message: "The Checkout Session's total amount due must add up to at least €0.50 eur",
    });
    await expect(createSession(99_999_999 + 1)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'amount_too_large' });
    const nowSeconds = Math.floor(clockMs / 1000);
    await expect(createSession(2500, { expires_at: nowSeconds + 10 * 60 })).rejects.toMatchObject({ param: 'expires_at' });
    await expect(createSession(2500, { expires_at: nowSeconds + 25 * 3600 })).rejects.toMatchObject({ param: 'expires_at' });
    await expect(createSession(2500, { success_url: 'not a url' })).rejects.toMatchObject({ code: 'url_invalid', param: 'success_url' });
    await expect(stripe.checkout.sessions.create({ mode: 'payment', success_url: 'http://app.test' })).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'line_items',
    });
  });

  it('expires an open session with an event, refuses to expire a complete one, and shows an expired page without buttons', async () => {
    const session = await createSession();
    expect(await stripe.checkout.sessions.expire(session.id)).toMatchObject({ status: 'expired', url: null });
    const delivery = await receivedEvent('checkout.session.expired', session.id);
    expect(delivery.event.request?.idempotency_key).toEqual(expect.any(String));
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      message: expect.stringContaining('Only Checkout Sessions with a status in ["open"] can be expired.'),
    });

    const page = await (await fetch(`${appUrl}${pagePath(session)}`)).text();
    expect(page).toContain('This Checkout Session is no longer active');
    expect(page).not.toContain('<button');
    expect((await post(pagePath(session), { action: 'pay' })).status).toBe(409);

    const { session: paid } = await paidSession();
    await expect(stripe.checkout.sessions.expire(paid.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
    expect((await postJson(`${pagePath(paid)}/expire`)).status).toBe(409);
  });

  it('expires a session once the clock passes expires_at, on tick', async () => {
    const session = await createSession(2500, { expires_at: Math.floor(clockMs / 1000) + 3600 });
    clockMs += 2 * HOUR_MS;
    await localStripe.tick();
    const delivery = await receivedEvent('checkout.session.expired', session.id);
    expect(delivery.event.data.object).toMatchObject({ status: 'expired' });
  });

  it('expires a session through the control surface', async () => {
    const session = await createSession();
    const response = await postJson(`${pagePath(session)}/expire`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: session.id, status: 'expired' });
    await receivedEvent('checkout.session.expired', session.id);
    expect((await postJson('/_local/payments/checkout/cs_test_unknown/expire')).status).toBe(404);
  });

  it('completes a bank transfer unpaid, then settles it paid or failed', async () => {
    const settled = await createSession();
    const response = await post(pagePath(settled), { action: 'pay_async' });
    expect(response.status).toBe(303);
    const completed = await receivedEvent('checkout.session.completed', settled.id);
    expect(completed.event.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const pending = await stripe.checkout.sessions.retrieve(settled.id, { expand: ['payment_intent'] });
    expect(pending.payment_intent).toMatchObject({ status: 'processing', latest_charge: null });

    expect((await postJson(`${pagePath(settled)}/settle`, { outcome: 'maybe' })).status).toBe(400);
    expect((await postJson(`${pagePath(settled)}/settle`, { outcome: 'succeeded' })).status).toBe(200);
    const succeeded = await receivedEvent('checkout.session.async_payment_succeeded', settled.id);
    expect(succeeded.event.data.object).toMatchObject({ payment_status: 'paid' });
    const paid = await stripe.paymentIntents.retrieve((pending.payment_intent as Stripe.PaymentIntent).id, { expand: ['latest_charge'] });
    expect(paid).toMatchObject({ status: 'succeeded', latest_charge: { paid: true, amount: 2500 } });
    expect((await postJson(`${pagePath(settled)}/settle`, { outcome: 'failed' })).status).toBe(409);

    const failed = await createSession();
    await post(pagePath(failed), { action: 'pay_async' });
    expect((await postJson(`${pagePath(failed)}/settle`, { outcome: 'failed' })).status).toBe(200);
    const failure = await receivedEvent('checkout.session.async_payment_failed', failed.id);
    expect(failure.event.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
  });
});

describe('local Stripe refunds and balance', () => {
  it('refunds in parts up to the charge, then refuses', async () => {
    const { intent, charge } = await paidSession(5000);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 5001 })).rejects.toMatchObject({
      code: 'amount_too_large',
      message: 'Refund amount (€50.01) is greater than unrefunded amount on charge (€50.00)',
    });
    await expect(stripe.refunds.create({ charge: charge.id, reason: 'changed_mind' as 'duplicate' })).rejects.toMatchObject({ param: 'reason' });
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 2000, metadata: { reason: 'partial' } });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 2000,
      charge: charge.id,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: { reason: 'partial' },
    });
    const refunded = await receivedEvent('charge.refunded', charge.id);
    expect(refunded.event.data.object).toMatchObject({ amount_refunded: 2000, refunded: false });
    await receivedEvent('refund.created', part.id);

    const rest = await stripe.refunds.create({ charge: charge.id });
    expect(rest.amount).toBe(3000);
    expect(await stripe.refunds.retrieve(rest.id)).toMatchObject({ id: rest.id, amount: 3000 });
    const after = await stripe.charges.retrieve(charge.id);
    expect(after).toMatchObject({ amount_refunded: 5000, refunded: true });
    expect(after.refunds?.data.map((refund) => refund.id)).toEqual([part.id, rest.id]);
    await expect(stripe.refunds.create({ charge: charge.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('answers unknown ids with resource_missing and unknown paths with Stripe’s message', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_missing'",
    });
    await expect(stripe.charges.retrieve('ch_missing')).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ code: 'parameter_missing' });
  });
});

describe('local Stripe Connect', () => {
  async function onboardedAccount() {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'FR',
      email: 'expert@example.com',
      capabilities: { transfers: { requested: true } },
    });
    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
      type: 'account_onboarding',
    });
    await post(new URL(link.url).pathname, { action: 'complete' });
    return account;
  }

  it('creates an account that cannot be paid until onboarding completes, and refuses it a login link', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'FR',
      email: 'expert@example.com',
      capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
      metadata: { userId: 'expert-1' },
    });
    expect(account.id).toMatch(/^acct_/);
    expect(account).toMatchObject({
      type: 'express',
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive', card_payments: 'inactive' },
      requirements: { disabled_reason: 'requirements.past_due' },
      metadata: { userId: 'expert-1' },
    });
    expect(account.requirements?.currently_due).toContain('external_account');
    await expect(stripe.accounts.createLoginLink(account.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });

    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
      type: 'account_onboarding',
    });
    expect(link).toMatchObject({ object: 'account_link', expires_at: link.created + 300 });
    expect(link.url).toMatch(new RegExp(`^${appUrl}/_local/payments/onboarding/\\w+$`));
    const page = await (await fetch(link.url)).text();
    expect(page).toContain('value="complete"');
    expect(page).toContain('value="leave"');

    const completed = await post(new URL(link.url).pathname, { action: 'complete' });
    expect(completed.status).toBe(303);
    expect(completed.headers.get('location')).toBe('http://app.test/return');
    const updated = await receivedEvent('account.updated', account.id);
    expect(updated.event.data.object).toMatchObject({
      payouts_enabled: true,
      charges_enabled: true,
      details_submitted: true,
      capabilities: { transfers: 'active' },
    });
    expect(updated.event.data.previous_attributes).toMatchObject({ payouts_enabled: false });
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ payouts_enabled: true, requirements: { currently_due: [], disabled_reason: null } });

    // A used link sends the user to refresh_url, as Stripe's do.
    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.status).toBe(303);
    expect(reused.headers.get('location')).toBe('http://app.test/refresh');

    const login = await stripe.accounts.createLoginLink(account.id);
    expect(login).toMatchObject({ object: 'login_link', url: `${appUrl}/_local/payments/express/${account.id}` });
    expect(await (await fetch(login.url)).text()).toContain(account.id);
  });

  it('leaves the account unchanged when onboarding is left, and sends expired links to refresh_url', async () => {
    const account = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
    const create = () =>
      stripe.accountLinks.create({
        account: account.id,
        refresh_url: 'http://app.test/refresh',
        return_url: 'http://app.test/return',
        type: 'account_onboarding',
      });
    const left = await post(new URL((await create()).url).pathname, { action: 'leave' });
    expect(left.headers.get('location')).toBe('http://app.test/return');
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ details_submitted: false, payouts_enabled: false });

    const link = await create();
    clockMs += 6 * 60_000;
    const expired = await fetch(link.url, { redirect: 'manual' });
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe('http://app.test/refresh');
  });

  it('transfers to an onboarded account, from its charge or from the available balance, and refuses more than that', async () => {
    const { charge } = await paidSession(10_000);
    const account = await onboardedAccount();
    const transfer = await stripe.transfers.create({
      amount: 8000,
      currency: 'eur',
      destination: account.id,
      transfer_group: 'order-1',
      source_transaction: charge.id,
      metadata: { orderId: 'order-1' },
    });
    expect(transfer).toMatchObject({ object: 'transfer', amount: 8000, destination: account.id, transfer_group: 'order-1', source_transaction: charge.id });
    expect(transfer.destination_payment).toMatch(/^py_/);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ id: transfer.id });
    await receivedEvent('transfer.created', transfer.id);

    // Without a source, a transfer draws on the available balance: all of it, and no more.
    expect((await postJson('/_local/payments/settle')).status).toBe(200);
    const [available] = (await stripe.balance.retrieve()).available;
    expect(available.amount).toBeGreaterThan(0);
    const drained = await stripe.transfers.create({ amount: available.amount, currency: 'eur', destination: account.id });
    expect(drained.source_transaction).toBeNull();
    expect((await stripe.balance.retrieve()).available[0].amount).toBe(0);
    await expect(stripe.transfers.create({ amount: 1, currency: 'eur', destination: account.id })).rejects.toMatchObject({ code: 'balance_insufficient' });

    const notOnboarded = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
    await expect(stripe.transfers.create({ amount: 100, currency: 'eur', destination: notOnboarded.id })).rejects.toMatchObject({
      code: 'insufficient_capabilities_for_transfer',
    });
  });
});

describe('local Stripe events and deliveries', () => {
  it('retries a failing endpoint with backoff until it answers, recording every attempt, and resends on demand', async () => {
    const session = await createSession();
    failuresLeft.set(session.id, 2);
    await stripe.checkout.sessions.expire(session.id);
    await receivedEvent('checkout.session.expired', session.id);
    const summary = (await eventSummaries()).find((event) => event.type === 'checkout.session.expired' && event.objectId === session.id) as EventSummary;
    expect(summary.deliveries.map((delivery) => delivery.status)).toEqual([500, 500, 200]);
    expect(summary.delivered).toBe(true);
    expect((await stripe.events.retrieve(summary.id)).pending_webhooks).toBe(0);

    const resent = await postJson(`/_local/payments/events/${summary.id}/resend`);
    expect(await resent.json()).toMatchObject({ status: 200 });
    expect((await eventSummaries()).find((event) => event.id === summary.id)?.deliveries).toHaveLength(4);
    expect((await postJson('/_local/payments/events/evt_unknown/resend')).status).toBe(404);
  });

  it('lists events newest first, as Stripe’s lists, and shows them on the dashboard', async () => {
    const list = await stripe.events.list({ limit: 3 });
    expect(list).toMatchObject({ object: 'list', has_more: true, url: '/v1/events' });
    expect(list.data).toHaveLength(3);
    expect(list.data[0].created).toBeGreaterThanOrEqual(list.data[2].created);
    expect(list.data[0].id).toBe((await eventSummaries())[0].id);
    const dashboard = await (await fetch(`${appUrl}/_local/payments`)).text();
    for (const heading of ['Checkout sessions', 'Connected accounts', 'Charges', 'Refunds', 'Transfers', 'Events']) expect(dashboard).toContain(heading);
    expect(dashboard).toContain(list.data[0].id);
  });

  it('refuses requests without a test secret key', async () => {
    const response = await fetch(`http://127.0.0.1:${localStripe.api.port}/v1/balance`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') },
    });
    const wrongKey = new Stripe('pk_test_nope', { ...localStripe.api, maxNetworkRetries: 0, telemetry: false });
    await expect(wrongKey.balance.retrieve()).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  });
});

describe('local Stripe against cross-site requests', () => {
  const postFrom = (path: string, form: Record<string, string>, headers: Record<string, string>) =>
    fetch(`${appUrl}${path}`, { method: 'POST', headers, body: new URLSearchParams(form), redirect: 'manual' });

  it('takes a hosted page’s form only from its own origin: another one is 403 and pays or onboards nothing', async () => {
    const session = await createSession();
    expect((await postFrom(pagePath(session), { action: 'pay' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postFrom(pagePath(session), { action: 'pay' }, { referer: 'https://evil.example/' })).status).toBe(403);
    expect((await postFrom(pagePath(session), { action: 'pay' }, {})).status).toBe(403);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect((await postFrom(pagePath(session), { action: 'pay' }, { referer: `${appUrl}${pagePath(session)}` })).status).toBe(303);

    const account = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
      type: 'account_onboarding',
    });
    expect((await postFrom(new URL(link.url).pathname, { action: 'complete' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ details_submitted: false, payouts_enabled: false });
    expect((await post(new URL(link.url).pathname, { action: 'complete' })).status).toBe(303);
  });

  it('takes its JSON controls as application/json only: anything else is 415 and changes nothing', async () => {
    const session = await createSession();
    for (const [type, body] of [
      ['text/plain', '{}'],
      ['application/x-www-form-urlencoded', 'x=1'],
    ]) {
      const refused = await fetch(`${appUrl}${pagePath(session)}/expire`, { method: 'POST', headers: { 'content-type': type }, body });
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({ code: 'unsupported_media_type' });
    }
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await postJson(`${pagePath(session)}/expire`)).status).toBe(200);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
  });
});

describe('local Stripe state across a restart', () => {
  it('keeps payments, refunds, accounts and idempotency keys in its state file: a charge paid before a restart is refunded after it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'local-stripe-'));
    const stateFile = join(folder, 'stripe.json');
    // This run's own origin and webhook endpoint (which acknowledges everything): the shared ones read back from the other local Stripe.
    let running: LocalStripe | undefined;
    const pagesUrl = await listen((request, response) => void running?.serve(request, response));
    const webhookUrl = await listen((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200).end());
    });
    const start = async () => {
      running = await startLocalStripe({ appUrl: pagesUrl, webhookUrl, webhookSecret: WEBHOOK_SECRET, now: () => clockMs, stateFile });
      return new Stripe('sk_test_local', { ...running.api, maxNetworkRetries: 0, telemetry: false });
    };
    try {
      let client = await start();
      const session = await client.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price_data: { currency: 'eur', unit_amount: 8500, product_data: { name: 'Order #7: Mock case' } }, quantity: 1 }],
      });
      const paid = await postForm(session.url as string, { action: 'pay' });
      expect(paid.status).toBe(200);
      const intent = (await client.checkout.sessions.retrieve(session.id)).payment_intent as string;
      const firstRefund = await client.refunds.create({ payment_intent: intent, amount: 2000 }, { idempotencyKey: 'order-7-refund' });
      const account = await client.accounts.create({ type: 'express', country: 'FR', capabilities: { transfers: { requested: true } } });
      await running?.stop();
      expect(existsSync(stateFile)).toBe(true);

      client = await start();
      expect(await client.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: intent });
      expect(await client.accounts.retrieve(account.id)).toMatchObject({ id: account.id, payouts_enabled: false });
      // A retry of a refund made before the restart replays it, as Stripe does within 24 hours.
      expect((await client.refunds.create({ payment_intent: intent, amount: 2000 }, { idempotencyKey: 'order-7-refund' })).id).toBe(firstRefund.id);
      const rest = await client.refunds.create({ payment_intent: intent });
      expect(rest).toMatchObject({ amount: 6500, status: 'succeeded', payment_intent: intent });
      const charge = await client.charges.retrieve(rest.charge as string);
      expect(charge).toMatchObject({ amount: 8500, amount_refunded: 8500, refunded: true });
      expect(charge.refunds?.data.map((refund) => refund.id)).toEqual([firstRefund.id, rest.id]);
    } finally {
      await running?.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
