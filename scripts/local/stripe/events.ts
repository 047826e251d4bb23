/**
 * Events and their webhook deliveries. As Stripe does, each event is posted to the endpoint after
 * the API call that caused it has answered, signed with the endpoint's secret, and retried with
 * growing delays while the endpoint fails; every attempt is recorded. Connect events (a connected
 * account's payouts, balance and updates) carry that account in `account` and go to the same URL,
 * signed with the Connect endpoint's secret, as Stripe sends them to a Connect endpoint of its own.
 * Each endpoint is sent only the types it subscribes to.
 */
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eventObject, type StripeObject, stripeId, unixSeconds } from './objects';

/** The API request behind an event (Stripe's `event.request`); both null for what the customer did on a hosted page. */
export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

export const CUSTOMER_ACTION: EventRequest = { id: null, idempotency_key: null };

/** Announces an event; `account` for one that comes from a connected account (a Connect event). */
export type Emit = (type: string, object: StripeObject, request: EventRequest, previousAttributes?: StripeObject, account?: string) => void;

export interface Delivery {
  /** When the attempt ended, by the app's clock (ms). */
  at: number;
  /** The endpoint's HTTP status; absent when it could not be reached. */
  status?: number;
  error?: string;
  /** How long the endpoint took to answer, in wall-clock ms (Stripe's dashboard shows it too). */
  durationMs: number;
}

export interface EventRecord {
  id: string;
  type: string;
  created: number;
  object: StripeObject;
  previousAttributes?: StripeObject;
  request: EventRequest;
  /** The connected account a Connect event comes from (Stripe's `account`). */
  account?: string;
  /** Whether its endpoint subscribes to its type; an event no endpoint takes is never posted (Stripe's `pending_webhooks` 0). */
  subscribed: boolean;
  deliveries: Delivery[];
  delivered: boolean;
}

interface Pending {
  /** Attempts of one event run one after the other. */
  queue: Promise<unknown>;
  retry?: NodeJS.Timeout;
}

/** The event types of the platform's endpoint and of the Connect endpoint (the connected accounts' events). */
export interface EnabledEvents {
  platform: readonly string[];
  connect: readonly string[];
}

export interface EventLogOptions {
  webhookUrl: string;
  webhookSecret: string;
  connectWebhookSecret?: string;
  /** The types each endpoint subscribes to (a webhook endpoint's `enabled_events`); every type when absent (`['*']`). */
  enabledEvents?: EnabledEvents;
  now: () => number;
  retryDelaysMs: number[];
}

/** Stripe waits this long for an endpoint's answer. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** The `Stripe-Signature` header for a payload: the SDK's constructEvent checks it, and `t` against the wall clock. */
export function signatureHeader(payload: string, secret: string, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

export type EventLog = ReturnType<typeof createEventLog>;

export function createEventLog(options: EventLogOptions) {
  const events: EventRecord[] = [];
  const pending = new Map<string, Pending>();
  let stopped = false;

  const render = (event: EventRecord) => eventObject({ ...event, pendingWebhooks: event.subscribed && !event.delivered ? 1 : 0 });
  const isSubscribed = (type: string, account: string | undefined) =>
    !options.enabledEvents || (account ? options.enabledEvents.connect : options.enabledEvents.platform).includes(type);

  async function post(event: EventRecord): Promise<Delivery> {
    const payload = JSON.stringify(render(event), null, 2);
    const started = performance.now();
    const durationMs = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          // A Connect event reaches the Connect endpoint, which signs with a secret of its own.
          'stripe-signature': signatureHeader(payload, (event.account && options.connectWebhookSecret) || options.webhookSecret),
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return { at: options.now(), status: response.status, durationMs: durationMs() };
    } catch (error) {
      return {
        at: options.now(),
        error: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
        durationMs: durationMs(),
      };
    }
  }

  /** One attempt, after any attempt of the same event still under way. */
  function attempt(event: EventRecord): Promise<Delivery> {
    const state = pending.get(event.id) ?? { queue: Promise.resolve() };
    pending.set(event.id, state);
    const result = state.queue.then(async () => {
      const delivery = await post(event);
      event.deliveries.push(delivery);
      if (delivery.status !== undefined && delivery.status >= 200 && delivery.status < 300) {
        event.delivered = true;
        clearTimeout(state.retry);
      }
      return delivery;
    });
    state.queue = result;
    return result;
  }

  /** Attempts until one succeeds or the retry delays are used up. */
  async function deliver(event: EventRecord, retriesDone = 0): Promise<void> {
    await attempt(event);
    if (event.delivered || stopped || retriesDone >= options.retryDelaysMs.length) return;
    const state = pending.get(event.id) as Pending;
    state.retry = setTimeout(() => {
      state.retry = undefined;
      if (!event.delivered && !stopped) void deliver(event, retriesDone + 1);
    }, options.retryDelaysMs[retriesDone]).unref();
  }

  return {
    emit(type: string, object: StripeObject, request: EventRequest, previousAttributes?: StripeObject, account?: string): void {
      const event: EventRecord = {
        id: stripeId('evt'),
        type,
        created: unixSeconds(options.now()),
        object: structuredClone(object),
        ...(previousAttributes && { previousAttributes: structuredClone(previousAttributes) }),
        request,
        ...(account && { account }),
        subscribed: isSubscribed(type, account),
        deliveries: [],
        delivered: false,
      };
      events.push(event);
      if (!event.subscribed) return;
      // Never inside the API call: the endpoint may well call this API back.
      setImmediate(() => {
        if (!stopped) void deliver(event);
      });
    },

    /** Newest first. */
    list(): EventRecord[] {
      return [...events].reverse();
    },

    get(id: string): EventRecord | undefined {
      return events.find((event) => event.id === id);
    },

    object(event: EventRecord): StripeObject {
      return render(event);
    },

    /** Delivers the event once more, now, whatever happened before. */
    resend(event: EventRecord): Promise<Delivery> {
      return attempt(event);
    },

    /** Cancels the retries still to come. */
    stop(): void {
      stopped = true;
      for (const state of pending.values()) clearTimeout(state.retry);
    },
  };
}
