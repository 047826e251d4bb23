/**
 * The local Stripe as a test meets it: the real SDK pointed at it (to read what the app asked of
 * it), its hosted pages posted like a browser would, and its event log.
 */
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { ApiClient } from './api';
import { stackEnv } from './stack';
import { stackUrl } from './api';
import { postForm } from '../../scripts/local/cross-site';

let client: Stripe | undefined;

/** The SDK, with the stack's key, at the stack's local Stripe. */
export function localStripe(): Stripe {
  const env = stackEnv();
  const base = new URL(env.STRIPE_API_BASE);
  client ??= new Stripe(env.STRIPE_SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
  return client;
}

/** Presses a button of a hosted page (checkout: pay, decline, cancel, pay_async; onboarding: complete, leave), as a browser would; answers where it leads. */
export async function pressOnPage(url: string, action: string): Promise<{ status: number; location?: string; text: string }> {
  const response = await postForm(url, { action });
  return { status: response.status, location: response.headers.get('location') ?? undefined, text: await response.text() };
}

export interface LocalEvent {
  id: string;
  type: string;
  objectId: string;
  /** Whether the stack's endpoints subscribe to its type: only those are posted to the webhook. */
  subscribed: boolean;
  delivered: boolean;
  deliveries: { at: number; status?: number; error?: string }[];
}

/** The local Stripe's events, newest first: all of them, or those of one `type` about one object. */
export async function localEvents(about?: { type: string; objectId: string }): Promise<LocalEvent[]> {
  const query = about ? `?${new URLSearchParams({ type: about.type, object: about.objectId })}` : '';
  return (await (await fetch(`${stackUrl()}/_local/payments/events.json${query}`)).json()) as LocalEvent[];
}

/** Waits until the local Stripe delivered every event about `objectId` of `type` (the webhook answered 2xx). */
export async function delivered(type: string, objectId: string, timeoutMs = 8000): Promise<LocalEvent> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const event = (await localEvents({ type, objectId })).find((candidate) => candidate.delivered);
    if (event) return event;
    if (Date.now() > until) throw new Error(`${type} for ${objectId} was not delivered: ${JSON.stringify((await localEvents()).slice(0, 5))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop() ?? '';

/** What the local Stripe has refunded of a payment, in cents (its charge's amount_refunded). */
export const refundedOf = async (paymentIntentId: string) =>
  (await localStripe().charges.retrieve(String((await localStripe().paymentIntents.retrieve(paymentIntentId)).latest_charge))).amount_refunded;

/** Posts to a control of the local stack or its local Stripe (/_local/...), as JSON, the only type they take. */
export const postControl = (path: string, body: unknown = {}) =>
  fetch(`${stackUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Moves the app's and the local Stripe's clocks forward together. */
export async function advanceClock(advance: string): Promise<void> {
  const response = await fetch(`${stackUrl()}/_local/clock`, {
    method: 'POST',
    body: JSON.stringify({ advance }),
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status).toBe(200);
}

/** An expert completes payout onboarding through the API and the local Stripe's page. */
export async function onboard(expert: ApiClient): Promise<void> {
  const started = await expert.post<{ url: string }>('/payments/onboard');
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const finished = await pressOnPage(started.body.url, 'complete');
  expect(finished.location).toBe(`${stackUrl()}/create?stripe=success`);
}
