/**
 * A local Stripe: the part of Stripe's API the marketplace uses, in memory (kept in a file between
 * runs when given one), with Stripe's hosted pages and signed webhook deliveries. The SDK talks to
 * `api`; the app's origin serves /_local/payments through `serve`; `tick` lets the shared test clock
 * do what is due (sessions expire, funds settle, payouts arrive, disputes are decided).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEventLog, type EnabledEvents } from './events';
import { createFaults, type Faults } from './faults';
import type { Delays } from './funds';
import { createLedger } from './stripe-state';
import { createPaymentPages } from './pages';
import { createApiServer } from './server';
import { createStateWriter, readState } from './state-file';

export interface LocalStripeOptions {
  /** The app's origin, which serves the hosted pages (checkout, onboarding) under /_local/payments. */
  appUrl: string;
  webhookUrl: string;
  webhookSecret: string;
  /** The Connect endpoint's secret, which signs the events of connected accounts as on Stripe; the platform's when absent. */
  connectWebhookSecret?: string;
  /** The types each endpoint subscribes to, as registered in Stripe's dashboard; every event when absent. */
  enabledEvents?: EnabledEvents;
  /** The app's clock (ms): creation times, expiry, idempotency keys' lifetime. */
  now: () => number;
  /** Waits before each retry of a failed delivery; Stripe's own retries span 3 days. */
  retryDelaysMs?: number[];
  /**
   * Where its payments, refunds, accounts, transfers, balances, payouts, disputes and idempotency
   * keys are kept between runs (npm start's .local/); omitted, in memory only (the test stacks). The
   * event log starts empty at each run.
   */
  stateFile?: string;
  /**
   * How long, by `now`, funds take to settle, payouts to reach the bank and issuers to decide
   * disputes: minutes unless told (funds.ts DEFAULT_DELAYS), where Stripe takes days.
   */
  delays?: Partial<Delays>;
  /**
   * What falls due happens only when the test clock moves (`tick`), never on its own timer or at a
   * request as the real time passes: the test stacks, where a settlement landing in the middle of a
   * test would change the table it compares. Unset, as Stripe does (npm start).
   */
  dueOnTickOnly?: boolean;
}

export interface LocalStripe {
  /** For the SDK: { host: '127.0.0.1', port, protocol: 'http' } */
  api: { host: string; port: number; protocol: 'http' };
  /** Serves everything under /_local/payments on the app's origin (hosted pages, dashboard, control surface). */
  serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** After the shared clock moved: what fell due happens, with its events (checkout.session.expired, balance.available, payout.paid, charge.dispute.closed...). */
  tick(): Promise<void>;
  /** The faults armed on its API (also POST /_local/payments/faults), so that a test can make it fail as Stripe fails. */
  faults: Faults;
  stop(): Promise<void>;
}

export const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000, 32000];

/** How often it looks at the clock on its own, as Stripe acts without being asked (funds settle, payouts arrive). */
const DUE_CHECK_MS = 10_000;

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const events = createEventLog({
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret,
    connectWebhookSecret: options.connectWebhookSecret,
    enabledEvents: options.enabledEvents,
    now: options.now,
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
  });
  const saved = options.stateFile ? readState(options.stateFile) : undefined;
  const idempotencyKeys = new Map(saved?.idempotencyKeys);
  const writer = options.stateFile
    ? createStateWriter(options.stateFile, () => ({ ledger: ledger.records(), idempotencyKeys: [...idempotencyKeys] }))
    : undefined;
  const changed = writer?.soon;
  const ledger = createLedger({ appUrl: options.appUrl, now: options.now, emit: events.emit, records: saved?.ledger, changed, delays: options.delays });
  // Before each API call and hosted page, as Stripe's own state is always current.
  const beforeRequest = options.dueOnTickOnly ? () => undefined : () => ledger.runDue();
  const faults = createFaults();
  const server = createApiServer(ledger, events, options.now, { saved: idempotencyKeys, changed }, faults, beforeRequest);
  // Never closes an idle connection: the stripe SDK's agent keeps one without a limit, so a call sent on
  // it as the server closed it failed with ECONNRESET, on both of the SDK's tries, as an unarmed fault.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  // Besides every request and every move of the test clock.
  const dueTimer = options.dueOnTickOnly
    ? undefined
    : setInterval(() => {
        try {
          ledger.runDue();
        } catch (error) {
          console.error('Local Stripe:', error);
        }
      }, DUE_CHECK_MS).unref();
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    serve: createPaymentPages(ledger, events, faults, beforeRequest),
    async tick() {
      ledger.runDue();
    },
    faults,
    async stop() {
      clearInterval(dueTimer);
      events.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      // Once no request can change anything more.
      writer?.flush();
    },
  };
}
