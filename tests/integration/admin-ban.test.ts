/**
 * Bans through the local gateway, the real admin and orders handlers, DynamoDB Local, the local
 * Stripe and the outbox: a banned member is thrown out at once (requests, refresh, socket, login),
 * their offers leave search, their paid orders not yet delivered are refunded in full (the admin
 * sees which before confirming), and so is a payment made after the ban at a checkout left open; an
 * unban lets them back in; each decision is in the audit log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BanPreview } from '../../shared/schemas/admin';
import type { AuditPage } from '../../shared/schemas/audit';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { ChatDto } from '../../shared/schemas/chats';
import type { ReportedOrder } from '../../shared/schemas/orders';
import type { RoomView } from '../../shared/schemas/rooms';
import { MSG } from '../../shared/texts';
import { PASSWORD, signedInAs, signedInStudent, signedInWith } from '../support/accounts';
import { ApiClient } from '../support/api';
import { connectAs, expertWithOffer } from '../support/chats';
import { chatOf, ledgerEntry, openOrder, put } from '../support/orders';
import { latestMail, mailWhere } from '../support/outbox';
import { advanceClock, delivered, localEvents, localStripe, postControl, pressOnPage, sessionIdOf } from '../support/payments';
import { bookedPhoneCall, clockToStart } from '../support/rooms';
import { getItem } from '../support/table';

let admin: ApiClient;
let expert: ApiClient;
let expertId: string;
let expertEmail: string;
let offer: OfferDto;

const visitor = new ApiClient();
const searchIds = async (q: string) => (await visitor.get<OfferDto[]>(`/offers/search?q=${encodeURIComponent(q)}`)).body.map((found) => found._id);

/** An order of the offer paid by a new student on the local Stripe's page. */
async function paidOrder(): Promise<{ student: ApiClient; studentEmail: string; chat: ChatDto; paymentIntentId: string }> {
  const { client: student, email: studentEmail } = await signedInStudent();
  const { chat } = await openOrder(offer, student);
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
  await pressOnPage(created.body.url, 'pay');
  const sessionId = sessionIdOf(created.body.url);
  await delivered('checkout.session.completed', sessionId);
  const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionId)).payment_intent);
  return { student, studentEmail, chat, paymentIntentId };
}

const chargeOf = async (paymentIntentId: string) =>
  localStripe().charges.retrieve(String((await localStripe().paymentIntents.retrieve(paymentIntentId)).latest_charge));

beforeAll(async () => {
  ({ expert, expertId, email: expertEmail, offer } = await expertWithOffer('Bruno', 'Banned', 'Negotiation drills for founders'));
  admin = await signedInAs('admin');
});

describe('banning an expert', () => {
  it('throws them out at once, refunds their paid orders not yet delivered in full, hides their offers; an unban lets them back', async () => {
    const paid = await paidOrder();
    const { chat: unpaid, student: unpaidStudent } = await openOrder(offer);
    // The index is fresh within about a second of a change (decision 288), as the checks after the ban and the unban wait for.
    await expect.poll(() => searchIds('Negotiation drills')).toContain(offer._id);

    const preview = await admin.get<BanPreview>(`/admin/users/${expertId}/ban-preview`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.orders).toEqual([{ _id: paid.chat._id, orderNumber: expect.any(Number), offerTitle: offer.title, side: 'expert', refundCents: 6000 }]);
    expect(preview.body.orders.map((order) => order._id)).not.toContain(unpaid._id);

    const socket = await connectAs(expert);
    const banned = await admin.post(`/admin/ban-user/${expertId}`, { reason: 'Asked students to pay <b>outside</b> the platform' });
    expect(banned).toMatchObject({ status: 200, body: { msg: MSG.userBanned } });

    await socket.closed();
    expect((await expert.get('/auth/user')).status).toBe(401);
    expect((await expert.post('/auth/refresh-token')).status).toBe(401);
    expect(await new ApiClient().post('/auth/login', { email: expertEmail, password: PASSWORD })).toMatchObject({
      status: 403,
      body: { msg: MSG.accountBanned, code: 'account_banned' },
    });
    const suspended = await latestMail(expertEmail, 'Your account has been suspended');
    expect(suspended.text).toContain('Reason: Asked students to pay outside the platform');
    await expect.poll(() => searchIds('Negotiation drills')).not.toContain(offer._id);
    expect((await visitor.get(`/offers/${offer._id}`)).status).toBe(404);

    // The order is cancelled with the ban; its refund is the deadlines job's due work.
    expect(await chatOf(paid.student, paid.chat._id)).toMatchObject({ orderStatus: 'canceled', isOrderCanceled: true });
    // An unpaid order of the banned expert takes no payment.
    expect(await unpaidStudent.post('/payments/create-session', { chatId: unpaid._id })).toMatchObject({
      status: 409,
      body: { code: 'expert_unavailable', msg: MSG.expertUnavailable },
    });
    await mailWhere(paid.studentEmail, (mail) => mail.subject.endsWith('cancelled') && mail.text.includes('an administrator'), 'of the cancellation');
    await advanceClock('1m');
    await expect.poll(async () => (await chargeOf(paid.paymentIntentId)).amount_refunded).toBe(6000);
    expect(await chargeOf(paid.paymentIntentId)).toMatchObject({ refunded: true });
    await mailWhere(paid.studentEmail, (mail) => mail.subject.startsWith('Refund of'), 'of the refund');

    // Banning again changes nothing more: no second mail, no second entry.
    expect((await admin.post(`/admin/ban-user/${expertId}`, {})).status).toBe(200);
    const log = await admin.get<AuditPage>(`/admin/audit?targetId=${expertId}`);
    expect(log.body.entries.map((entry) => entry.action)).toEqual(['user.ban']);
    expect(log.body.entries[0]).toMatchObject({
      target: { type: 'user', _id: expertId, label: 'Bruno Banned' },
      details: { reason: 'Asked students to pay outside the platform', refundedOrders: 1 },
      clientIp: admin.clientAddress,
    });

    expect(await admin.post(`/admin/unban-user/${expertId}`, {})).toMatchObject({ status: 200, body: { msg: MSG.userUnbanned } });
    await latestMail(expertEmail, 'Your account is active again');
    expert = await signedInWith(expertEmail, PASSWORD);
    await expect.poll(() => searchIds('Negotiation drills')).toContain(offer._id);
    // The refunded order stays refunded.
    expect((await chatOf(paid.student, paid.chat._id)).orderStatus).toBe('canceled');
    const after = await admin.get<AuditPage>(`/admin/audit?targetId=${expertId}`);
    expect(after.body.entries.map((entry) => entry.action)).toEqual(['user.unban', 'user.ban']);
  });
});

describe('banning a student', () => {
  it('refunds their paid orders not yet delivered too, and ends their session', async () => {
    const paid = await paidOrder();
    const studentId = JSON.parse(Buffer.from(paid.student.accessToken!.split('.')[1], 'base64url').toString()).sub as string;
    const preview = await admin.get<BanPreview>(`/admin/users/${studentId}/ban-preview`);
    expect(preview.body.orders).toEqual([expect.objectContaining({ _id: paid.chat._id, side: 'student', refundCents: 6000 })]);
    expect((await admin.post(`/admin/ban-user/${studentId}`)).status).toBe(200);
    expect((await paid.student.get('/auth/user')).status).toBe(401);
    expect(await chatOf(expert, paid.chat._id)).toMatchObject({ orderStatus: 'canceled' });
    await advanceClock('1m');
    await expect.poll(async () => (await chargeOf(paid.paymentIntentId)).amount_refunded).toBe(6000);
  });
});

describe('banning a member after a session both sides attended', () => {
  it('sends that session to an admin as a problem, with the attendance, and refunds nothing of it', async () => {
    const call = await bookedPhoneCall();
    await clockToStart(call.start, 0);
    await advanceClock('5m');
    for (const side of [call.student, call.expert]) {
      const socket = await connectAs(side);
      socket.send({ action: 'joinRoom', orderId: call.orderId });
      await socket.next((event) => event.type === 'roomJoined');
      socket.send({ action: 'roomMedia', orderId: call.orderId, flowing: true });
      await expect.poll(async () => (await side.get<RoomView>(`/rooms/${call.orderId}`)).body.attendance.length).toBeGreaterThan(side === call.student ? 0 : 1);
      await socket.close();
    }
    const preview = await admin.get<BanPreview>(`/admin/users/${call.expertId}/ban-preview`);
    expect(preview.body).toEqual({ orders: [], reported: [expect.objectContaining({ _id: call.orderId, side: 'expert' })] });

    expect((await admin.post(`/admin/ban-user/${call.expertId}`)).status).toBe(200);
    expect(await chatOf(call.student, call.orderId)).toMatchObject({
      orderStatus: 'problem_reported',
      problem: { reportedBy: 'admin', reason: MSG.bannedAfterSession },
    });
    const reported = (await admin.get<ReportedOrder[]>('/admin/problems')).body.find((entry) => entry.chatId === call.orderId);
    expect(reported).toMatchObject({ reportedBy: 'admin', paymentAmount: 30 });
    expect((await admin.get<{ attendance: unknown[] }>(`/admin/rooms/${call.orderId}`)).body.attendance).toHaveLength(2);
    await advanceClock('1m');
    const { paymentIntentId } = ((await getItem({ pk: `ORDER#${call.orderId}`, sk: 'ORDER' })) as { payment: { paymentIntentId: string } }).payment;
    expect((await chargeOf(paymentIntentId)).amount_refunded).toBe(0);
  });
});

describe('a payment confirmed after a ban', () => {
  it('cancels the order and refunds it in full once, by webhook and return alike, with the ledger balanced', async () => {
    const seller = await expertWithOffer('Lena', 'Late', 'Pitch deck teardown');
    const { client: student, email: studentEmail } = await signedInStudent();
    const { chat } = await openOrder(seller.offer, student);
    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sessionId = sessionIdOf(created.body.url);
    expect((await admin.post(`/admin/ban-user/${seller.expertId}`, {})).status).toBe(200);

    // The student pays at the checkout page left open; the return and the webhook confirm it together.
    expect((await pressOnPage(created.body.url, 'pay')).status).toBe(303);
    const [marked] = await Promise.all([put(student, `/chats/${chat._id}/mark-paid`), delivered('checkout.session.completed', sessionId)]);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'canceled', isOrderCanceled: true, cancellation: { by: 'system', refundAmount: 60 } });

    const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionId)).payment_intent);
    const refunds = async () => (await chargeOf(paymentIntentId)).refunds?.data ?? [];
    await expect.poll(async () => (await refunds()).length).toBe(1);
    const [refund] = await refunds();
    expect(refund).toMatchObject({ amount: 6000, status: 'succeeded' });
    expect(await chargeOf(paymentIntentId)).toMatchObject({ refunded: true, amount_refunded: 6000 });
    expect(await ledgerEntry(`payment:${paymentIntentId}`)).toMatchObject({ kind: 'payment', orderId: chat._id });
    expect(await ledgerEntry(`refund:${refund.id}`)).toMatchObject({ kind: 'refund', orderId: chat._id });
    const heldTotal = async () => (await getItem({ pk: `BALANCE#held:${chat._id}`, sk: 'TOTAL' }))?.totalCents;
    expect(await heldTotal()).toBe(0);

    // Both sides hear of it by the usual mails; the student gets the refund's receipt.
    for (const address of [studentEmail, seller.email])
      await mailWhere(address, (mail) => mail.subject.endsWith('cancelled') && mail.text.includes('suspended or closed'), 'of the cancellation');
    await mailWhere(studentEmail, (mail) => mail.subject.startsWith('Refund of €60.00'), 'of the refund');

    // The event again, and the return again: nothing more.
    const event = (await localEvents()).find((candidate) => candidate.type === 'checkout.session.completed' && candidate.objectId === sessionId);
    const resent = await postControl(`/_local/payments/events/${event?.id}/resend`);
    expect(await resent.json()).toMatchObject({ status: 200 });
    expect((await put(student, `/chats/${chat._id}/mark-paid`)).status).toBe(200);
    expect(await refunds()).toHaveLength(1);
    expect(await heldTotal()).toBe(0);
    expect((await chatOf(student, chat._id)).orderStatus).toBe('canceled');
  });
});

describe('who may ban', () => {
  it('only admins, never an admin, and only someone who exists; the reason is bounded', async () => {
    const { client: student } = await signedInStudent();
    for (const [method, path] of [
      ['POST', `/admin/ban-user/${expertId}`],
      ['POST', `/admin/unban-user/${expertId}`],
      ['GET', `/admin/users/${expertId}/ban-preview`],
    ] as const) {
      for (const member of [student, expert]) expect((await member.request(method, path, method === 'POST' ? {} : undefined)).status).toBe(403);
    }
    const adminId = JSON.parse(Buffer.from(admin.accessToken!.split('.')[1], 'base64url').toString()).sub as string;
    expect(await admin.post(`/admin/ban-user/${adminId}`)).toMatchObject({ status: 403, body: { code: 'admin_not_bannable', msg: MSG.adminNotBannable } });
    expect(await admin.post('/admin/ban-user/no-such-user')).toMatchObject({ status: 404, body: { code: 'user_not_found' } });
    expect(await admin.get('/admin/users/no-such-user/ban-preview')).toMatchObject({ status: 404, body: { code: 'user_not_found' } });
    expect((await admin.post(`/admin/ban-user/${expertId}`, { reason: 'x'.repeat(501) })).status).toBe(400);
  });
});
