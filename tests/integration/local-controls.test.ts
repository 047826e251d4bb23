/**
 * The local stack's controls against a page of another site in the developer's browser, which can
 * send a form or text/plain cross-site without a preflight: the test clock and the local Stripe's
 * JSON controls take application/json only (415 otherwise, nothing changed), and the local Stripe's
 * hosted checkout takes its form from its own origin only (403 otherwise, nothing paid).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { stackUrl } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { localStripe, pressOnPage, sessionIdOf } from '../support/payments';
import { openOrder } from '../support/orders';

const HOUR_MS = 3_600_000;
const EVIL = 'https://evil.example';

/** What a cross-site page can send unasked: the same body as text/plain, and as a form. */
const simpleRequests = (json: Record<string, string>) => [
  { 'content-type': 'text/plain', body: JSON.stringify(json) },
  { 'content-type': 'application/x-www-form-urlencoded', body: new URLSearchParams(json).toString() },
];

const post = (path: string, contentType: string, body: string) =>
  fetch(`${stackUrl()}${path}`, { method: 'POST', headers: { 'content-type': contentType, origin: EVIL }, body });

/** How far the app's clock is ahead of the wall clock, in ms. */
async function clockOffset(): Promise<number> {
  const { now } = (await (await fetch(`${stackUrl()}/_local/clock`)).json()) as { now: string };
  return Date.parse(now) - Date.now();
}

let offer: OfferDto;

beforeAll(async () => {
  ({ offer } = await expertWithOffer('Cora', 'Crossite', 'Pitch deck review'));
});

describe('the test clock', () => {
  it('refuses a text/plain or form post with 415 and stays put; JSON, which no preflight lets another site send, moves it', async () => {
    const before = await clockOffset();
    for (const { 'content-type': type, body } of simpleRequests({ advance: '49h' })) {
      const refused = await post('/_local/clock', type, body);
      expect(refused.status, type).toBe(415);
      expect(await refused.json()).toMatchObject({ code: 'unsupported_media_type' });
    }
    expect(Math.abs((await clockOffset()) - before)).toBeLessThan(HOUR_MS);

    const moved = await post('/_local/clock', 'application/json; charset=utf-8', JSON.stringify({ advance: '1h' }));
    expect(moved.status).toBe(200);
    expect((await clockOffset()) - before).toBeGreaterThanOrEqual(HOUR_MS - 60_000);

    // JSON is what another site cannot send: the preflight it needs is not allowed.
    const preflight = await fetch(`${stackUrl()}/_local/clock`, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });
});

describe('the local Stripe', () => {
  it('refuses a text/plain or form post to settle a bank transfer with 415 and leaves it unsettled; JSON settles it', async () => {
    const { student, chat } = await openOrder(offer);
    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sessionId = sessionIdOf(created.body.url);
    expect((await pressOnPage(created.body.url, 'pay_async')).status).toBe(303);
    const settle = `/_local/payments/checkout/${sessionId}/settle`;

    for (const { 'content-type': type, body } of simpleRequests({ outcome: 'failed' })) {
      const refused = await post(settle, type, body);
      expect(refused.status, type).toBe(415);
      expect(await refused.json()).toMatchObject({ code: 'unsupported_media_type' });
    }
    expect(await localStripe().checkout.sessions.retrieve(sessionId)).toMatchObject({ status: 'complete', payment_status: 'unpaid' });

    const settled = await post(settle, 'application/json', JSON.stringify({ outcome: 'succeeded' }));
    expect(settled.status).toBe(200);
    expect(await localStripe().checkout.sessions.retrieve(sessionId)).toMatchObject({ payment_status: 'paid' });
  });

  it('refuses a checkout form posted from another origin with 403 and takes no payment; its own origin pays', async () => {
    const { student, chat } = await openOrder(offer);
    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sessionId = sessionIdOf(created.body.url);
    const form = new URLSearchParams({ action: 'pay' });

    const foreign: Record<string, string>[] = [{ origin: EVIL }, { origin: 'null' }, { referer: `${EVIL}/page` }, {}];
    for (const headers of foreign) {
      const refused = await fetch(created.body.url, { method: 'POST', headers, body: form, redirect: 'manual' });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await localStripe().checkout.sessions.retrieve(sessionId)).toMatchObject({ status: 'open', payment_status: 'unpaid' });

    const paid = await pressOnPage(created.body.url, 'pay');
    expect(paid).toMatchObject({ status: 303, location: `${stackUrl()}/messages?chatId=${chat._id}&status=paid` });
    expect(await localStripe().checkout.sessions.retrieve(sessionId)).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });
});
