/**
 * What the messages page says about a conversation's order, in one place: the status line (what
 * happens next and who acts) and the actions each side has, from the order's status, its kind, the
 * viewer's role and the next automatic step (`dueAt`). Times are shown in the viewer's time zone,
 * named; money with formatEuros.
 */
import { ORDER_RULES } from '@shared/limits';
import { formatEuros } from '@shared/money';
import {
  introBookable,
  isBooked,
  nextStatus,
  type OrderAction as TableAction,
  type OrderFacts,
  formatDuration,
  type OrderKind,
  openMoves,
  sessionMinutes,
  sessionStarted,
  UNPAID_STATUSES,
} from '@shared/order-transitions';
import type { OrderStatus } from '@shared/order-transitions';
import type { ChatDto } from '@shared/schemas/chats';

export type OrderRole = 'student' | 'expert';

/** The expert is the offer's owner; anyone else in the conversation is its student. */
export const roleOf = (chat: Pick<ChatDto, 'offer'>, myId: string): OrderRole => (chat.offer.professor._id === myId ? 'expert' : 'student');

export const INTRO_LABEL = 'Free introduction (30 min)';

function parts(iso: string, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(new Date(iso)).map(({ type, value }) => [type, value]));
}

/** "Wed 2 Dec" ("Wed 2 Dec 2027" in another year than now's). */
export function formatDay(iso: string, timeZone: string, now = Date.now()): string {
  const part = parts(iso, timeZone);
  const year = part.year === parts(new Date(now).toISOString(), timeZone).year ? '' : ` ${part.year}`;
  return `${part.weekday} ${part.day} ${part.month}${year}`;
}

/** "Tue 1 Dec, 10:30 (Europe/Paris)": a time in the viewer's zone, the zone named. */
export function formatWhen(iso: string, timeZone: string, now = Date.now()): string {
  const part = parts(iso, timeZone);
  return `${formatDay(iso, timeZone, now)}, ${part.hour}:${part.minute} (${timeZone})`;
}

export interface OrderView {
  chat: ChatDto;
  role: OrderRole;
  /** The other side's name. */
  other: string;
  timeZone: string;
  now: number;
}

/** A booked call (hourly, fixed-price, or the introduction), not a delivery. */
export const isSession = (chat: Pick<ChatDto, 'orderKind'>): boolean => isBooked({ kind: chat.orderKind });

/** "Tue 1 Dec, 10:30 (Europe/Paris) for 2 hours", or the introduction. */
function sessionText({ chat, timeZone, now }: OrderView): string {
  const when = chat.scheduledDate ? formatWhen(chat.scheduledDate, timeZone, now) : 'a time to be agreed';
  if (chat.orderKind === 'intro') return `${INTRO_LABEL} on ${when}`;
  const minutes = sessionMinutes(factsOf(chat));
  return minutes > 0 ? `${when} for ${formatDuration(minutes)}` : when;
}

type Step = ChatDto['timeline'][number];

/**
 * What each step of the order says in its conversation; `who` is "You" or the other side's name,
 * `when` the time a proposal, a counter-proposal or a move set, in the reader's zone (absent on steps
 * recorded before steps named it).
 */
const STEP_TEXTS: Record<TableAction, (who: string, by: Step['by'], when: string | undefined) => string> = {
  schedule: (who, _by, when) => (when ? `${who} proposed ${when}` : `${who} proposed a time`),
  counter: (who, _by, when) => (when ? `${who} suggested ${when} instead` : `${who} suggested another time`),
  acceptCounter: (who) => `${who} accepted the suggested time`,
  declineCounter: (who) => `${who} declined the suggested time`,
  confirmSchedule: (who) => `${who} confirmed the time`,
  pay: () => 'Paid',
  submit: (who) => `${who} delivered the work`,
  approve: (who, by) => (by === 'system' ? 'Approved automatically' : `${who} approved the work`),
  requestRevision: (who) => `${who} asked for changes`,
  cancelUnpaid: (who) => `${who} cancelled the order`,
  cancelRefunded: (who, by) => (by === 'system' ? 'Cancelled and refunded: nothing was delivered in time' : `${who} cancelled the order; refunded in full`),
  cancelLate: (who) => `${who} cancelled late; the refund waits for the expert`,
  decideRefund: (who, by) => (by === 'system' ? 'Refunded in full: no decision in time' : `${who} decided the refund`),
  completeSession: (who, by) => (by === 'system' ? 'Completed automatically' : `${who} confirmed the session took place`),
  reschedule: (_who, _by, when) => (when ? `The session moved to ${when}` : 'The session moved to a new time'),
  reportProblem: (who) => `${who} reported a problem`,
  resolveRelease: () => 'An admin released the payment',
  resolveRefund: () => 'An admin refunded the payment',
  cancelBanned: () => 'Cancelled by an admin and refunded in full',
  cancelUnavailable: () => 'Cancelled and refunded: an account of this order was closed',
  expireHold: () => 'The unpaid time was released',
  refundRevision: () => 'Refunded in full: the work was not delivered again in time',
  reportNoShow: (who) => `${who} reported that the other side did not join the call`,
  contestNoShow: (who, by) =>
    by === 'system' ? 'The side reported absent joined the call; an admin decides' : `${who} contested the no-show report; an admin decides`,
  noShowRefund: () => 'Refunded in full: the expert did not join the call',
  noShowRelease: () => 'Completed: the student did not join the call',
  reportBanned: () => 'An admin will decide: a member was banned after the session',
};

/** The order's steps as lines of its conversation, each with its time; the times they set in the reader's zone. */
export function stepLines(chat: ChatDto, role: OrderRole, other: string, timeZone: string, now = Date.now()): { at: string; text: string }[] {
  const mine: Step['by'] = role === 'student' ? 'user' : 'professor';
  return chat.timeline.map((step) => ({
    at: step.at,
    text: STEP_TEXTS[step.action](step.by === mine ? 'You' : other, step.by, step.scheduledDate && formatWhen(step.scheduledDate, timeZone, now)),
  }));
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

/** "report.pdf, 1.2 MB, second delivery, Tue 1 Dec, 10:30 (Europe/Paris)": the last delivery, as both sides read it. */
export function deliveryText(submission: ChatDto['projectSubmission'], timeZone: string, now = Date.now()): string | undefined {
  if (!submission.fileName) return undefined;
  const size = submission.bytes === undefined ? undefined : sizeText(submission.bytes);
  const number = submission.delivery ?? 1;
  const which = number > 1 ? (ORDINALS[number - 1] ? `${ORDINALS[number - 1]} delivery` : `delivery ${number}`) : undefined;
  const when = submission.deliveredAt ? formatWhen(submission.deliveredAt, timeZone, now) : undefined;
  return [submission.fileName, size, which, when].filter(Boolean).join(', ');
}

/** "840 bytes", "12 KB", "3.4 MB". */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The amount the student pays now: "€240.00", or "nothing" for a free order. */
export const payLabel = (total: number): string => (total > 0 ? `Pay ${formatEuros(total)}` : 'Confirm the free order');

/** The status line: where the order stands, what happens next and who acts. */
export function statusLine(view: OrderView): string {
  const { chat, role, other, timeZone, now } = view;
  const student = role === 'student';
  const when = (iso: string | undefined) => (iso ? formatWhen(iso, timeZone, now) : '');
  const session = sessionText(view);
  const total = formatEuros(chat.total);

  switch (chat.orderStatus) {
    case 'open':
      if (chat.orderKind === 'work')
        return student
          ? `Choose the hours of work and pay ${formatEuros(chat.offer.price)} an hour to start.`
          : `Waiting for ${other} to choose the hours and pay.`;
      if (chat.orderKind === 'fixed') {
        if (chat.total === 0) return student ? 'Confirm the free order to start the project.' : `Waiting for ${other} to confirm the free order.`;
        return student ? `Pay ${total} to start the project.` : `Waiting for ${other} to pay ${total}.`;
      }
      if (chat.orderKind === 'intro') return student ? 'Choose a time for your free introduction (30 min).' : `Waiting for ${other} to propose a time.`;
      if (chat.orderKind === 'call')
        return student
          ? `Choose a time to propose a ${formatDuration(sessionMinutes(factsOf(chat)))} call to ${other}.`
          : `Waiting for ${other} to propose a time.`;
      return student ? `Choose a date and hours to propose a session to ${other}.` : `Waiting for ${other} to propose a time.`;
    case 'scheduled':
      return student ? `Waiting for ${other} to confirm your proposed time: ${session}.` : `${other} proposed ${session}. Confirm it or suggest another time.`;
    case 'countered':
      return student ? `${other} suggested ${session}. Accept or decline it.` : `Waiting for ${other} to answer your suggested time: ${session}.`;
    case 'confirmed': {
      // The unpaid hold ends at dueAt: the time is then released.
      const until = chat.dueAt ? ` by ${when(chat.dueAt)}, or the time is released` : '';
      return student ? `Confirmed for ${session}. Pay ${total} to book it${until}.` : `Confirmed for ${session}. Waiting for ${other} to pay${until}.`;
    }
    case 'in_progress': {
      if (chat.reschedule) {
        const moved = when(chat.reschedule.scheduledDate);
        const mine = (chat.reschedule.proposedBy === 'user') === student;
        return mine
          ? `Waiting for ${other} to accept moving the session to ${moved}.`
          : `${other} proposes to move the session to ${moved}. Accept or decline it.`;
      }
      if (!isSession(chat)) {
        const refunded = chat.dueAt ? ` If nothing is delivered by ${when(chat.dueAt)}, the payment is refunded.` : '';
        return student ? `Paid — ${other} is working on your project.${refunded}` : `Paid — submit the project when it is ready.${refunded}`;
      }
      if (sessionStarted(chat, now)) {
        const auto = chat.dueAt ? `; it completes automatically on ${when(chat.dueAt)}` : '';
        return student
          ? `The session was on ${when(chat.scheduledDate)}. Confirm it took place, or report a problem${auto}.`
          : `The session was on ${when(chat.scheduledDate)}. Waiting for ${other} to confirm it took place${auto}.`;
      }
      if (chat.orderKind === 'intro') return `${INTRO_LABEL} booked — the session is on ${when(chat.scheduledDate)}.`;
      return `Paid — the session is on ${session}.`;
    }
    case 'submitted': {
      const auto = chat.dueAt ? `; approved automatically on ${when(chat.dueAt)}` : '';
      return student ? `Delivered — approve it or ask for changes${auto}.` : `Delivered — waiting for ${other} to approve it${auto}.`;
    }
    case 'revision_requested': {
      // Only a call sent back before calls stopped being delivered has a deadline here: its refund.
      const refunded = chat.dueAt ? ` Without a new delivery by ${when(chat.dueAt)}, the payment is refunded in full.` : '';
      return student
        ? `Changes requested — waiting for ${other} to submit the project again.${refunded}`
        : `${other} asked for changes — submit the project again.${refunded}`;
    }
    case 'refund_pending': {
      const by = chat.dueAt ? ` by ${when(chat.dueAt)}` : '';
      return student
        ? `Cancelled — ${other} decides how much is refunded${by}; without a decision you are refunded in full.`
        : `${other} cancelled late — decide the share to refund${by}, or it is refunded in full.`;
    }
    case 'problem_reported': {
      const mine = chat.problem ? (chat.problem.reportedBy === 'user') === student : false;
      return `${mine ? 'You' : other} reported a problem — an admin will review the order and decide.`;
    }
    case 'closed':
      if (chat.orderKind === 'intro') return `Completed — the ${INTRO_LABEL.toLowerCase()} took place.`;
      if (!isSession(chat)) return student ? 'Completed — the project is approved.' : 'Completed — the project is approved and the payment credited to you.';
      return student ? 'Completed — the session took place.' : 'Completed — the session took place and the payment is credited to you.';
    case 'canceled': {
      const refund = chat.cancellation?.refundAmount;
      if (refund !== undefined && refund > 0)
        return student ? `Cancelled — ${formatEuros(refund)} refunded to you.` : `Cancelled — ${formatEuros(refund)} refunded to ${other}.`;
      if (chat.paymentAmount) return 'Cancelled — nothing refunded.';
      return 'Cancelled.';
    }
  }
}

/** What a side may do now: the moves the order's table opens to it, as the page offers them. */
export type OrderAction =
  | 'pickHours'
  | 'pickTime'
  | 'bookIntro'
  | 'pay'
  | 'acceptCounter'
  | 'declineCounter'
  | 'confirmSchedule'
  | 'counter'
  | 'approve'
  | 'requestRevision'
  | 'confirmSession'
  | 'reschedule'
  | 'acceptReschedule'
  | 'declineReschedule'
  | 'submitProject'
  | 'downloadProject'
  | 'decideRefund'
  | 'cancel'
  | 'reportProblem'
  | 'contestNoShow'
  | 'review';

/** The order's facts as the table reads them. */
export const factsOf = (chat: Pick<ChatDto, 'orderStatus' | 'orderKind' | 'scheduledDate' | 'scheduledHours' | 'durationMinutes' | 'problem'>): OrderFacts => ({
  status: chat.orderStatus,
  kind: chat.orderKind,
  ...(chat.scheduledDate !== undefined && { scheduledDate: chat.scheduledDate }),
  ...(chat.scheduledHours !== undefined && { scheduledHours: chat.scheduledHours }),
  ...(chat.durationMinutes !== undefined && { durationMinutes: chat.durationMinutes }),
  ...(chat.problem?.noShow && { problem: { noShow: { ...chat.problem.noShow, absent: chat.problem.noShow.absent === 'user' ? 'student' : 'expert' } } }),
});

/** The page's action for each move of the table a participant takes (the provider takes `pay`: the student starts it). */
const OFFERED: Partial<Record<TableAction, OrderAction>> = {
  pay: 'pay',
  acceptCounter: 'acceptCounter',
  declineCounter: 'declineCounter',
  confirmSchedule: 'confirmSchedule',
  counter: 'counter',
  approve: 'approve',
  requestRevision: 'requestRevision',
  completeSession: 'confirmSession',
  submit: 'submitProject',
  decideRefund: 'decideRefund',
  cancelUnpaid: 'cancel',
  cancelRefunded: 'cancel',
  cancelLate: 'cancel',
  reportProblem: 'reportProblem',
  contestNoShow: 'contestNoShow',
};

const SCHEDULE_PICKERS: Partial<Record<OrderKind, OrderAction>> = { hourly: 'pickHours', call: 'pickTime' };

/** A delivered file can be downloaded from its delivery on. */
const FILE_KEPT: readonly OrderStatus[] = ['submitted', 'revision_requested', 'problem_reported', 'closed'];

export function orderActions(chat: ChatDto, role: OrderRole, now: number): OrderAction[] {
  const facts = factsOf(chat);
  const moves = new Set<TableAction>(openMoves(facts, role, now));
  if (role === 'student' && nextStatus(facts, 'pay', 'payment', now)) moves.add('pay');
  const offered = new Set<OrderAction>();
  for (const move of moves) {
    // Proposing a time: the hours picker for an hourly call, the time picker for a fixed-price one; the introduction has its own.
    const action = move === 'schedule' ? SCHEDULE_PICKERS[chat.orderKind] : OFFERED[move];
    if (action) offered.add(action);
  }
  if (role === 'student' && introBookable(facts, now)) offered.add('bookIntro');
  if (moves.has('reschedule')) {
    const theirs = chat.reschedule && (chat.reschedule.proposedBy === 'user') !== (role === 'student');
    if (theirs) offered.add('acceptReschedule').add('declineReschedule');
    if (!chat.reschedule && !sessionStarted(facts, now)) offered.add('reschedule');
  }
  if (chat.projectSubmission.file && FILE_KEPT.includes(chat.orderStatus)) offered.add('downloadProject');
  if (role === 'student' && chat.orderStatus === 'closed') offered.add('review');
  return ACTIONS_IN_ORDER.filter((action) => offered.has(action));
}

/** The order the page shows them in: what moves the order on first, leaving it last. */
const ACTIONS_IN_ORDER: readonly OrderAction[] = [
  'pickHours',
  'pickTime',
  'bookIntro',
  'acceptCounter',
  'declineCounter',
  'confirmSchedule',
  'counter',
  'pay',
  'submitProject',
  'acceptReschedule',
  'declineReschedule',
  'confirmSession',
  'reschedule',
  'approve',
  'requestRevision',
  'downloadProject',
  'decideRefund',
  'cancel',
  'contestNoShow',
  'reportProblem',
  'review',
];

const { freeCancellationHours: LATE_HOURS, refundDecisionHours: DECIDE_HOURS } = ORDER_RULES;
const EXPERT_DECIDES = `the expert decides within ${DECIDE_HOURS} hours how much is refunded (in full without a decision)`;

/** The cancellation terms in general (spec 1 section 1's terms, as the orders issue applies them). */
export const CANCEL_TERMS = `Cancelling is free before payment. After payment, the student is refunded in full more than ${LATE_HOURS} hours before the session, or before anything is delivered; later, ${EXPERT_DECIDES}. An expert who cancels always refunds in full.`;

/** What this cancellation does, stated before it is confirmed. */
export function cancelTerms(chat: ChatDto, role: OrderRole, now: number): string {
  if (UNPAID_STATUSES.includes(chat.orderStatus)) return 'Nothing has been paid yet: cancelling is free.';
  if (role === 'expert') return `${chat.paymentAmount ? formatEuros(chat.paymentAmount) : 'The payment'} is refunded in full to the student.`;
  if (chat.orderKind === 'intro') return 'The free introduction is cancelled; nothing was paid.';
  const paid = chat.paymentAmount ? formatEuros(chat.paymentAmount) : 'The payment';
  if (!isSession(chat)) {
    return chat.orderStatus === 'in_progress'
      ? `Nothing has been delivered yet: ${paid} is refunded in full.`
      : `The work has already been delivered: ${EXPERT_DECIDES}.`;
  }
  const start = chat.scheduledDate ? Date.parse(chat.scheduledDate) : Number.POSITIVE_INFINITY;
  return start - now > LATE_HOURS * 3_600_000
    ? `The session is more than ${LATE_HOURS} hours away: ${paid} is refunded in full.`
    : `The session is less than ${LATE_HOURS} hours away: ${EXPERT_DECIDES}.`;
}
