/**
 * The webhook endpoints' subscriptions: as Stripe sends an endpoint only the event types it
 * subscribes to, the local Stripe given the product's (WEBHOOK_EVENTS) posts those alone, and
 * lists the others with nothing pending.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../../functions/contexts/payments/webhook-events';
import { type Harness, startHarness } from './test-harness';

let h: Harness;

beforeEach(async () => {
  h = await startHarness({ enabledEvents: WEBHOOK_EVENTS });
});

afterEach(async () => {
  await h.stop();
});

interface EventSummary {
  id: string;
  type: string;
  objectId: string;
  subscribed: boolean;
  deliveries: unknown[];
}

describe('webhook endpoints with the events they subscribe to', () => {
  it('posts each endpoint its own types only, and lists the rest with no delivery pending', async () => {
    const { intent, charge } = await h.paidCharge(5000);
    const account = await h.onboardedAccount();
    const session = await h.eventually(
      () =>
        h.received.find(
          ({ event }) => event.type === 'checkout.session.completed' && (event.data.object as { payment_intent?: string }).payment_intent === intent.id,
        )?.event.data.object as { id: string } | undefined,
    );
    expect((await h.delivered('account.updated', account.id)).account).toBe(account.id);

    const all = (await h.stripe.events.list({ limit: 100 })).data;
    const subscribed: readonly string[] = [...WEBHOOK_EVENTS.platform, ...WEBHOOK_EVENTS.connect];
    const unsubscribed = all.filter((event) => !subscribed.includes(event.type));
    expect(unsubscribed.map((event) => event.type)).toEqual(expect.arrayContaining(['payment_intent.succeeded', 'charge.succeeded']));
    for (const event of unsubscribed) expect(event.pending_webhooks).toBe(0);
    expect([...new Set(h.received.map((delivery) => delivery.event.type))].sort()).toEqual(['account.updated', 'checkout.session.completed']);

    const summaries = (await (await fetch(`${h.appUrl}/_local/payments/events.json`)).json()) as EventSummary[];
    const chargeEvent = summaries.find((event) => event.type === 'charge.succeeded' && event.objectId === charge.id);
    expect(chargeEvent).toMatchObject({ subscribed: false, deliveries: [] });
    // A test waiting for one event asks for it alone: of one type, about one object.
    const ofTheCharge = (await (await fetch(`${h.appUrl}/_local/payments/events.json?type=charge.succeeded&object=${charge.id}`)).json()) as EventSummary[];
    expect(ofTheCharge).toEqual([chargeEvent]);
    const ofTheType = (await (await fetch(`${h.appUrl}/_local/payments/events.json?type=charge.succeeded`)).json()) as EventSummary[];
    expect(ofTheType.length).toBeGreaterThan(0);
    expect(ofTheType.every((event) => event.type === 'charge.succeeded')).toBe(true);
    expect(ofTheType.length).toBeLessThan(summaries.length);
    expect((await h.postJson(`/_local/payments/events/${chargeEvent?.id}/resend`)).status).toBe(409);
    const completed = summaries.find((event) => event.type === 'checkout.session.completed' && event.objectId === session.id);
    expect(completed).toMatchObject({ subscribed: true });
    expect((await h.postJson(`/_local/payments/events/${completed?.id}/resend`)).status).toBe(200);
    expect(h.received.filter((delivery) => delivery.event.id === completed?.id)).toHaveLength(2);
  });
});
