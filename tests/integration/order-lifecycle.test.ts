/**
 * An order after payment, through the local gateway, the real orders handler, DynamoDB Local, the
 * local S3 and the local Stripe: the free introduction (once per student and expert, even at once),
 * sessions that complete (confirmed, or by the deadline), rescheduling, problems an admin reads
 * (conversation and delivered file) and decides, and the deadlines that keep anything from waiting
 * forever, driven by the test clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../shared/schemas/audit';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { OrderHistoryPage } from '../../shared/schemas/earnings';
import { ORDER_RULES } from '../../shared/limits';
import type { ReportedOrder, ReportedOrderDetail } from '../../shared/schemas/orders';
import { MSG } from '../../shared/texts';
import { signedInAs, signedInStudent } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { expertWithOffer, hourlyOfferOf } from '../support/chats';
import { advanceClock, delivered, localStripe, pressOnPage, refundedOf, sessionIdOf } from '../support/payments';
import { chatOf, ledgerEntry, openOrder, put, startIn } from '../support/orders';
import { pdfDocument, submitMultipart } from '../support/project-files';

let expert: ApiClient;
let fixedOffer: OfferDto;
let hourlyOffer: OfferDto;

/** An hourly session booked `hoursAhead` from now and paid on the local Stripe's checkout. */
async function paidSession(hoursAhead: number, hours = 2) {
  const { student, chat } = await openOrder(hourlyOffer);
  await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: await startIn(hoursAhead), scheduledHours: hours });
  expect((await put(expert, `/chats/${chat._id}/confirm-schedule`)).status).toBe(200);
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
  await pressOnPage(created.body.url, 'pay');
  await delivered('checkout.session.completed', sessionIdOf(created.body.url));
  const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionIdOf(created.body.url))).payment_intent);
  return { student, chat, paymentIntentId };
}

/** A fixed-price order, paid. */
async function paidProject() {
  const { student, chat } = await openOrder(fixedOffer);
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
  await pressOnPage(created.body.url, 'pay');
  await delivered('checkout.session.completed', sessionIdOf(created.body.url));
  const paymentIntentId = String((await localStripe().checkout.sessions.retrieve(sessionIdOf(created.body.url))).payment_intent);
  return { student, chat, paymentIntentId };
}

beforeAll(async () => {
  ({ expert, offer: fixedOffer } = await expertWithOffer('Lena', 'Lifecycle', 'Thesis feedback'));
  hourlyOffer = await hourlyOfferOf(expert, 'Coaching sessions by the hour', 50);
});

describe('the free introduction', () => {
  it('is booked once per student and expert, on any of the expert’s offers, and a second request at the same moment gets nothing', async () => {
    const { client: student } = await signedInStudent();
    const { chat: onFixed } = await openOrder(fixedOffer, student);
    const { chat: onHourly } = await openOrder(hourlyOffer, student);
    const scheduledDate = await startIn(30);
    const [first, second] = await Promise.all([
      put(student, `/chats/${onFixed._id}/schedule`, { scheduledDate, freeIntro: true }),
      put(student, `/chats/${onHourly._id}/schedule`, { scheduledDate, freeIntro: true }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body).toMatchObject({ msg: MSG.introAlreadyUsed, code: 'intro_used' });
    const bookedId = first.status === 200 ? onFixed._id : onHourly._id;
    expect(await chatOf(student, bookedId)).toMatchObject({ orderStatus: 'scheduled', orderKind: 'intro', total: 0 });

    expect(await student.post('/payments/create-session', { chatId: bookedId })).toMatchObject({ status: 400, body: { code: 'nothing_to_pay' } });
    expect((await put(expert, `/chats/${bookedId}/confirm-schedule`)).status).toBe(200);
    expect(await chatOf(expert, bookedId)).toMatchObject({ orderStatus: 'in_progress', isScheduleConfirmed: true, orderKind: 'intro' });
    // Cancelled later, it stays used.
    expect((await put(student, `/chats/${bookedId}/cancel`)).status).toBe(200);
    const { chat: again } = await openOrder(fixedOffer, student);
    expect(await put(student, `/chats/${again._id}/schedule`, { scheduledDate, freeIntro: true })).toMatchObject({ status: 409, body: { code: 'intro_used' } });
  });

  it('completes when the student confirms it took place, with no money anywhere', async () => {
    const { student, chat } = await openOrder(fixedOffer);
    await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: await startIn(1), freeIntro: true });
    await put(expert, `/chats/${chat._id}/confirm-schedule`);
    // Never before it starts (decision 250), and said so.
    expect(await put(student, `/chats/${chat._id}/confirm-session`)).toMatchObject({
      status: 409,
      body: { code: 'session_not_started', msg: MSG.sessionNotStarted },
    });
    await advanceClock('2h');
    expect(await put(expert, `/chats/${chat._id}/confirm-session`)).toMatchObject({ status: 403, body: { code: 'not_your_turn' } });
    expect(await put(student, `/chats/${chat._id}/confirm-session`)).toMatchObject({ status: 200, body: { msg: MSG.sessionConfirmed } });
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'closed', isOrderClosed: true });
    expect(await ledgerEntry(`credit:${chat._id}`)).toBeUndefined();
  });
});

describe('a counter-proposal declined', () => {
  it('sends the order back to the student, who proposes again; only the student declines', async () => {
    const { student, chat } = await openOrder(hourlyOffer);
    const proposed = await startIn(30);
    await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: proposed, scheduledHours: 2 });
    expect(await put(student, `/chats/${chat._id}/decline-schedule`)).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });
    expect((await put(expert, `/chats/${chat._id}/counter-schedule`, { scheduledDate: await startIn(50), scheduledHours: 3 })).status).toBe(200);
    expect(await put(expert, `/chats/${chat._id}/decline-schedule`)).toMatchObject({ status: 403, body: { code: 'not_your_turn' } });
    const { client: stranger } = await signedInStudent();
    expect(await put(stranger, `/chats/${chat._id}/decline-schedule`)).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });
    expect(await put(student, `/chats/${chat._id}/decline-schedule`)).toMatchObject({ status: 200, body: { msg: MSG.counterDeclined } });
    const declined = await chatOf(expert, chat._id);
    expect(declined.orderStatus).toBe('open');
    expect(declined.scheduledDate).toBeUndefined();
    expect(await student.post('/payments/create-session', { chatId: chat._id })).toMatchObject({ status: 400, body: { msg: MSG.chooseDateHours } });
    expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: proposed, scheduledHours: 1 })).status).toBe(200);
    expect((await chatOf(expert, chat._id)).orderStatus).toBe('scheduled');
  });
});

describe('sessions that end', () => {
  it('credits the expert when the student confirms the session took place', async () => {
    const { student, chat } = await paidSession(3);
    await advanceClock('4h');
    expect((await put(student, `/chats/${chat._id}/confirm-session`)).status).toBe(200);
    const credit = await ledgerEntry(`credit:${chat._id}`);
    expect(credit?.lines).toEqual(
      expect.arrayContaining([
        { account: `held:${chat._id}`, amountCents: 10000 },
        { account: 'platform_fees', amountCents: -1000 },
      ]),
    );
  });

  it('completes by itself 48 hours after its end, unless a problem was reported first', async () => {
    const held = await paidSession(2, 1);
    // An hour later: one expert is never booked twice at once.
    const disputed = await paidSession(3, 1);
    expect(await chatOf(held.student, held.chat._id)).toMatchObject({ dueAt: expect.any(String) });
    await advanceClock('4h');
    expect(await disputed.student.post(`/chats/${disputed.chat._id}/report-problem`, { reason: 'The expert never joined the call.' })).toMatchObject({
      status: 200,
      body: { msg: MSG.problemReported },
    });
    await advanceClock('48h');
    expect((await chatOf(held.student, held.chat._id)).orderStatus).toBe('closed');
    expect(await ledgerEntry(`credit:${held.chat._id}`)).toMatchObject({ kind: 'credit' });
    expect((await chatOf(disputed.student, disputed.chat._id)).orderStatus).toBe('problem_reported');
  });

  it('refunds a paid project never delivered within 14 days', async () => {
    const { student, chat, paymentIntentId } = await paidProject();
    await advanceClock('13d');
    expect((await chatOf(student, chat._id)).orderStatus).toBe('in_progress');
    await advanceClock('1d1h');
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'canceled', cancellation: { by: 'system', refundAmount: 60 } });
    expect(await refundedOf(paymentIntentId)).toBe(6000);
  });

  it('approves a delivered project by itself 7 days after its delivery, crediting the expert', async () => {
    const { student, chat } = await paidProject();
    expect((await submitMultipart(expert, chat._id, pdfDocument())).status).toBe(200);
    await advanceClock('6d23h');
    expect((await chatOf(student, chat._id)).orderStatus).toBe('submitted');
    await advanceClock('1h1m');
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'closed', isOrderClosed: true });
    expect(await ledgerEntry(`credit:${chat._id}`)).toMatchObject({
      kind: 'credit',
      lines: expect.arrayContaining([
        { account: `held:${chat._id}`, amountCents: 6000 },
        { account: 'platform_fees', amountCents: -600 },
      ]),
    });
  });

  it('refunds a late cancellation in full when the expert does not decide within 48 hours', async () => {
    const { student, chat, paymentIntentId } = await paidSession(14);
    await advanceClock('3h');
    await put(student, `/chats/${chat._id}/cancel`);
    await advanceClock('47h');
    expect((await chatOf(student, chat._id)).orderStatus).toBe('refund_pending');
    await advanceClock('2h');
    expect((await chatOf(student, chat._id)).orderStatus).toBe('canceled');
    expect(await refundedOf(paymentIntentId)).toBe(10000);
  });
});

describe('rescheduling a paid session', () => {
  it('moves it when the other side agrees, at least 24 hours ahead, never charging again', async () => {
    const { student, chat, paymentIntentId } = await paidSession(72);
    const later = await startIn(96);
    expect(await put(student, `/chats/${chat._id}/reschedule`, { scheduledDate: await startIn(12) })).toMatchObject({
      status: 400,
      body: { code: 'reschedule_too_late' },
    });
    expect((await put(student, `/chats/${chat._id}/reschedule`, { scheduledDate: later })).status).toBe(200);
    expect(await chatOf(expert, chat._id)).toMatchObject({ reschedule: { scheduledDate: later, proposedBy: 'user' } });
    expect(await put(student, `/chats/${chat._id}/accept-reschedule`)).toMatchObject({ status: 403, body: { code: 'not_your_turn' } });
    expect((await put(expert, `/chats/${chat._id}/accept-reschedule`)).status).toBe(200);
    const moved = await chatOf(student, chat._id);
    expect(moved).toMatchObject({ orderStatus: 'in_progress', scheduledDate: later, paymentAmount: 100 });
    expect(moved.reschedule).toBeUndefined();
    expect(await refundedOf(paymentIntentId)).toBe(0);
  });

  it('keeps it as booked when the other side declines, or the proposer withdraws', async () => {
    const { student, chat } = await paidSession(72);
    const booked = (await chatOf(student, chat._id)).scheduledDate;
    expect(await put(student, `/chats/${chat._id}/decline-reschedule`)).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });
    // Away from the time the session of the test before moved to: a proposal onto a booking is refused.
    expect((await put(expert, `/chats/${chat._id}/reschedule`, { scheduledDate: await startIn(100) })).status).toBe(200);
    const { client: stranger } = await signedInStudent();
    expect(await put(stranger, `/chats/${chat._id}/decline-reschedule`)).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });
    expect(await put(student, `/chats/${chat._id}/decline-reschedule`)).toMatchObject({ status: 200, body: { msg: MSG.rescheduleDeclined } });
    const declined = await chatOf(expert, chat._id);
    expect(declined).toMatchObject({ orderStatus: 'in_progress', scheduledDate: booked });
    expect(declined.reschedule).toBeUndefined();
    expect(await put(expert, `/chats/${chat._id}/accept-reschedule`)).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });

    expect((await put(student, `/chats/${chat._id}/reschedule`, { scheduledDate: await startIn(124) })).status).toBe(200);
    expect((await put(student, `/chats/${chat._id}/decline-reschedule`)).status).toBe(200);
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'in_progress', scheduledDate: booked });
  });
});

describe('problems decided by an admin', () => {
  it('lists the reported orders for admins only, and refunds the share the admin decides, crediting the rest', async () => {
    const { student, chat, paymentIntentId } = await paidProject();
    expect((await student.post(`/chats/${chat._id}/report-problem`, { reason: 'The <b>work</b> is not what we agreed.' })).status).toBe(200);
    expect((await student.get('/admin/problems')).status).toBe(403);
    const admin = await signedInAs('admin');
    const listed = await admin.get<ReportedOrder[]>('/admin/problems');
    expect(listed.body.find((report) => report.chatId === chat._id)).toMatchObject({
      reason: 'The work is not what we agreed.',
      reportedBy: 'user',
      paymentAmount: 60,
      student: { _id: expect.any(String) },
      professor: { firstName: 'Lena', lastName: 'Lifecycle' },
    });
    expect((await admin.post(`/admin/problems/${chat._id}/resolve`, { decision: 'refund', refundPercent: 25 })).status).toBe(200);
    expect(await refundedOf(paymentIntentId)).toBe(1500);
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'canceled', cancellation: { by: 'admin', refundAmount: 15 } });
    expect((await admin.get<ReportedOrder[]>('/admin/problems')).body.some((report) => report.chatId === chat._id)).toBe(false);
    expect(await admin.post(`/admin/problems/${chat._id}/resolve`, { decision: 'release' })).toMatchObject({ status: 409 });
    // The decision is in the audit log, once (the refused second one is not).
    const log = await admin.get<AuditPage>(`/admin/audit?targetId=${chat._id}`);
    expect(log.body.entries).toEqual([
      expect.objectContaining({
        action: 'order.resolve',
        target: expect.objectContaining({ type: 'order', _id: chat._id }),
        details: { decision: 'refund', refundPercent: 25, refundCents: 1500 },
      }),
    ]);
  });

  it('takes a report only from a participant, and only of a paid order not yet ended', async () => {
    const { student, chat } = await openOrder(fixedOffer);
    const reason = { reason: 'The expert does not answer.' };
    expect(await student.post(`/chats/${chat._id}/report-problem`, reason)).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });
    const paid = await paidProject();
    const { client: stranger } = await signedInStudent();
    expect(await stranger.post(`/chats/${paid.chat._id}/report-problem`, reason)).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });
    expect((await paid.student.post(`/chats/${paid.chat._id}/report-problem`, reason)).status).toBe(200);
    expect(await expert.post(`/chats/${paid.chat._id}/report-problem`, reason)).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });
    expect((await chatOf(student, chat._id)).orderStatus).toBe('open');
    expect((await chatOf(paid.student, paid.chat._id)).orderStatus).toBe('problem_reported');
  });

  it('releases the payment to the expert', async () => {
    const { chat } = await paidProject();
    await expert.post(`/chats/${chat._id}/report-problem`, { reason: 'The student stopped answering.' });
    const admin = await signedInAs('admin');
    expect((await admin.post(`/admin/problems/${chat._id}/resolve`, { decision: 'release' })).status).toBe(200);
    expect((await chatOf(expert, chat._id)).orderStatus).toBe('closed');
    expect(await ledgerEntry(`credit:${chat._id}`)).toMatchObject({ kind: 'credit' });
  });
});

describe('a reported order as the admin reads it', () => {
  const detailOf = (client: ApiClient, chatId: string, query = '') =>
    client.get<ReportedOrderDetail & { msg?: string; code?: string }>(`/admin/problems/${chatId}${query}`);

  it('shows the admin the conversation, each message with its side, name and time, and the delivered file for 5 minutes', async () => {
    const { student, chat } = await paidProject();
    const report = pdfDocument(1500);
    expect(await submitMultipart(expert, chat._id, report, 'draft-plan.pdf')).toMatchObject({ status: 200 });
    expect((await student.post(`/chats/${chat._id}/messages`, { content: 'This is not the plan we agreed on.' })).status).toBe(201);
    expect((await expert.post(`/chats/${chat._id}/messages`, { content: 'It follows your brief, page 2.' })).status).toBe(201);
    expect((await student.post(`/chats/${chat._id}/report-problem`, { reason: 'The plan ignores my market.' })).status).toBe(200);

    const admin = await signedInAs('admin');
    const detail = await detailOf(admin, chat._id);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.report).toMatchObject({
      chatId: chat._id,
      reason: 'The plan ignores my market.',
      reportedBy: 'user',
      hasProjectFile: true,
      paymentAmount: 60,
    });
    const studentName = { firstName: chat.participants[0].firstName, lastName: chat.participants[0].lastName };
    expect(detail.body.messages.map(({ content, sender }) => ({ content, sender }))).toEqual([
      { content: 'Hello!', sender: { role: 'user', ...studentName } },
      { content: 'This is not the plan we agreed on.', sender: { role: 'user', ...studentName } },
      { content: 'It follows your brief, page 2.', sender: { role: 'professor', firstName: 'Lena', lastName: 'Lifecycle' } },
    ]);
    const times = detail.body.messages.map((message) => Date.parse(message.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // An allowlist: nothing of who read what, nor of the chat's other fields.
    expect(Object.keys(detail.body.messages[0]).sort()).toEqual(['_id', 'content', 'createdAt', 'sender']);
    expect(detail.body.hasMore).toBe(false);

    expect(detail.body.projectFile?.name).toBe('draft-plan.pdf');
    const url = new URL(detail.body.projectFile?.url ?? '');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(ORDER_RULES.projectDownloadSeconds));
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="draft-plan.pdf"');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(report);

    // Reading back: the messages before one.
    const earlier = await detailOf(admin, chat._id, `?before=${detail.body.messages[2]._id}`);
    expect(earlier.body.messages.map((message) => message.content)).toEqual(['Hello!', 'This is not the plan we agreed on.']);
  });

  it('is for admins only, and only of an order waiting for their decision', async () => {
    const { student, chat } = await paidProject();
    const admin = await signedInAs('admin');
    expect(await detailOf(admin, chat._id)).toMatchObject({ status: 409, body: { msg: MSG.orderNotReported, code: 'order_not_reported' } });

    expect((await student.post(`/chats/${chat._id}/report-problem`, { reason: 'No answer for a week.' })).status).toBe(200);
    for (const other of [student, expert, (await signedInStudent()).client, await signedInAs('professor')])
      expect(await detailOf(other, chat._id)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const detail = await detailOf(admin, chat._id);
    expect(detail.status).toBe(200);
    // Nothing was delivered: no file to download.
    expect(detail.body.projectFile).toBeUndefined();

    expect((await admin.post(`/admin/problems/${chat._id}/resolve`, { decision: 'release' })).status).toBe(200);
    expect(await detailOf(admin, chat._id)).toMatchObject({ status: 409, body: { code: 'order_not_reported' } });
    expect(await detailOf(admin, '00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { code: 'chat_not_found' } });
  });
});

describe('the order history', () => {
  it('lists the student’s orders, latest first, a page at a time, with paid, free and refunded told apart', async () => {
    const { client: student } = await signedInStudent();
    const { chat: intro } = await openOrder(hourlyOffer, student);
    await put(student, `/chats/${intro._id}/schedule`, { scheduledDate: await startIn(30), freeIntro: true });
    const { chat: project } = await openOrder(fixedOffer, student);
    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: project._id });
    await pressOnPage(created.body.url, 'pay');
    await delivered('checkout.session.completed', sessionIdOf(created.body.url));
    await student.post(`/chats/${project._id}/messages`, { content: 'Here is my thesis draft.' });

    const first = await student.get<OrderHistoryPage>('/user/order-history?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.orders).toEqual([
      expect.objectContaining({
        chatId: project._id,
        orderStatus: 'in_progress',
        paymentStatus: 'paid',
        paymentAmount: 60,
        message: 'Here is my thesis draft.',
        offer: expect.objectContaining({ title: 'Thesis feedback', professor: expect.objectContaining({ firstName: 'Lena' }) }),
      }),
    ]);
    const second = await student.get<OrderHistoryPage>(`/user/order-history?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.orders).toEqual([expect.objectContaining({ chatId: intro._id, orderKind: 'intro', paymentStatus: 'free', paymentAmount: 0 })]);

    await put(student, `/chats/${project._id}/cancel`);
    const after = await student.get<OrderHistoryPage>('/user/order-history');
    expect(after.body.orders.find((order) => order.chatId === project._id)).toMatchObject({ orderStatus: 'canceled', paymentStatus: 'refunded' });
    expect(await expert.get('/user/order-history')).toMatchObject({ status: 200 });
  });
});

describe('calls and deliveries: the lesson type decides (decisions 249, 250)', () => {
  /** A published offer of the test's expert. */
  async function offerOf(fields: { title: string; price: number; lessonType: string; pricingType: 'fixed' | 'hourly'; durationMinutes?: number }) {
    const created = await expert.post<{ offer: OfferDto }>('/offers/create', { description: 'Careful work on your case, with notes afterwards.', ...fields });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const admin = await signedInAs('admin');
    expect((await admin.request('PATCH', `/admin/offers/${created.body.offer._id}/approve`, {})).status).toBe(200);
    return created.body.offer;
  }

  it('a fixed-price call lasts its offer’s length, is booked before it is paid, is never delivered, and completes once it has started', async () => {
    const offer = await offerOf({ title: 'Mock negotiation, one call', price: 80, lessonType: 'Phone Call', pricingType: 'fixed', durationMinutes: 90 });
    expect(offer.durationMinutes).toBe(90);
    const { student, chat } = await openOrder(offer);
    expect(chat).toMatchObject({ orderKind: 'call', durationMinutes: 90, total: 80 });
    // Nothing is paid before a time is agreed; the time needs no hours.
    expect(await student.post('/payments/create-session', { chatId: chat._id })).toMatchObject({ status: 400, body: { msg: MSG.chooseDateHours } });
    const start = await startIn(30);
    expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start })).status).toBe(200);
    expect((await put(expert, `/chats/${chat._id}/confirm-schedule`)).status).toBe(200);

    // The 90 minutes are the expert's: another student's proposal an hour later meets them.
    const { chat: other, student: otherStudent } = await openOrder(offer);
    const hourLater = new Date(Date.parse(start) + 3_600_000).toISOString();
    expect(await put(otherStudent, `/chats/${other._id}/schedule`, { scheduledDate: hourLater })).toMatchObject({ status: 409, body: { code: 'slot_taken' } });

    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    expect((await localStripe().checkout.sessions.retrieve(sessionIdOf(created.body.url))).amount_total).toBe(8000);
    await pressOnPage(created.body.url, 'pay');
    await delivered('checkout.session.completed', sessionIdOf(created.body.url));
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'in_progress', scheduledDate: start });

    // No delivery moves a call or its money, whichever way the file comes.
    expect(await submitMultipart(expert, chat._id, pdfDocument())).toMatchObject({
      status: 409,
      body: { code: 'call_not_delivered', msg: MSG.callNotDelivered },
    });
    expect(await expert.post(`/chats/${chat._id}/project-upload`, { fileName: 'notes.pdf', contentType: 'application/pdf', size: 1000 })).toMatchObject({
      status: 409,
      body: { code: 'call_not_delivered' },
    });
    expect(await put(student, `/chats/${chat._id}/confirm-session`)).toMatchObject({ status: 409, body: { code: 'session_not_started' } });
    expect((await chatOf(student, chat._id)).orderStatus).toBe('in_progress');

    await advanceClock('31h');
    expect(await put(student, `/chats/${chat._id}/confirm-session`)).toMatchObject({ status: 200, body: { msg: MSG.sessionConfirmed } });
    // Each step, with who took it, in order, for the conversation's timeline; the refused ones left none.
    const { timeline } = await chatOf(expert, chat._id);
    expect(timeline.map((step) => [step.action, step.by])).toEqual([
      ['schedule', 'user'],
      ['confirmSchedule', 'professor'],
      ['pay', 'payment'],
      ['completeSession', 'user'],
    ]);
    expect(timeline.map((step) => step.at)).toEqual([...timeline.map((step) => step.at)].sort());
    // The proposal names the time it proposed; the other steps name none.
    expect(timeline.map((step) => step.scheduledDate)).toEqual([start, undefined, undefined, undefined]);
    expect((await ledgerEntry(`credit:${chat._id}`))?.lines).toEqual(
      expect.arrayContaining([
        { account: `held:${chat._id}`, amountCents: 8000 },
        { account: 'platform_fees', amountCents: -800 },
      ]),
    );
  });

  it('hours of work are chosen as the student pays, charged at the rate, and delivered as a file', async () => {
    const offer = await offerOf({ title: 'Report editing by the hour', price: 45.5, lessonType: 'Document', pricingType: 'hourly' });
    expect(offer.durationMinutes).toBeUndefined();
    const { student, chat } = await openOrder(offer);
    expect(chat).toMatchObject({ orderKind: 'work', orderStatus: 'open' });
    // No time is booked for work.
    expect(await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: await startIn(30), scheduledHours: 2 })).toMatchObject({
      status: 400,
      body: { code: 'calls_only', msg: MSG.callsOnly },
    });
    expect(await student.post('/payments/create-session', { chatId: chat._id })).toMatchObject({ status: 400, body: { msg: MSG.chooseWorkHours } });
    expect(await student.post('/payments/create-session', { chatId: chat._id, hours: 41 })).toMatchObject({ status: 400, body: { msg: MSG.chooseWorkHours } });
    // A first checkout for 2 hours, then 3: the checkout of 2 can no longer pay the order.
    const firstTry = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id, hours: 2 });
    expect((await localStripe().checkout.sessions.retrieve(sessionIdOf(firstTry.body.url))).amount_total).toBe(9100);
    const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id, hours: 3 });
    expect(sessionIdOf(created.body.url)).not.toBe(sessionIdOf(firstTry.body.url));
    expect((await localStripe().checkout.sessions.retrieve(sessionIdOf(created.body.url))).amount_total).toBe(13650);
    await pressOnPage(created.body.url, 'pay');
    await delivered('checkout.session.completed', sessionIdOf(created.body.url));
    expect(await chatOf(student, chat._id)).toMatchObject({ orderStatus: 'in_progress', scheduledHours: 3, paymentAmount: 136.5 });
    expect((await submitMultipart(expert, chat._id, pdfDocument())).status).toBe(200);
    expect((await chatOf(student, chat._id)).orderStatus).toBe('submitted');
  });
});
