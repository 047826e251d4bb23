/**
 * The order mails (spec: booking confirmation with a calendar invite, payment receipt, project
 * submitted, approved, cancelled and refunded; plus reminders, moves and an admin's decision).
 * Composed from the order as it is when the notifications function sends them. Times are in UTC
 * with the zone named: the product does not know the reader's zone, and the invite carries the
 * instant for their calendar to show in theirs (decision 150).
 */
import { createEvent } from 'ics';
import { conversationPath, roomPath } from '../../../shared/app-paths';
import { HOLDING_RULES, ORDER_RULES, ROOMS } from '../../../shared/limits';
import { type Cents, cents, eurosFromCents, formatEuros } from '../../../shared/money';
import type { OrderNotice } from '../../../shared/schemas/notices';
import { config } from '../../platform/config';
import { type Mail, type MailAttachment, mailButton, mailParagraphs, type NoticeMail, type Recipient } from '../../platform/mailer';
import { formatDuration, isBooked, sessionEndMs, sessionMinutes, sessionStartMs } from '../../../shared/order-transitions';
import { sessionUid } from '../../platform/calendar-uid';
import type { AccountRecord } from '../accounts/account';
import { recipientOf } from '../accounts/service';
import type { OrderRecord } from './order';

/** One side of the order, as its mails address them. */
export interface Party extends Recipient {
  email: string;
  firstName: string;
  name: string;
}

export const partyOf = (account: AccountRecord): Party => ({
  ...recipientOf(account),
  email: account.email,
  firstName: account.firstName,
  name: `${account.firstName} ${account.lastName}`.trim(),
});

/** A mail of a notice, with a key that names it among the notice's mails (sent once per key), its kind and reader. */
export type OrderMail = NoticeMail;

const euros = (amount: Cents) => formatEuros(eurosFromCents(amount));
const UTC_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });
const inUtc = (iso: string) => `${UTC_TIME.format(new Date(iso))} UTC`;
const DAY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

const conversationUrl = (order: OrderRecord): string => `${config.appUrl}${conversationPath(order.orderId)}`;

/** Where a booked call takes place: its room (docs/rooms.md); none for a delivery. */
function roomUrl(order: OrderRecord): string | undefined {
  return isBooked(order) ? `${config.appUrl}${roomPath(order.orderId)}` : undefined;
}

const roomLine = (order: OrderRecord) => {
  const url = roomUrl(order);
  return url && `Join the call in its room: ${url} (it opens ${ROOMS.opensBeforeMinutes} minutes before the start).`;
};

/** What the order is, in a sentence's words: "order #12 “Thesis review”". */
const orderName = (order: OrderRecord) => `order #${order.orderNumber} “${order.offerTitle}”`;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function sessionLine(order: OrderRecord): string | undefined {
  if (order.scheduledDate === undefined || !isBooked(order)) return undefined;
  const length = order.kind === 'intro' ? `${ORDER_RULES.introMinutes} minutes, free` : formatDuration(sessionMinutes(order));
  return `The session: ${inUtc(order.scheduledDate)} (${length}).`;
}

/**
 * The session as a calendar event (RFC 5545): one UID per order, its SEQUENCE the order's version,
 * so a moved session updates the invite and a cancelled one removes it.
 */
function calendarInvite(order: OrderRecord, reader: Party, other: Party, cancelled = false): MailAttachment | undefined {
  const start = sessionStartMs(order);
  const end = sessionEndMs(order);
  if (start === undefined || end === undefined || !isBooked(order)) return undefined;
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  const { error, value } = createEvent({
    productId: 'mentoring-marketplace/orders',
    method,
    uid: sessionUid(order.orderId),
    sequence: order.version,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: Math.round((end - start) / 60_000) },
    title: `${order.offerTitle} with ${other.name}`,
    description: `Order #${order.orderNumber}. The call: ${roomUrl(order)}. The conversation: ${conversationUrl(order)}`,
    // Calendars show the location as the place to join, and offer to open it.
    location: roomUrl(order),
    url: roomUrl(order),
    // The platform organises it, so that calendars accept the update and the cancellation that follow.
    organizer: { name: 'Mentoring marketplace', email: config.mailFrom },
    attendees: [{ name: reader.name, email: reader.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('The calendar invite could not be made');
  return { filename: 'session.ics', contentType: `text/calendar; method=${method}; charset=UTF-8`, content: value };
}

function mailTo(party: Party, subject: string, paragraphs: (string | undefined)[], order: OrderRecord, attachment?: MailAttachment): Mail {
  const lines = [`Hello ${party.firstName},`, ...paragraphs.filter((line): line is string => line !== undefined)];
  const url = conversationUrl(order);
  return {
    to: party.email,
    subject,
    text: `${lines.join('\n\n')}\n\nThe conversation: ${url}`,
    html: `${mailParagraphs(lines)}${mailButton(url, 'Open the conversation')}`,
    ...(attachment && { attachments: [attachment] }),
  };
}

/** Each side of the order, with the other: the mails both receive are written for each reader. */
const bothSides = (student: Party, expert: Party) =>
  [
    { reader: student, other: expert, side: 'student' },
    { reader: expert, other: student, side: 'expert' },
  ] as const;

const inviteLine = (invite: MailAttachment | undefined) => (invite ? 'The invite attached adds it to your calendar, in your own time zone.' : undefined);

function booked(order: OrderRecord, student: Party, expert: Party): OrderMail[] {
  const session = sessionLine(order);
  const studentInvite = calendarInvite(order, student, expert);
  const expertInvite = calendarInvite(order, expert, student);
  const mails: OrderMail[] = [
    {
      key: `${student.userId}#booked`,
      kind: 'bookingConfirmed',
      recipient: student,
      mail: mailTo(
        student,
        `Booking confirmed: ${order.offerTitle}`,
        [`Your ${orderName(order)} with ${expert.name} is booked.`, session, session && roomLine(order), inviteLine(studentInvite)],
        order,
        studentInvite,
      ),
    },
    {
      key: `${expert.userId}#booked`,
      kind: 'newBooking',
      recipient: expert,
      mail: mailTo(
        expert,
        `New booking: ${order.offerTitle}`,
        [
          `${student.name} booked your ${orderName(order)}.`,
          session ?? 'Deliver the work in the conversation; the student approves it there.',
          session && roomLine(order),
          inviteLine(expertInvite),
        ],
        order,
        expertInvite,
      ),
    },
  ];
  if (order.payment) {
    const { amountCents, paidAt, paymentIntentId } = order.payment;
    mails.push({
      key: `${student.userId}#receipt`,
      kind: 'paymentReceipt',
      recipient: student,
      mail: mailTo(
        student,
        `Payment receipt: order #${order.orderNumber}`,
        [
          `We received your payment of ${euros(amountCents)} for ${orderName(order)} with ${expert.name}.`,
          `Paid on ${inUtc(paidAt)} by card. Reference: ${paymentIntentId}.`,
          `The money is held until the ${isBooked(order) ? 'session has taken place' : 'work is approved'}; the cancellation terms say when it comes back to you.`,
        ],
        order,
      ),
    });
  }
  return mails;
}

function rescheduled(order: OrderRecord, student: Party, expert: Party): OrderMail[] {
  return bothSides(student, expert).map(({ reader, other }) => {
    const invite = calendarInvite(order, reader, other);
    return {
      key: `${reader.userId}#rescheduled`,
      kind: 'sessionRescheduled',
      recipient: reader,
      mail: mailTo(
        reader,
        `Session moved: ${order.offerTitle}`,
        [`The session of ${orderName(order)} has a new time.`, sessionLine(order), roomLine(order), inviteLine(invite)],
        order,
        invite,
      ),
    };
  });
}

/** A confirmed session left unpaid: its time is free again, and the student may choose a time anew. */
function holdExpired(order: OrderRecord, student: Party, expert: Party): OrderMail[] {
  return bothSides(student, expert).map(({ reader, other, side }) => ({
    key: `${reader.userId}#hold-expired`,
    kind: 'holdExpired',
    recipient: reader,
    mail: mailTo(
      reader,
      `Time released: ${order.offerTitle}`,
      [
        side === 'student'
          ? `The session you agreed with ${other.name} for ${orderName(order)} was not paid in time, so its time was released.`
          : `${other.name} did not pay for the session of ${orderName(order)} in time, so its time was released.`,
        side === 'student' ? 'Choose a time again in the conversation whenever you are ready.' : 'The time is free again in your calendar.',
      ],
      order,
    ),
  }));
}

/**
 * Two sessions of the reader that overlap, both booked before reservations existed and kept as
 * agreed (docs/bookings.md): the reader is asked to move one. Sent once, by the migration.
 */
export function overlapMail(reader: Party, sessions: readonly [OrderRecord, OrderRecord]): Mail {
  return mailTo(
    reader,
    'Two of your sessions overlap',
    [
      'Two of your sessions were booked at overlapping times, before the calendar kept bookings apart:',
      ...sessions.map((order) => `${capitalized(orderName(order))}: ${order.scheduledDate ? inUtc(order.scheduledDate) : 'no time'}.`),
      'Both are kept as they were agreed. Please suggest a new time for one of them in its conversation.',
    ],
    sessions[0],
  );
}

function reminder(order: OrderRecord, student: Party, expert: Party, hours: number): OrderMail[] {
  const when = hours === 1 ? 'in an hour' : `in ${hours} hours`;
  return bothSides(student, expert).map(({ reader, other }) => ({
    key: `${reader.userId}#reminder`,
    kind: 'sessionReminder',
    recipient: reader,
    mail: mailTo(
      reader,
      `Reminder: your session with ${other.name} starts ${when}`,
      [`A reminder of your session of ${orderName(order)}.`, sessionLine(order), roomLine(order)],
      order,
    ),
  }));
}

function submitted(order: OrderRecord, student: Party, expert: Party): OrderMail[] {
  return [
    {
      key: `${student.userId}#submitted`,
      kind: 'workDelivered',
      recipient: student,
      mail: mailTo(
        student,
        `Work delivered: ${order.offerTitle}`,
        [
          `${expert.name} delivered the work of ${orderName(order)}. Download it in the conversation.`,
          `Approve it, or ask for a revision, within ${ORDER_RULES.autoApproveDays} days; after that it counts as approved.`,
        ],
        order,
      ),
    },
  ];
}

function completed(order: OrderRecord, student: Party, expert: Party): OrderMail[] {
  const paid = order.payment?.amountCents;
  const how = isBooked(order) ? 'The session took place' : 'The work was approved';
  return [
    {
      key: `${expert.userId}#completed`,
      kind: 'orderCompleted',
      recipient: expert,
      mail: mailTo(
        expert,
        `Order #${order.orderNumber} completed`,
        [
          `${how}: ${orderName(order)} with ${student.name} is complete.`,
          paid ? `The ${euros(paid)} paid is now credited to your earnings, less the platform fee.` : 'It was free: nothing to credit.',
        ],
        order,
      ),
    },
    {
      key: `${student.userId}#completed`,
      kind: 'orderCompleted',
      recipient: student,
      mail: mailTo(
        student,
        `Order #${order.orderNumber} completed`,
        [`${how}: ${orderName(order)} with ${expert.name} is complete.`, `Tell others how it went: leave a review of ${expert.name} in the conversation.`],
        order,
      ),
    },
  ];
}

function whoCancelled(order: OrderRecord, student: Party, expert: Party): string {
  switch (order.cancellation?.by) {
    case 'student':
      return student.name;
    case 'expert':
      return expert.name;
    case 'admin':
      return 'an administrator';
    case 'system':
      return order.cancellation?.reason === 'memberUnavailable'
        ? 'the platform: the payment arrived after an account of this order was suspended or closed'
        : 'the platform, as nothing was delivered in time';
    default:
      return 'one of you';
  }
}

function canceled(order: OrderRecord, student: Party, expert: Party): OrderMail[] {
  const by = whoCancelled(order, student, expert);
  const paid = order.payment?.amountCents;
  const refund = order.cancellation?.refundCents;
  const waiting = order.status === 'refund_pending';
  const money = (reader: 'student' | 'expert'): string | undefined => {
    if (!paid) return 'Nothing was charged.';
    if (waiting)
      return reader === 'expert'
        ? `Decide in the conversation, within ${ORDER_RULES.refundDecisionHours} hours, how much of the ${euros(paid)} goes back to the student; without a decision, all of it does.`
        : `${expert.name} decides within ${ORDER_RULES.refundDecisionHours} hours how much of the ${euros(paid)} you get back; without a decision, you get all of it.`;
    return refund === undefined ? undefined : `${euros(refund)} of the ${euros(paid)} paid goes back to the student's card.`;
  };
  return bothSides(student, expert).map(({ reader, other, side }) => {
    const invite = waiting ? undefined : calendarInvite(order, reader, other, true);
    return {
      key: `${reader.userId}#canceled`,
      kind: 'orderCanceled',
      recipient: reader,
      mail: mailTo(
        reader,
        `Order #${order.orderNumber} cancelled`,
        [`${capitalized(orderName(order))} was cancelled by ${by}.`, money(side), invite && 'The invite attached removes the session from your calendar.'],
        order,
        invite,
      ),
    };
  });
}

function refunded(order: OrderRecord, student: Party): OrderMail[] {
  const refund = order.cancellation?.refundCents;
  if (!refund) return [];
  return [
    {
      key: `${student.userId}#refunded`,
      kind: 'refundReceipt',
      recipient: student,
      mail: mailTo(
        student,
        `Refund of ${euros(refund)}: order #${order.orderNumber}`,
        [
          `We refunded ${euros(refund)} for ${orderName(order)} to the card you paid with.`,
          'Banks usually show it within 5 to 10 business days.',
          order.cancellation?.refundId ? `Reference: ${order.cancellation.refundId}.` : undefined,
        ],
        order,
      ),
    },
  ];
}

function resolved(order: OrderRecord, student: Party, expert: Party): OrderMail[] {
  const refund = order.cancellation?.refundCents;
  const decision =
    order.status === 'closed'
      ? `An administrator looked into the problem reported on ${orderName(order)} and released the payment to ${expert.name}.`
      : `An administrator looked into the problem reported on ${orderName(order)}: ${refund === undefined ? 'a refund' : euros(refund)} goes back to ${student.name}.`;
  return [student, expert].map((reader) => ({
    key: `${reader.userId}#resolved`,
    kind: 'problemDecided',
    recipient: reader,
    mail: mailTo(reader, `Decision on order #${order.orderNumber}`, [decision], order),
  }));
}

/** A payment of the expert's order is disputed: what is frozen, what they owe, what happens next. */
function disputed(order: OrderRecord, expert: Party): OrderMail[] {
  const dispute = order.dispute;
  if (!dispute) return [];
  const debt = cents(dispute.frozenCents - dispute.fromAvailableCents);
  return [
    {
      key: `${expert.userId}#disputed`,
      kind: 'paymentDisputed',
      recipient: expert,
      mail: mailTo(
        expert,
        `Payment disputed: order #${order.orderNumber}`,
        [
          `The student's card issuer opened a dispute of the ${euros(dispute.amountCents)} paid for ${orderName(order)}.`,
          dispute.frozenCents > 0
            ? `Your share of it, ${euros(dispute.frozenCents)}, is frozen in your earnings until the issuer decides${debt > 0 ? `; ${euros(debt)} of it had been paid out to you already, and is owed from your next earnings only if the dispute is lost` : ''}.`
            : undefined,
          'We answer the dispute with the conversation and the delivered work. If it is won, the frozen amount is yours again.',
        ],
        order,
      ),
    },
  ];
}

function disputeDecided(order: OrderRecord, expert: Party): OrderMail[] {
  const dispute = order.dispute;
  if (!dispute || dispute.status === 'open') return [];
  return [
    {
      key: `${expert.userId}#dispute-${dispute.status}`,
      kind: 'disputeDecided',
      recipient: expert,
      mail: mailTo(
        expert,
        `Dispute ${dispute.status}: order #${order.orderNumber}`,
        [
          dispute.status === 'won'
            ? `The dispute of the payment for ${orderName(order)} was decided in your favour: the ${euros(dispute.frozenCents)} frozen is yours again.`
            : `The card issuer decided the dispute of the payment for ${orderName(order)} for the cardholder: your share of ${euros(dispute.frozenCents)} goes back to them.`,
          dispute.status === 'lost' && dispute.frozenCents > dispute.fromAvailableCents
            ? `${euros(cents(dispute.frozenCents - dispute.fromAvailableCents))} of it had been paid out to you already and is now owed: your next earnings settle it first.`
            : undefined,
        ],
        order,
      ),
    },
  ];
}

/** The order's funds near the provider's holding limit: withdraw them, or they are paid out then. */
function heldLong(order: OrderRecord, expert: Party): OrderMail[] {
  const sentAt = order.transfer?.sentAt ?? order.transfer?.availableOn;
  if (!sentAt) return [];
  const day = (days: number) => DAY.format(new Date(Date.parse(sentAt) + days * 86_400_000));
  return [
    {
      key: `${expert.userId}#held-long`,
      kind: 'fundsHeldLong',
      recipient: expert,
      mail: mailTo(
        expert,
        'Withdraw your earnings soon',
        [
          `Your earnings from ${orderName(order)} have been in your payout account since ${day(0)}.`,
          `Funds may stay there ${HOLDING_RULES.limitDays} days at most. Withdraw them from your earnings page before ${day(HOLDING_RULES.limitDays - HOLDING_RULES.payoutDays)}; otherwise we pay out what is available to your bank account on that day.`,
        ],
        order,
      ),
    },
  ];
}

/**
 * A no-show reported (docs/rooms.md): the side reported absent learns it and how to contest it
 * within 48 hours; the reporter, what happens if nobody does.
 */
function noShowReported(order: OrderRecord, student: Party, expert: Party): OrderMail[] {
  const absent = order.problem?.noShow?.absent;
  if (!absent) return [];
  const [absentParty, reporter] = absent === 'student' ? [student, expert] : [expert, student];
  const outcome =
    absent === 'expert' ? `the order is cancelled and ${student.name} refunded in full` : `the session counts as held and the payment goes to ${expert.name}`;
  const within = `${ROOMS.noShowContestHours} hours`;
  return [
    {
      key: `${absentParty.userId}#no-show`,
      kind: 'noShowReported',
      recipient: absentParty,
      mail: mailTo(
        absentParty,
        `Reported absent: ${order.offerTitle}`,
        [
          `${reporter.name} reported that you did not join the session of ${orderName(order)}.`,
          sessionLine(order),
          `If you were there, contest it in the conversation within ${within}: an administrator then decides, with what you both say and when each of you was connected in the room.`,
          `If it is not contested within ${within}, ${outcome}.`,
        ],
        order,
      ),
    },
    {
      key: `${reporter.userId}#no-show`,
      kind: 'noShowReported',
      recipient: reporter,
      mail: mailTo(
        reporter,
        `No-show reported: ${order.offerTitle}`,
        [
          `You reported that ${absentParty.name} did not join the session of ${orderName(order)}.`,
          `They have ${within} to contest it; then an administrator decides. If they do not, ${outcome}.`,
        ],
        order,
      ),
    },
  ];
}

/** The mails of a notice about this order, to its student and its expert. */
export function orderMails(notice: OrderNotice, order: OrderRecord, student: Party, expert: Party): OrderMail[] {
  switch (notice.kind) {
    case 'orderBooked':
      return booked(order, student, expert);
    case 'sessionRescheduled':
      return rescheduled(order, student, expert);
    case 'sessionReminder':
      return reminder(order, student, expert, notice.hours ?? ORDER_RULES.reminderHours[0]);
    case 'projectSubmitted':
      return submitted(order, student, expert);
    case 'orderCompleted':
      return completed(order, student, expert);
    case 'orderCanceled':
      return canceled(order, student, expert);
    case 'refundIssued':
      return refunded(order, student);
    case 'problemResolved':
      return resolved(order, student, expert);
    case 'paymentDisputed':
      return disputed(order, expert);
    case 'disputeDecided':
      return disputeDecided(order, expert);
    case 'fundsHeldLong':
      return heldLong(order, expert);
    case 'holdExpired':
      return holdExpired(order, student, expert);
    case 'noShowReported':
      return noShowReported(order, student, expert);
  }
}
