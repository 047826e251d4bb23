import { beforeAll, describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { DEFAULT_NOTIFICATION_PREFERENCES as preferences } from '../../../shared/schemas/notifications';
import { orderMails, type Party } from './mails';
import type { OrderRecord } from './order';

beforeAll(() => {
  process.env.APP_URL = 'https://mentors.example';
  process.env.MAIL_FROM = 'no-reply@mentors.example';
});

const student: Party = { userId: 's1', email: 'alice@example.com', firstName: 'Alice', name: 'Alice Martin', preferences };
const expert: Party = { userId: 'e1', email: 'omar@example.com', firstName: 'Omar', name: 'Omar Haddad', preferences };

const session = (fields: Partial<OrderRecord> = {}): OrderRecord => ({
  orderId: 'c1',
  orderNumber: 42,
  offerId: 'o1',
  offerTitle: 'Interview <b>coaching</b>',
  studentId: 's1',
  expertId: 'e1',
  kind: 'hourly',
  priceCents: cents(4000),
  status: 'in_progress',
  scheduledDate: '2026-12-01T09:30:00.000Z',
  scheduledHours: 2,
  bookingRevision: 3,
  payment: { amountCents: cents(8000), sessionId: 'cs_1', paymentIntentId: 'pi_123', paidAt: '2026-11-20T10:00:00.000Z' },
  version: 5,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});

const decoded = (content: string | undefined) => (content ?? '').replace(/\r\n[ \t]/g, '');

describe('the order mails', () => {
  it('confirm a paid session to both sides with a calendar invite each, and give the student a receipt', () => {
    const mails = orderMails({ kind: 'orderBooked', orderId: 'c1' }, session(), student, expert);
    expect(mails.map(({ mail }) => [mail.to, mail.subject])).toEqual([
      ['alice@example.com', 'Booking confirmed: Interview <b>coaching</b>'],
      ['omar@example.com', 'New booking: Interview <b>coaching</b>'],
      ['alice@example.com', 'Payment receipt: order #42'],
    ]);
    const [toStudent, toExpert, receipt] = mails.map(({ mail }) => mail);
    expect(toStudent.text).toContain('The session: Tuesday, 1 December 2026 at 09:30 UTC (2 hours).');
    expect(toStudent.text).toContain('https://mentors.example/messages?chatId=c1');
    // Where the call takes place: its room, in the mail and as the invite's location and address.
    expect(toStudent.text).toContain('Join the call in its room: https://mentors.example/room/c1 (it opens 10 minutes before the start).');
    expect(toExpert.text).toContain('https://mentors.example/room/c1');
    // The title is the expert's text: escaped in the HTML part.
    expect(toStudent.html).toContain('Interview &#60;b&#62;coaching&#60;/b&#62;');
    const invite = decoded(toStudent.attachments?.[0].content);
    expect(toStudent.attachments?.[0]).toMatchObject({ filename: 'session.ics', contentType: 'text/calendar; method=REQUEST; charset=UTF-8' });
    expect(invite).toContain('METHOD:REQUEST');
    expect(invite).toContain('UID:order-c1@mentors.example');
    expect(invite).toContain('SEQUENCE:5');
    expect(invite).toContain('DTSTART:20261201T093000Z');
    expect(invite).toMatch(/DURATION:PT120M/);
    expect(invite).toContain('SUMMARY:Interview <b>coaching</b> with Omar Haddad');
    expect(invite).toMatch(/ATTENDEE;.*:mailto:alice@example.com/);
    expect(invite).toContain('LOCATION:https://mentors.example/room/c1');
    expect(invite).toContain('URL:https://mentors.example/room/c1');
    expect(decoded(toExpert.attachments?.[0].content)).toContain('SUMMARY:Interview <b>coaching</b> with Alice Martin');
    expect(receipt.text).toContain('€80.00');
    expect(receipt.text).toContain('pi_123');
    expect(receipt.attachments).toBeUndefined();
  });

  it('send no invite for a project, and no receipt for the free introduction', () => {
    const project = orderMails(
      { kind: 'orderBooked', orderId: 'c1' },
      session({ kind: 'fixed', scheduledDate: undefined, scheduledHours: undefined }),
      student,
      expert,
    );
    expect(project.every(({ mail }) => mail.attachments === undefined)).toBe(true);
    expect(project.some(({ mail }) => mail.text.includes('/room/'))).toBe(false);
    const intro = orderMails(
      { kind: 'orderBooked', orderId: 'c1' },
      session({ kind: 'intro', scheduledHours: undefined, payment: undefined }),
      student,
      expert,
    );
    expect(intro.map(({ mail }) => mail.subject)).toEqual(['Booking confirmed: Interview <b>coaching</b>', 'New booking: Interview <b>coaching</b>']);
    expect(intro[0].mail.text).toContain('(30 minutes, free)');
    expect(decoded(intro[0].mail.attachments?.[0].content)).toMatch(/DURATION:PT30M/);
  });

  it('withdraw the invite when a session is cancelled, and say where the money goes', () => {
    const canceled = session({ status: 'canceled', cancellation: { by: 'expert', at: '2026-11-25T10:00:00.000Z', refundCents: cents(8000) } });
    const mails = orderMails({ kind: 'orderCanceled', orderId: 'c1' }, canceled, student, expert);
    expect(mails.map(({ mail }) => mail.to)).toEqual(['alice@example.com', 'omar@example.com']);
    expect(mails[0].mail.text).toContain('was cancelled by Omar Haddad');
    expect(mails[0].mail.text).toContain("€80.00 of the €80.00 paid goes back to the student's card.");
    expect(decoded(mails[0].mail.attachments?.[0].content)).toContain('METHOD:CANCEL');
    expect(decoded(mails[0].mail.attachments?.[0].content)).toContain('STATUS:CANCELLED');
  });

  it('tell the expert of a late cancellation that the refund is theirs to decide, within the deadline', () => {
    const late = session({ status: 'refund_pending', cancellation: { by: 'student', at: '2026-11-30T10:00:00.000Z' } });
    const [toStudent, toExpert] = orderMails({ kind: 'orderCanceled', orderId: 'c1' }, late, student, expert).map(({ mail }) => mail);
    expect(toExpert.text).toContain('Decide in the conversation, within 48 hours, how much of the €80.00 goes back to the student');
    expect(toStudent.text).toContain('Omar Haddad decides within 48 hours');
    expect(toStudent.attachments).toBeUndefined();
  });

  it('confirm a refund with its amount to the student only', () => {
    const refunded = session({
      status: 'canceled',
      cancellation: { by: 'student', at: '2026-11-25T10:00:00.000Z', refundCents: cents(2550), refundId: 're_9' },
    });
    const mails = orderMails({ kind: 'refundIssued', orderId: 'c1' }, refunded, student, expert);
    expect(mails.map(({ mail }) => [mail.to, mail.subject])).toEqual([['alice@example.com', 'Refund of €25.50: order #42']]);
    expect(mails[0].mail.text).toContain('re_9');
  });

  it('remind both sides, and give each mail of a notice its own key', () => {
    const mails = orderMails({ kind: 'sessionReminder', orderId: 'c1', hours: 1 }, session(), student, expert);
    expect(mails.map(({ mail }) => mail.subject)).toEqual([
      'Reminder: your session with Omar Haddad starts in an hour',
      'Reminder: your session with Alice Martin starts in an hour',
    ]);
    const booked = orderMails({ kind: 'orderBooked', orderId: 'c1' }, session(), student, expert);
    expect(new Set(booked.map(({ key }) => key)).size).toBe(booked.length);
  });
});
