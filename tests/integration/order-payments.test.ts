/**
 * Booking and paying through the local gateway, the real orders handler, DynamoDB Local and the
 * local Stripe (the real SDK on both sides, signed webhooks): payout onboarding, checkout with the
 * server's amount and derived idempotency keys, payment confirmed once by webhook and return alike,
 * payments the order can no longer take refunded, and cancellations refunded as the terms state.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { MSG } from '../../shared/texts';
import { signedInNewExpert, signedInStudent } from '../support/accounts';
import { type ApiClient, stackUrl } from '../support/api';
import { expertWithOffer, hourlyOfferOf } from '../support/chats';
import { advanceClock, delivered, localEvents, localStripe, onboard, postControl, pressOnPage, sessionIdOf } from '../support/payments';
import { chatOf, ledgerEntry, openOrder, put, serverNow, startIn } from '../support/orders';
import { stackEnv } from '../support/stack';
import { getItem, partitionItems, setAttributes } from '../support/table';

const HOUR = 3_600_000;

let expert: ApiClient;
let expertId: string;
let fixedOffer: OfferDto;
let hourlyOffer: OfferDto;

/** Pays the order's checkout on the local Stripe's page and waits for the webhook to have landed. */
async function pay(student: ApiClient, chatId: string, amount?: number): Promise<{ sessionId: string }> {
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId, ...(amount !== undefined && { amount }) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const paid = await pressOnPage(created.body.url, 'pay');
  expect(paid.status).toBe(303);
  expect(paid.location).toBe(`${stackUrl()}/messages?chatId=${chatId}&status=paid`);
  const sessionId = sessionIdOf(created.body.url);
  await delivered('checkout.session.completed', sessionId);
  return { sessionId };
}

const sumOf = (entry: Record<string, unknown> | undefined) =>
  ((entry?.lines ?? []) as { amountCents: number }[]).reduce((sum, line) => sum + line.amountCents, 0);

beforeAll(async () => {
  ({ expert, expertId, offer: fixedOffer } = await expertWithOffer('Petra', 'Payable', 'Portfolio review'));
  hourlyOffer = await hourlyOfferOf(expert, 'Mock interviews by the hour', 45.5);
});

describe('payout onboarding', () => {
  it('connects an expert through the provider: one account, and payouts enabled once onboarding is complete', async () => {
    const { client: newcomer } = await signedInNewExpert('Olga', 'Onboarding');
    expect((await newcomer.get('/payments/account-status')).body).toEqual({ payouts_enabled: false, currentlyDue: [] });
    const [first, second] = await Promise.all([newcomer.post<{ url: string }>('/payments/onboard'), newcomer.post<{ url: string }>('/payments/onboard')]);
    expect(first.body.url).toMatch(new RegExp(`^${stackUrl()}/_local/payments/onboarding/`));
    const left = await pressOnPage(second.body.url, 'leave');
    expect(left.location).toBe(`${stackUrl()}/create?stripe=success`);
    const unfinished = await newcomer.get<{ payouts_enabled: boolean; currentlyDue: string[] }>('/payments/account-status');
    expect(unfinished.body.payouts_enabled).toBe(false);
    expect(unfinished.body.currentlyDue.length).toBeGreaterThan(0);

    await onboard(newcomer);
    const user = await newcomer.get<{ _id: string; payoutsEnabled?: boolean }>('/auth/user');
    const stored = await getItem({ pk: `USER#${user.body._id}`, sk: 'PROFILE' });
    await delivered('account.updated', String(stored?.payoutAccountId));
    expect((await newcomer.get('/auth/user')).body).toMatchObject({ payoutsEnabled: true });
    expect((await newcomer.get('/payments/account-status')).body).toEqual({ payouts_enabled: true, currentlyDue: [] });
    // The provider's account id stays private.
    expect(JSON.stringify((await newcomer.get('/auth/user')).body)).not.toContain(String(stored?.payoutAccountId));
    const login = await newcomer.post<{ url: string }>('/payments/login-link');
    expect(login.body.url).toBe(`${stackUrl()}/_local/payments/express/${stored?.payoutAccountId}`);
  });
});

describe('a fresh onboarding link', () => {
  it('takes an expert who left onboarding unfinished back to the same account, and is an expert’s only', async () => {
    const { client: newcomer } = await signedInNewExpert('Ada', 'Again');
    const started = await newcomer.post<{ url: string }>('/payments/onboard');
    expect((await pressOnPage(started.body.url, 'leave')).location).toBe(`${stackUrl()}/create?stripe=success`);
    const user = await newcomer.get<{ _id: string }>('/auth/user');
    const accountId = (await getItem({ pk: `USER#${user.body._id}`, sk: 'PROFILE' }))?.payoutAccountId;

    const link = await newcomer.post<{ url: string }>('/payments/account-link');
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`^${stackUrl()}/_local/payments/onboarding/`));
    expect(link.body.url).not.toBe(started.body.url);
    expect((await pressOnPage(link.body.url, 'complete')).location).toBe(`${stackUrl()}/create?stripe=success`);
    expect((await newcomer.get('/payments/account-status')).body).toEqual({ payouts_enabled: true, currentlyDue: [] });
    expect((await getItem({ pk: `USER#${user.body._id}`, sk: 'PROFILE' }))?.payoutAccountId).toBe(accountId);

    const { client: student } = await signedInStudent();
    expect((await student.post('/payments/account-link')).status).toBe(403);
  });
});

describe('paying a fixed-price order by card', () => {
  it('charges the server’s amount once: a double click gets the same checkout, the webhook and the return confirm it together', async () => {
    const { student, chat } = await openOrder(fixedOffer);
    const [first, second] = await Promise.all([
      student.post<{ url: string }>('/payments/create-session', { chatId: chat._id, amount: 60 }),
      student.post<{ url: string }>('/payments/create-session', { chatId: chat._id }),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.body.url).toBe(first.body.url);
    const sessionId = sessionIdOf(first.body.url);
    expect(sessionId).toMatch(/^cs_test_/);
    const again = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    expect(again.body.url).toBe(first.body.url);

    const session = await localStripe().checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ amount_total: 6000, currency: 'eur', mode: 'payment', metadata: { stage: 'local', orderId: chat._id } });
    // 31 minutes from when the checkout was recorded, a moment before Stripe created it.
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(31 * 60 - 2);
    expect(session.expires_at - session.created).toBeLessThanOrEqual(31 * 60);

    expect((await pressOnPage(first.body.url, 'decline')).status).toBe(402);
    expect((await chatOf(student, chat._id)).orderStatus).toBe('open');
    await pressOnPage(first.body.url, 'pay');
    const [marked] = await Promise.all([put(student, `/chats/${chat._id}/mark-paid`), delivered('checkout.session.completed', sessionId)]);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toMatchObject({ orderStatus: 'in_progress', isServiceInProgress: true, paymentAmount: 60 });
    expect(await chatOf(expert, chat._id)).toMatchObject({ orderStatus: 'in_progress', paymentAmount: 60 });

    const paid = await localStripe().checkout.sessions.retrieve(sessionId);
    const paymentIntentId = String(paid.payment_intent);
    const intent = await localStripe().paymentIntents.retrieve(paymentIntentId);
    expect(intent.transfer_group).toBe(`order_${chat._id}`);
    const entry = await ledgerEntry(`payment:${paymentIntentId}`);
    expect(entry).toMatchObject({ kind: 'payment', orderId: chat._id });
    expect(sumOf(entry)).toBe(0);

    // The same event again, and the return again: nothing more is recorded.
    const event = (await localEvents()).find((candidate) => candidate.type === 'checkout.session.completed' && candidate.objectId === sessionId)!;
    const resent = await postControl(`/_local/payments/events/${event.id}/resend`);
    expect(resent.status).toBe(200);
    expect((await put(student, `/chats/${chat._id}/mark-paid`)).status).toBe(200);
    expect(await student.post('/payments/create-session', { chatId: chat._id })).toMatchObject({ status: 409, body: { code: 'already_paid' } });
  });

  it('refuses what is not the student’s to pay, or not the server’s amount', async () => {
    const { student, chat } = await openOrder(fixedOffer);
    expect(await expert.post('/payments/create-session', { chatId: chat._id })).toMatchObject({
      status: 403,
      body: { msg: MSG.cannotPayOwnOffer, code: 'own_offer' },
    });
    expect(await student.post('/payments/create-session', { chatId: chat._id, amount: 0.6 })).toMatchObject({ status: 409, body: { code: 'amount_mismatch' } });
    const { client: stranger } = await signedInStudent();
    expect(await stranger.post('/payments/create-session', { chatId: chat._id })).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });
    expect(await student.post('/payments/create-session', { chatId: 'no-such-chat' })).toMatchObject({ status: 404, body: { code: 'chat_not_found' } });
  });

  it('cancels an unpaid order for free, expiring its open checkout', async () => {
    const { student, chat } = await openOrder(fixedOffer);
    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    expect(await put(expert, `/chats/${chat._id}/cancel`)).toMatchObject({ status: 200, body: { msg: MSG.orderCanceled } });
    expect((await localStripe().checkout.sessions.retrieve(sessionIdOf(created.body.url))).status).toBe('expired');
    expect((await chatOf(student, chat._id)).orderStatus).toBe('canceled');
    expect((await pressOnPage(created.body.url, 'pay')).status).not.toBe(303);
  });

  it('refunds a payment that lands after the order was cancelled, and records both movements', async () => {
    const { student, chat } = await openOrder(fixedOffer);
    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    const sessionId = sessionIdOf(created.body.url);
    expect((await pressOnPage(created.body.url, 'pay_async')).status).toBe(303);
    expect((await put(student, `/chats/${chat._id}/cancel`)).status).toBe(200);
    const settled = await fetch(`${stackUrl()}/_local/payments/checkout/${sessionId}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'succeeded' }),
    });
    expect(settled.status).toBe(200);
    await delivered('checkout.session.async_payment_succeeded', sessionId);
    const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionId)).payment_intent);
    const intent = await localStripe().paymentIntents.retrieve(paymentIntentId);
    const charge = await localStripe().charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 6000 });
    expect(await ledgerEntry(`payment:${paymentIntentId}`)).toMatchObject({ kind: 'payment' });
    const refundId = charge.refunds?.data[0]?.id;
    expect(await ledgerEntry(`refund:${refundId}`)).toMatchObject({ kind: 'refund', orderId: chat._id });
    expect((await chatOf(student, chat._id)).orderStatus).toBe('canceled');
  });
});

describe('paying by bank transfer', () => {
  const settle = (sessionId: string, outcome: 'succeeded' | 'failed') =>
    fetch(`${stackUrl()}/_local/payments/checkout/${sessionId}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome }),
    });

  it('waits while the transfer settles, and after it failed starts a new checkout that pays the order once', async () => {
    const { student, chat } = await openOrder(fixedOffer);
    const first = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    const failedId = sessionIdOf(first.body.url);
    expect((await pressOnPage(first.body.url, 'pay_async')).status).toBe(303);
    await delivered('checkout.session.completed', failedId);
    // Still settling: the money may come, so no second checkout.
    expect(await student.post('/payments/create-session', { chatId: chat._id })).toMatchObject({ status: 409, body: { code: 'payment_not_confirmed' } });

    expect((await settle(failedId, 'failed')).status).toBe(200);
    await delivered('checkout.session.async_payment_failed', failedId);
    expect(await localStripe().checkout.sessions.retrieve(failedId)).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect((await chatOf(student, chat._id)).orderStatus).toBe('open');
    expect(await put(student, `/chats/${chat._id}/mark-paid`)).toMatchObject({ status: 409, body: { code: 'payment_not_confirmed' } });

    const second = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const sessionId = sessionIdOf(second.body.url);
    expect(sessionId).not.toBe(failedId);
    expect((await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id })).body.url).toBe(second.body.url);
    expect((await pressOnPage(second.body.url, 'pay')).status).toBe(303);
    await delivered('checkout.session.completed', sessionId);

    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'in_progress', paymentAmount: 60 });
    const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionId)).payment_intent);
    expect(sumOf(await ledgerEntry(`payment:${paymentIntentId}`))).toBe(0);
    const held = (await partitionItems(`BALANCE#held:${chat._id}`)).filter((line) => line.sk !== 'TOTAL');
    expect(held.map((line) => line.amountCents)).toEqual([-6000]);
    expect(await student.post('/payments/create-session', { chatId: chat._id })).toMatchObject({ status: 409, body: { code: 'already_paid' } });
  });
});

describe('events that come late', () => {
  it('changes nothing when an expired checkout’s event comes again after the order was paid by a new one', async () => {
    const { student, chat } = await openOrder(fixedOffer);
    const first = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    const expiredId = sessionIdOf(first.body.url);
    expect((await postControl(`/_local/payments/checkout/${expiredId}/expire`)).status).toBe(200);
    const expired = await delivered('checkout.session.expired', expiredId);
    const { sessionId } = await pay(student, chat._id);
    expect(sessionId).not.toBe(expiredId);
    const paid = await chatOf(student, chat._id);

    expect((await postControl(`/_local/payments/events/${expired.id}/resend`)).status).toBe(200);
    const resent = (await localEvents()).find((event) => event.id === expired.id);
    expect(resent?.deliveries.at(-1)?.status).toBe(200);
    expect(await chatOf(student, chat._id)).toEqual(paid);
    const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionId)).payment_intent);
    expect((await partitionItems(`BALANCE#held:${chat._id}`)).filter((line) => line.sk !== 'TOTAL').map((line) => line.amountCents)).toEqual([-6000]);
    expect(await ledgerEntry(`payment:${paymentIntentId}`)).toMatchObject({ kind: 'payment' });
  });

  it('refunds a payment made on the checkout of a booking the student has since changed', async () => {
    const { student, chat } = await openOrder(hourlyOffer);
    const start = await startIn(48);
    await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start, scheduledHours: 1 });
    await put(expert, `/chats/${chat._id}/confirm-schedule`);
    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    const sessionId = sessionIdOf(created.body.url);
    // A new proposal before paying: the order now waits for the expert again.
    expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start, scheduledHours: 2 })).status).toBe(200);
    // Its checkout, still open in another tab, is paid all the same.
    expect((await pressOnPage(created.body.url, 'pay')).status).toBe(303);
    await delivered('checkout.session.completed', sessionId);
    const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionId)).payment_intent);
    const intent = await localStripe().paymentIntents.retrieve(paymentIntentId);
    const charge = await localStripe().charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 4550 });
    expect(await ledgerEntry(`payment:${paymentIntentId}`)).toMatchObject({ kind: 'payment', orderId: chat._id });
    expect(await ledgerEntry(`refund:${charge.refunds?.data[0]?.id}`)).toMatchObject({ kind: 'refund', orderId: chat._id });
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'scheduled', scheduledHours: 2 });
    expect((await chatOf(student, chat._id)).paymentAmount ?? 0).toBe(0);
  });
});

describe('the webhook', () => {
  it('refuses an unsigned or wrongly signed event and changes nothing', async () => {
    const client = new (await import('../support/api')).ApiClient();
    const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: { id: 'cs_test_forged' } } });
    expect(await client.request('POST', '/webhooks/stripe', undefined, { raw: body })).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    const forged = await client.request('POST', '/webhooks/stripe', undefined, {
      raw: body,
      headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    });
    expect(forged).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    expect(await getItem({ pk: 'PROVIDEREVENT#evt_forged', sk: 'EVENT' })).toBeUndefined();
  });

  it('takes events signed by the platform’s endpoint or by the Connect endpoint, each with its own secret', async () => {
    const client = new (await import('../support/api')).ApiClient();
    const [platformSecret, connectSecret] = stackEnv().STRIPE_WEBHOOK_SECRET.split(',');
    expect(connectSecret).toBeTruthy();
    for (const [secret, accepted] of [
      [platformSecret, true],
      [connectSecret, true],
      ['whsec_of_another_endpoint', false],
    ] as const) {
      const id = `evt_${randomUUID().replaceAll('-', '')}`;
      const payload = JSON.stringify({ id, object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', metadata: { stage: 'local' } } } });
      const signature = localStripe().webhooks.generateTestHeaderString({ payload, secret });
      const answer = await client.request('POST', '/webhooks/stripe', undefined, { raw: payload, headers: { 'stripe-signature': signature } });
      expect(answer.status, secret).toBe(accepted ? 200 : 400);
      expect(Boolean(await getItem({ pk: `PROVIDEREVENT#${id}`, sk: 'EVENT' })), secret).toBe(accepted);
    }
  });

  it('answers 409 for an order not yet visible, so the provider retries, and processes the event once the order exists', async () => {
    const orderId = `late-${randomUUID()}`;
    const session = await localStripe().checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 6000, product_data: { name: 'Portfolio review' } } }],
      metadata: { stage: 'local', orderId },
      success_url: `${stackUrl()}/messages`,
      cancel_url: `${stackUrl()}/messages`,
    });
    await pressOnPage(String(session.url), 'pay');
    let event = (await localEvents()).find((candidate) => candidate.type === 'checkout.session.completed' && candidate.objectId === session.id);
    for (let waited = 0; !event?.deliveries.length && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      event = (await localEvents()).find((candidate) => candidate.type === 'checkout.session.completed' && candidate.objectId === session.id);
    }
    expect(event?.deliveries[0]?.status).toBe(409);
    expect(event?.delivered).toBe(false);

    // The order appears (its write was slower than the provider), with this checkout recorded, between two members.
    const now = new Date(await serverNow()).toISOString();
    const studentId = JSON.parse(Buffer.from(String((await signedInStudent()).client.accessToken).split('.')[1], 'base64url').toString()).sub as string;
    await setAttributes(
      { pk: `ORDER#${orderId}`, sk: 'ORDER' },
      {
        orderId,
        orderNumber: 999_999,
        offerId: fixedOffer._id,
        offerTitle: fixedOffer.title,
        studentId,
        expertId,
        kind: 'fixed',
        priceCents: 6000,
        status: 'open',
        bookingRevision: 0,
        version: 1,
        checkout: { bookingRevision: 0, attempt: 1, amountCents: 6000, expiresAt: now, sessionId: session.id, url: session.url },
        createdAt: now,
      },
    );
    const resent = await postControl(`/_local/payments/events/${event!.id}/resend`);
    expect(resent.status).toBe(200);
    expect(await getItem({ pk: `ORDER#${orderId}`, sk: 'ORDER' })).toMatchObject({ status: 'in_progress', payment: { amountCents: 6000 } });
  });

  it('acknowledges and ignores the events of another stage sharing the account', async () => {
    const session = await localStripe().checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 700, product_data: { name: 'Elsewhere' } } }],
      metadata: { stage: 'prod', orderId: 'an-order-of-prod' },
      success_url: `${stackUrl()}/messages`,
      cancel_url: `${stackUrl()}/messages`,
    });
    await pressOnPage(String(session.url), 'pay');
    const event = await delivered('checkout.session.completed', session.id);
    expect(event.deliveries.at(-1)?.status).toBe(200);
    expect(await getItem({ pk: 'ORDER#an-order-of-prod', sk: 'ORDER' })).toBeUndefined();
  });
});

describe('booking an hourly session', () => {
  it('is proposed by the student, countered by the expert, accepted, then paid at the rate times the agreed hours', async () => {
    const { student, chat } = await openOrder(hourlyOffer);
    const proposed = await startIn(48);
    expect(await student.post('/payments/create-session', { chatId: chat._id })).toMatchObject({ status: 400, body: { msg: MSG.chooseDateHours } });
    expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: proposed, scheduledHours: 2 })).status).toBe(200);
    expect(await student.post('/payments/create-session', { chatId: chat._id })).toMatchObject({
      status: 409,
      body: { msg: MSG.waitingScheduleConfirmation, code: 'schedule_unconfirmed' },
    });
    expect(await put(student, `/chats/${chat._id}/confirm-schedule`)).toMatchObject({ status: 403, body: { code: 'not_your_turn' } });
    const countered = await startIn(72);
    expect((await put(expert, `/chats/${chat._id}/counter-schedule`, { scheduledDate: countered, scheduledHours: 3 })).status).toBe(200);
    expect(await chatOf(student, chat._id)).toMatchObject({
      orderStatus: 'countered',
      scheduledDate: countered,
      scheduledHours: 3,
      isScheduleConfirmed: false,
    });
    expect((await put(student, `/chats/${chat._id}/accept-schedule`)).status).toBe(200);
    expect(await chatOf(expert, chat._id)).toMatchObject({ orderStatus: 'confirmed', isScheduleConfirmed: true });

    expect(await student.post('/payments/create-session', { chatId: chat._id, booking: { date: proposed, hours: 2 } })).toMatchObject({
      status: 409,
      body: { code: 'amount_mismatch' },
    });
    const { sessionId } = await pay(student, chat._id, 136.5);
    expect((await localStripe().checkout.sessions.retrieve(sessionId)).amount_total).toBe(13650);
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'in_progress', paymentAmount: 136.5 });
  });

  it('refuses hours whose total is more than one card payment carries when they are proposed, not at payment', async () => {
    const costly = await hourlyOfferOf(expert, 'Board advisory by the hour', 150_000);
    const { student, chat } = await openOrder(costly);
    const start = await startIn(48);
    // 8 hours at €150,000 are €1,200,000, over Stripe's €999,999.99.
    expect(await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start, scheduledHours: 8 })).toMatchObject({
      status: 400,
      body: { msg: MSG.totalTooLarge, code: 'total_too_large' },
    });
    expect((await chatOf(student, chat._id)).orderStatus).toBe('open');
    expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start, scheduledHours: 6 })).status).toBe(200);
    expect(await put(expert, `/chats/${chat._id}/counter-schedule`, { scheduledDate: await startIn(72), scheduledHours: 7 })).toMatchObject({
      status: 400,
      body: { msg: MSG.counterTotalTooLarge, code: 'total_too_large' },
    });
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'scheduled', scheduledDate: start, scheduledHours: 6 });

    // A counter recorded before bookings were bounded is refused when the student accepts it.
    expect((await put(expert, `/chats/${chat._id}/counter-schedule`, { scheduledDate: start, scheduledHours: 5 })).status).toBe(200);
    await setAttributes({ pk: `ORDER#${chat._id}`, sk: 'ORDER' }, { scheduledHours: 8 });
    expect(await put(student, `/chats/${chat._id}/accept-schedule`)).toMatchObject({ status: 400, body: { code: 'total_too_large' } });
    expect((await chatOf(student, chat._id)).orderStatus).toBe('countered');
  });

  it('refuses a start off the half-hour step or in the past, and hours outside 1 to 8', async () => {
    const { student, chat } = await openOrder(hourlyOffer);
    const start = await startIn(30);
    const offStep = start.replace(':00:00', ':15:00');
    expect(await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: offStep, scheduledHours: 1 })).toMatchObject({
      status: 400,
      body: { msg: MSG.sessionStartStep },
    });
    expect(await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start, scheduledHours: 9 })).toMatchObject({ status: 400 });
    const past = new Date(Math.floor(((await serverNow()) - 2 * HOUR) / HOUR) * HOUR).toISOString();
    expect(await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: past, scheduledHours: 1 })).toMatchObject({
      status: 400,
      body: { code: 'session_in_past' },
    });
    // Kathmandu is 5:45 ahead: 10:30 there is on the step of the student's own clock.
    const kathmandu = `${start.slice(0, 10)}T10:30:00+05:45`;
    if (Date.parse(kathmandu) > (await serverNow()))
      expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: kathmandu, scheduledHours: 1 })).status).toBe(200);
    expect((await chatOf(student, chat._id)).orderStatus).toMatch(/open|scheduled/);
  });
});

describe('cancelling a paid order', () => {
  async function paidSession(hoursAhead: number) {
    const { student, chat } = await openOrder(hourlyOffer);
    const start = await startIn(hoursAhead);
    await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start, scheduledHours: 2 });
    await put(expert, `/chats/${chat._id}/confirm-schedule`);
    const { sessionId } = await pay(student, chat._id);
    const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionId)).payment_intent);
    return { student, chat, paymentIntentId };
  }

  const chargeOf = async (paymentIntentId: string) =>
    localStripe().charges.retrieve(String((await localStripe().paymentIntents.retrieve(paymentIntentId)).latest_charge));

  it('refunds in full more than 12 hours ahead', async () => {
    const { student, chat, paymentIntentId } = await paidSession(30);
    expect(await put(student, `/chats/${chat._id}/cancel`)).toMatchObject({ status: 200, body: { msg: MSG.orderCanceledRefunded } });
    expect(await chargeOf(paymentIntentId)).toMatchObject({ refunded: true, amount_refunded: 9100 });
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'canceled', isOrderCanceled: true });
    expect(await put(student, `/chats/${chat._id}/cancel`)).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });
  });

  it('later, waits for the expert’s share: the rest is credited to the expert less the platform fee', async () => {
    const { student, chat, paymentIntentId } = await paidSession(14);
    await advanceClock('3h');
    expect(await put(student, `/chats/${chat._id}/cancel`)).toMatchObject({ status: 200, body: { msg: MSG.refundDecisionPending } });
    expect((await chatOf(expert, chat._id)).orderStatus).toBe('refund_pending');
    expect(await put(student, `/chats/${chat._id}/refund-decision`, { refundPercent: 100 })).toMatchObject({ status: 403 });
    expect(await put(expert, `/chats/${chat._id}/refund-decision`, { refundPercent: 101 })).toMatchObject({ status: 400 });
    expect((await put(expert, `/chats/${chat._id}/refund-decision`, { refundPercent: 50 })).status).toBe(200);
    const charge = await chargeOf(paymentIntentId);
    expect(charge.amount_refunded).toBe(4550);
    const credit = await ledgerEntry(`credit:${chat._id}`);
    expect(credit?.lines).toEqual(
      expect.arrayContaining([
        { account: `held:${chat._id}`, amountCents: 4550 },
        { account: 'platform_fees', amountCents: -455 },
      ]),
    );
    expect(sumOf(credit)).toBe(0);
  });

  it('refunds in full when the expert cancels, however late', async () => {
    const { chat, paymentIntentId } = await paidSession(14);
    await advanceClock('3h');
    expect(await put(expert, `/chats/${chat._id}/cancel`)).toMatchObject({ status: 200, body: { msg: MSG.orderCanceledRefunded } });
    expect((await chargeOf(paymentIntentId)).amount_refunded).toBe(9100);
  });
});
