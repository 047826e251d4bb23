/**
 * For the local Stripe's tests: a local Stripe of their own with the app's side around it, as the
 * stack has it (its own clock, a webhook endpoint that records every delivery, an origin serving
 * /_local/payments), and the real `stripe` SDK pointed at it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { postForm } from '../cross-site';
import { type LocalStripe, type LocalStripeOptions, startLocalStripe } from './index';

export const WEBHOOK_SECRET = 'whsec_local_test';

/** Polls until `find` answers, as a webhook's delivery arrives a moment after the call that caused it. */
export async function eventually<T>(find: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface Delivered {
  rawBody: string;
  signature: string;
  event: Stripe.Event;
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export async function startHarness(options: Partial<Pick<LocalStripeOptions, 'delays' | 'stateFile' | 'dueOnTickOnly' | 'enabledEvents'>> = {}) {
  const servers: Server[] = [];
  const listen = async (handler: (request: IncomingMessage, response: ServerResponse) => void) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  let clockMs = Date.UTC(2026, 2, 2, 9, 0, 0);
  const received: Delivered[] = [];
  const webhookUrl = await listen((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({ rawBody, signature: String(request.headers['stripe-signature']), event: JSON.parse(rawBody) as Stripe.Event });
      response.writeHead(200).end();
    });
  });
  let running: LocalStripe | undefined;
  const appUrl = await listen((request, response) => void running?.serve(request, response));
  const start = async () => {
    running = await startLocalStripe({ appUrl, webhookUrl, webhookSecret: WEBHOOK_SECRET, now: () => clockMs, retryDelaysMs: [50], ...options });
    return new Stripe('sk_test_local', { ...running.api, maxNetworkRetries: 0, telemetry: false });
  };
  let stripe = await start();
  let stopped = false;

  const post = (path: string, form: Record<string, string>) => postForm(`${appUrl}${path}`, form);

  return {
    get stripe() {
      return stripe;
    },
    appUrl,
    /** Where the running local Stripe's API answers, as STRIPE_API_BASE gives it to the app. */
    get apiBase() {
      const { protocol, host, port } = (running as LocalStripe).api;
      return `${protocol}://${host}:${port}`;
    },
    /** The running local Stripe's faults, armed directly (POST /_local/payments/faults arms them over HTTP). */
    get faults() {
      return (running as LocalStripe).faults;
    },
    received,
    eventually,
    now: () => clockMs,
    nowSeconds: () => Math.floor(clockMs / 1000),

    /** The time passes, as the wall clock moves under a running stack, with no move of the test clock. */
    passTime(seconds: number): void {
      clockMs += seconds * 1000;
    },

    /** The test clock moves on, and what fell due happens (as POST /_local/clock does). */
    async advance(seconds: number): Promise<void> {
      clockMs += seconds * 1000;
      await running?.tick();
    },

    /** The delivered event of that type about that object, once it has come; its signature checked with the SDK. */
    async delivered(type: string, objectId: string): Promise<Stripe.Event> {
      const delivery = await eventually(() =>
        received.find((candidate) => candidate.event.type === type && (candidate.event.data.object as { id?: string }).id === objectId),
      );
      return stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET);
    },

    /** Every event about that object, in the order they were made (the API lists them newest first). */
    async eventsAbout(objectId: string): Promise<Stripe.Event[]> {
      const { data } = await stripe.events.list({ limit: 100 });
      return data.filter((event) => (event.data.object as { id?: string }).id === objectId).reverse();
    },

    post,

    postJson: (path: string, body?: unknown) =>
      fetch(`${appUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),

    /** A card payment of `amount` made on the hosted checkout page: its intent and charge. */
    async paidCharge(amount: number, transferGroup: string | null = 'order_1') {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price_data: { currency: 'eur', unit_amount: amount, product_data: { name: 'Mentoring session' } }, quantity: 1 }],
        ...(transferGroup && { payment_intent_data: { transfer_group: transferGroup } }),
      });
      const paid = await post(`/_local/payments/checkout/${session.id}`, { action: 'pay' });
      if (paid.status !== 200 && paid.status !== 303) throw new Error(`Checkout answered ${paid.status}`);
      const intent = (await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] })).payment_intent as Stripe.PaymentIntent;
      return { intent, charge: await stripe.charges.retrieve(intent.latest_charge as string) };
    },

    /** An expert's Express account, onboarded through its hosted page; on manual payouts unless told. */
    async onboardedAccount(settings: Stripe.AccountCreateParams.Settings = { payouts: { schedule: { interval: 'manual' } } }) {
      const account = await stripe.accounts.create({ type: 'express', country: 'FR', capabilities: { transfers: { requested: true } }, settings });
      const link = await stripe.accountLinks.create({
        account: account.id,
        refresh_url: 'http://app.test/refresh',
        return_url: 'http://app.test/return',
        type: 'account_onboarding',
      });
      await post(new URL(link.url).pathname, { action: 'complete' });
      return stripe.accounts.retrieve(account.id);
    },

    /** Stops this local Stripe and starts another on the same state file and clock. */
    async restart(): Promise<void> {
      await running?.stop();
      stripe = await start();
    },

    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      await running?.stop();
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
