/**
 * The order mails, read back from the local outbox as the two sides would open them: a booking
 * confirmed to both with a calendar invite, the payment receipt, the reminders before a session
 * (driven by the test clock), a delivery, a completion, a cancellation with its refund, and every
 * mail sent once however often the stream hands its event over.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';
import { marshall } from '@aws-sdk/util-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARKED_MAILS } from '../../shared/limits';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { OutboxMail } from '../../scripts/local/outbox-page';
import { signedInStudent } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { expertWithOffer, hourlyOfferOf } from '../support/chats';
import { duringMailOutage, latestMail, mailsTo, mailWhere, parkedNotices } from '../support/outbox';
import { EVENTUALLY_MS } from '../support/eventually';
import { armTableFault, clearTableFaults, tableFaultState } from '../support/table-faults';
import { advanceClock, delivered, pressOnPage, sessionIdOf } from '../support/payments';
import { openOrder, put, serverNow, startIn } from '../support/orders';
import { pdfDocument, submitMultipart } from '../support/project-files';

let expert: ApiClient;
let expertEmail: string;
let fixedOffer: OfferDto;
let hourlyOffer: OfferDto;

const invite = (mail: OutboxMail) => {
  const file = mail.attachments.find((attachment) => attachment.filename === 'session.ics');
  // Lines of an iCalendar file longer than 75 octets continue on the next, indented.
  return (
    file &&
    Buffer.from(file.content, 'base64')
      .toString('utf8')
      .replace(/\r\n[ \t]/g, '')
  );
};
/** The app's address the mails link to, read from the conversation's link every order mail ends with. */
const appUrlOf = (mail: OutboxMail) => mail.text.match(/The conversation: (\S+)\/messages\?chatId=/)?.[1];
const subjectsTo = async (address: string) => (await mailsTo(address)).map((mail) => mail.subject);
const bySubject = (pattern: RegExp) => (mail: OutboxMail) => pattern.test(mail.subject);

/** Moves the app's clock to `minutesBefore` minutes before the instant. */
async function advanceTo(instant: string, minutesBefore: number): Promise<void> {
  await advanceClock(`${Math.ceil((Date.parse(instant) - minutesBefore * 60_000 - (await serverNow())) / 60_000)}m`);
}
const countOf = (subjects: string[], subject: string) => subjects.filter((candidate) => candidate === subject).length;
/**
 * The order's delivery notice ("Work delivered"), parked for the schedule (decision 284). Only that
 * one: the payment's notice of the same order, whose mails may still be on their way when a test's
 * outage begins on a busy machine, is parked then too, and counting it let a test end its outage
 * before the delivery's try had run.
 */
const parkedDeliveryNotices = (orderId: string) => parkedNotices((notice) => notice.orderId === orderId && notice.kind === 'projectSubmitted');

/** Pays the order's checkout on the local Stripe's page, and waits for the webhook to record it. */
async function pay(student: ApiClient, chatId: string): Promise<void> {
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await pressOnPage(created.body.url, 'pay');
  await delivered('checkout.session.completed', sessionIdOf(created.body.url));
}

/** An hourly session of `hours` booked `hoursAhead` from now, confirmed and paid. */
async function paidSession(hoursAhead: number, hours = 2) {
  const { client: student, email } = await signedInStudent();
  const { chat } = await openOrder(hourlyOffer, student);
  const scheduledDate = await startIn(hoursAhead);
  expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate, scheduledHours: hours })).status).toBe(200);
  expect((await put(expert, `/chats/${chat._id}/confirm-schedule`)).status).toBe(200);
  await pay(student, chat._id);
  return { student, email, chat, scheduledDate };
}

beforeAll(async () => {
  ({ expert, email: expertEmail, offer: fixedOffer } = await expertWithOffer('Maya', 'Mailer', 'Portfolio review'));
  hourlyOffer = await hourlyOfferOf(expert, 'Mock interviews by the hour', 45);
});

describe('a booked session', () => {
  it('is confirmed to both sides with a calendar invite, and the student gets a receipt', async () => {
    const { email, scheduledDate, chat } = await paidSession(72, 2);
    const start = scheduledDate.replace(/[-:]/g, '').replace('.000', '');

    const confirmation = await latestMail(email, 'Booking confirmed: Mock interviews by the hour');
    expect(confirmation.text).toContain('with Maya Mailer is booked');
    expect(confirmation.text).toContain('UTC (2 hours)');
    expect(invite(confirmation)).toContain(`DTSTART:${start}`);
    expect(invite(confirmation)).toContain('METHOD:REQUEST');
    expect(invite(confirmation)).toContain('DURATION:PT120M');
    const room = `${appUrlOf(confirmation)}/room/${chat._id}`;
    expect(confirmation.text).toContain(`Join the call in its room: ${room}`);
    expect(invite(confirmation)).toContain(`LOCATION:${room}`);

    const toExpert = await mailWhere(
      expertEmail,
      (mail) => mail.subject === 'New booking: Mock interviews by the hour' && mail.text.includes(confirmation.text.match(/order #\d+/)?.[0] ?? '-'),
      'of the booking',
    );
    expect(toExpert?.text).toContain('booked your order #');
    expect(invite(toExpert)).toContain(`DTSTART:${start}`);

    const receipt = await latestMail(email, `Payment receipt: ${confirmation.text.match(/order #\d+/)?.[0]}`);
    expect(receipt.text).toContain('We received your payment of €90.00');
    expect(receipt.text).toMatch(/Reference: pi_\w+/);
  });

  it('is reminded to both sides a day and an hour before it, once each', async () => {
    const { email, chat, scheduledDate } = await paidSession(30, 1);
    expect(await subjectsTo(email)).not.toContain('Reminder: your session with Maya Mailer starts in 24 hours');
    await advanceTo(scheduledDate, 23 * 60 + 30);
    await latestMail(email, 'Reminder: your session with Maya Mailer starts in 24 hours');
    await advanceTo(scheduledDate, 30);
    const lastReminder = await latestMail(email, 'Reminder: your session with Maya Mailer starts in an hour');
    expect(lastReminder.text).toContain(`Join the call in its room: ${appUrlOf(lastReminder)}/room/${chat._id}`);
    await advanceClock('1h');
    const subjects = await subjectsTo(email);
    expect(countOf(subjects, 'Reminder: your session with Maya Mailer starts in 24 hours')).toBe(1);
    expect(countOf(subjects, 'Reminder: your session with Maya Mailer starts in an hour')).toBe(1);
    const toExpert = (await mailsTo(expertEmail)).filter((mail) => mail.subject.startsWith('Reminder:') && mail.text.includes(`order #${chat.orderNumber} `));
    expect(toExpert.map((mail) => mail.subject.replace(/with .* starts/, 'with … starts')).sort()).toEqual([
      'Reminder: your session with … starts in 24 hours',
      'Reminder: your session with … starts in an hour',
    ]);
  });

  it('booked less than a day ahead skips the reminder whose moment has passed', async () => {
    const { email, scheduledDate } = await paidSession(5, 1);
    await advanceTo(scheduledDate, 30);
    await latestMail(email, 'Reminder: your session with Maya Mailer starts in an hour');
    expect(await subjectsTo(email)).not.toContain('Reminder: your session with Maya Mailer starts in 24 hours');
  });

  it('cancelled by the expert tells both sides, withdraws the invite and confirms the refund', async () => {
    const { email, chat } = await paidSession(72, 1);
    expect((await put(expert, `/chats/${chat._id}/cancel`)).status).toBe(200);
    const canceled = await mailWhere(email, bySubject(/^Order #\d+ cancelled$/), 'of the cancellation');
    expect(canceled.text).toContain('was cancelled by Maya Mailer');
    expect(invite(canceled)).toContain('METHOD:CANCEL');
    const refund = await latestMail(email, `Refund of €45.00: ${canceled.subject.replace(' cancelled', '').replace('Order', 'order')}`);
    expect(refund.text).toContain('We refunded €45.00');
    expect(refund.text).toMatch(/Reference: re_\w+/);
  });
});

describe('a project', () => {
  it('tells the student of the delivery, and both sides of the approval', async () => {
    const { client: student, email } = await signedInStudent();
    const { chat } = await openOrder(fixedOffer, student);
    await pay(student, chat._id);
    expect((await submitMultipart(expert, chat._id, pdfDocument())).status).toBe(200);
    const deliveredMail = await latestMail(email, 'Work delivered: Portfolio review');
    expect(deliveredMail.text).toContain('within 7 days');
    expect((await student.post(`/chats/${chat._id}/handle-project`, { action: 'approve' })).status).toBe(200);
    const completed = await mailWhere(email, bySubject(/^Order #\d+ completed$/), 'of the completion');
    expect(completed.text).toContain('leave a review of Maya Mailer');
    const toExpert = (await mailsTo(expertEmail)).find((mail) => mail.subject === completed.subject);
    expect(toExpert?.text).toContain('The €60.00 paid is now credited to your earnings, less the platform fee.');
  });
});

describe('a mail during an outage of the mail service', () => {
  it('is parked, and sent once by the schedule’s next run after the outage', async () => {
    const { client: student, email } = await signedInStudent();
    const { chat } = await openOrder(fixedOffer, student);
    await pay(student, chat._id);
    // Delivered while every send fails: the stream's record succeeds, its mail waits. The table
    // throttles the giving back of the mail's claim through the SDK's attempts: tried again, it is given back.
    await armTableFault({ mode: 'throttle', operations: ['DeleteItem'], match: 'MAIL#', count: 3 });
    await duringMailOutage(async () => {
      expect((await submitMultipart(expert, chat._id, pdfDocument())).status).toBe(200);
      await expect.poll(() => parkedDeliveryNotices(chat._id), { timeout: EVENTUALLY_MS }).toBeGreaterThan(0);
    });
    expect(countOf(await subjectsTo(email), 'Work delivered: Portfolio review')).toBe(0);
    expect((await tableFaultState()).counters.DeleteItem?.throttle).toBe(3);
    await clearTableFaults();
    await advanceClock('0s');
    await latestMail(email, 'Work delivered: Portfolio review');
    await advanceClock('0s');
    expect(countOf(await subjectsTo(email), 'Work delivered: Portfolio review')).toBe(1);
  });
});

describe('a mail whose claim the table left in doubt (decision 291)', () => {
  it('is sent once when its claim was written and every answer to it was lost', async () => {
    const { client: student, email, user } = await signedInStudent();
    const { chat } = await openOrder(fixedOffer, student);
    await pay(student, chat._id);
    // The claim is written, then each of the SDK's three attempts loses its answer: the function cannot tell it holds it.
    await armTableFault({ mode: 'after-commit', operations: ['PutItem'], match: `MAIL#${String(user._id)}#submitted`, count: 3 });
    expect((await submitMultipart(expert, chat._id, pdfDocument())).status).toBe(200);
    await expect.poll(async () => (await tableFaultState()).counters.PutItem?.['after-commit'], { timeout: EVENTUALLY_MS }).toBe(3);
    await expect.poll(() => parkedDeliveryNotices(chat._id), { timeout: EVENTUALLY_MS }).toBeGreaterThan(0);
    await advanceClock('0s');
    await latestMail(email, 'Work delivered: Portfolio review');
    await advanceClock('0s');
    expect(countOf(await subjectsTo(email), 'Work delivered: Portfolio review')).toBe(1);
  });

  it('is sent once its lease ends when the attempt that claimed it could neither send it nor give it back', async () => {
    const { client: student, email, user } = await signedInStudent();
    const { chat } = await openOrder(fixedOffer, student);
    await pay(student, chat._id);
    // Every send of the release, each with the SDK's three attempts, is throttled: the claim stays.
    await armTableFault({ mode: 'throttle', operations: ['DeleteItem'], match: `MAIL#${String(user._id)}#submitted`, count: 9 });
    await duringMailOutage(async () => {
      expect((await submitMultipart(expert, chat._id, pdfDocument())).status).toBe(200);
      await expect.poll(async () => (await tableFaultState()).counters.DeleteItem?.throttle, { timeout: EVENTUALLY_MS }).toBe(9);
      await expect.poll(() => parkedDeliveryNotices(chat._id), { timeout: EVENTUALLY_MS }).toBeGreaterThan(0);
    });
    await clearTableFaults();
    // Its lease still runs: the schedule's run leaves it, and parks the notice again.
    await advanceClock('0s');
    expect(countOf(await subjectsTo(email), 'Work delivered: Portfolio review')).toBe(0);
    expect(await parkedDeliveryNotices(chat._id)).toBe(1);
    await advanceClock(`${PARKED_MAILS.backOffMinutes}m`);
    await latestMail(email, 'Work delivered: Portfolio review');
    await advanceClock(`${PARKED_MAILS.maxDelayMinutes}m`);
    expect(countOf(await subjectsTo(email), 'Work delivered: Portfolio review')).toBe(1);
  });
});

describe('the notifications function', () => {
  it('mails a notice once, however often the stream hands its event over', async () => {
    const { email, chat } = await paidSession(72, 1);
    // This file's environment is the stack's (stack-setup.ts): the service talks to its table and its outbox.
    const { notifyStreamedEvents } = await import('../../functions/contexts/notifications/service');
    const eventId = randomUUID();
    const item = {
      pk: `EVENT#${eventId}`,
      sk: 'EVENT',
      eventId,
      recipients: [],
      event: { type: 'orderChanged', chatId: chat._id, orderStatus: 'in_progress' },
      notice: { kind: 'sessionReminder', orderId: chat._id, hours: 24 },
      createdAt: new Date().toISOString(),
    };
    const record = (sequence: string) =>
      ({
        eventName: 'INSERT',
        dynamodb: { SequenceNumber: sequence, Keys: marshall({ pk: item.pk, sk: item.sk }), NewImage: marshall(item) },
      }) as DynamoDBRecord;
    const before = countOf(await subjectsTo(email), 'Reminder: your session with Maya Mailer starts in 24 hours');
    expect(await notifyStreamedEvents([record('1'), record('2')])).toEqual([]);
    expect(await Promise.all([notifyStreamedEvents([record('3')]), notifyStreamedEvents([record('4')])])).toEqual([[], []]);
    expect(countOf(await subjectsTo(email), 'Reminder: your session with Maya Mailer starts in 24 hours')).toBe(before + 1);
  });
});
