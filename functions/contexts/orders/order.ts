/**
 * The order entity: what a student books in a conversation about an offer (one conversation, one
 * order). Its record, its item (toOrderItem / fromOrderItem are the only places that know its shape),
 * its one status with the table of who may move it where, and the spec's booleans derived from it.
 */
import * as z from 'zod/mini';
import { HOLDING_RULES, ORDER_RULES, ROOMS } from '../../../shared/limits';
import { type Cents, cents, eurosFromCents } from '../../../shared/money';
import { EXPERT_ROLE, STUDENT_ROLE } from '../../../shared/roles';
import type { OrderState } from '../../../shared/schemas/chats';
import type { OrderNoticeKind } from '../../../shared/schemas/notices';
import {
  isBooked,
  ORDER_ACTIONS,
  ORDER_ACTORS,
  ORDER_KINDS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderAction,
  type OrderActor,
  type NoShowFacts,
  openNoShow,
  type OrderKind,
  type OrderStatus,
  sessionEndMs,
  sessionStartMs,
} from '../../../shared/order-transitions';
import { ORDERS_DISPUTED, ORDERS_PAID, orderKey, ordersDueIndex, paidOrderIndex } from '../../platform/keys';

const HOUR_MS = 3_600_000;

/** An open checkout of the payment provider for this order's current booking. */
export interface CheckoutRecord {
  /** The booking's revision it charges (a changed booking needs a new checkout). */
  bookingRevision: number;
  /** Counts the checkouts of one revision: a new one once the last expired. Part of its idempotency key. */
  attempt: number;
  amountCents: Cents;
  expiresAt: string;
  /** Set once the provider answered. */
  sessionId?: string;
  url?: string;
}

/** What the student paid, as the provider confirmed it. */
export interface PaymentRecord {
  amountCents: Cents;
  sessionId: string;
  paymentIntentId: string;
  chargeId?: string;
  paidAt: string;
}

/** A paid session's move to another time, proposed by one side and waiting for the other. */
export interface RescheduleRecord {
  scheduledDate: string;
  by: 'student' | 'expert';
  at: string;
}

/** A problem reported on an order, and the admin's decision once made. */
export interface ProblemRecord {
  /** Who reported it: a side, or an admin's ban after a session both sides attended. */
  by: 'student' | 'expert' | 'admin';
  reason: string;
  at: string;
  /** A no-show report (docs/rooms.md): the side reported absent, and whether they contested it or their browser connected after it. */
  noShow?: NoShowFacts;
}

/** How a paid order ended in a cancellation: who asked, when, and what went back to the student. */
export interface CancellationRecord {
  by: 'student' | 'expert' | 'system' | 'admin';
  at: string;
  /** Why the platform cancelled it, when that was not a deadline: a payment that came after the expert or the student left. */
  reason?: 'memberUnavailable';
  /** The share refunded, once decided (full before the deadlines of the terms). */
  refundCents?: Cents;
  /** The provider's refund, once it went through: a decided refund without it is retried. */
  refundId?: string;
}

/**
 * The expert's credit on its way to their connected account: `due` until the provider has made the
 * transfer (retried by the deadlines), `sent` until its funds are available, then `settled`.
 */
export interface TransferRecord {
  status: 'due' | 'sent' | 'settled';
  amountCents: Cents;
  transferId?: string;
  /** When the funds become available (the charge's balance transaction). */
  availableOn?: string;
  /** When a due transfer is tried again. */
  retryAt?: string;
  /** When the provider made it: its funds may stay in the connected account until the holding limit from then. */
  sentAt?: string;
  /**
   * Its funds and the holding limit: `warned` once the expert was told they must leave soon,
   * `cleared` once they left (withdrawn, paid out automatically) and nothing more waits on it.
   */
  holding?: 'warned' | 'cleared';
}

/**
 * A cardholder's dispute of the order's payment (docs/payouts.md): open until the card issuer
 * decides. The expert's share of it is frozen, from their available balance and, for what they
 * were paid out already, as their debt.
 */
export interface DisputeRecord {
  disputeId: string;
  status: 'open' | 'won' | 'lost';
  amountCents: Cents;
  /** The provider's fee, kept even when the dispute is won: the platform's loss. */
  feeCents: Cents;
  /** The expert's share of the disputed amount. */
  frozenCents: Cents;
  /** Of it, what was taken from their available balance (the rest became their debt). */
  fromAvailableCents: Cents;
  openedAt: string;
  closedAt?: string;
}

/**
 * Funds taken back from the expert's connected account after a lost dispute or a refund made
 * outside the marketplace: `due` until the provider made the reversal (retried by the deadlines),
 * then `reversed`; `failed` when it refused (the funds had left the account), and the amount
 * became the expert's debt.
 */
export interface ReversalRecord {
  status: 'due' | 'reversed' | 'failed';
  amountCents: Cents;
  reversalId?: string;
  reason: 'dispute' | 'refund';
}

/** A refund made outside the marketplace (in the provider's dashboard), recorded from its event: the latest. */
export interface OutsideRefundRecord {
  refundId: string;
  amountCents: Cents;
  at: string;
  /** The expert's share of it, taken back from them; 0 when it came before the order's credit. */
  expertShareCents: Cents;
}

/** A step of the order, as its conversation shows it: the move, who made it, when. */
export interface OrderStep {
  action: OrderAction;
  by: OrderActor;
  at: string;
  /** The time a proposal, a counter-proposal or a move set (UTC): the conversation names it. */
  scheduledDate?: string;
}

export interface DeliveryRecord {
  fileName: string;
  bytes: number;
  number: number;
}

export interface OrderRecord {
  /** The conversation's id: one conversation, one order. */
  orderId: string;
  /** Unique and readable, shown as "Order #<number>". */
  orderNumber: number;
  offerId: string;
  offerTitle: string;
  studentId: string;
  expertId: string;
  kind: OrderKind;
  /** The offer's price when the conversation started: a fixed order's total, an hourly order's rate. */
  priceCents: Cents;
  status: OrderStatus;
  /** The session's start (UTC) as proposed, countered or agreed. */
  scheduledDate?: string;
  /** An hourly call's length, or the hours of work bought (a `work` order). */
  scheduledHours?: number;
  /** A fixed-price call's length, from its offer when the order began. */
  durationMinutes?: number;
  /** Counts changes of the booking: what a checkout charges is the booking of one revision. */
  bookingRevision: number;
  checkout?: CheckoutRecord;
  payment?: PaymentRecord;
  cancellation?: CancellationRecord;
  reschedule?: RescheduleRecord;
  problem?: ProblemRecord;
  /** When the project was last delivered: the 7 days of auto-approval run from it. */
  submittedAt?: string;
  /** When the student last asked for changes: a call sent back in flight is refunded 7 days later (decision 250). */
  revisionAt?: string;
  /** The expert's credit, transferred to their connected account (docs/payouts.md). */
  transfer?: TransferRecord;
  dispute?: DisputeRecord;
  reversal?: ReversalRecord;
  outsideRefund?: OutsideRefundRecord;
  /** When its time became binding before payment (confirmed): the unpaid hold runs from it. */
  heldAt?: string;
  /** The booked session's last reminder (hours before it, of ORDER_RULES.reminderHours): the next one is a smaller one. */
  remindedHours?: number;
  /** When its next automatic move is due (deadlineOf): the deadlines job finds it by this time. */
  dueAt?: string;
  /** Counts the order's writes: each write is conditional on the version it read (optimistic locking). */
  version: number;
  /** The delivered project's file, once submitted. */
  submissionFile?: string;
  /** What the last delivery was: its file's name and size, and which delivery of the order it is (1 for the first). */
  delivery?: DeliveryRecord;
  /** Its steps so far, oldest first (ORDER_RULES.timelineMax at most). */
  timeline?: OrderStep[];
  createdAt: string;
  updatedAt?: string;
}

/** Paid and not delivered (or delivered and sent back for revision): what a ban cancels and refunds in full. */
export const BANNED_REFUNDED = ORDER_TRANSITIONS.cancelBanned.from;

/** Statuses in which a booked session's time is binding: agreed, paid, or past and not cancelled. */
const TIME_HELD: readonly OrderStatus[] = ['confirmed', 'in_progress', 'submitted', 'revision_requested', 'problem_reported', 'closed'];

/** Whether the order holds its session's time in both calendars (docs/bookings.md): a booked session, agreed and not cancelled. */
export const holdsTime = (order: OrderRecord): boolean => isBooked(order) && order.scheduledDate !== undefined && TIME_HELD.includes(order.status);

/** A closed or cancelled order's conversation is archived: asking about the offer again opens a new one. */
export const isFinished = (status: OrderStatus): boolean => status === 'closed' || status === 'canceled';

/** What the student pays: the fixed price (a project, a fixed-price call), or the rate times the hours (an hourly call, hours of work). */
export function totalCents(order: Pick<OrderRecord, 'kind' | 'priceCents' | 'scheduledHours'>): Cents {
  if (order.kind === 'intro') return cents(0);
  if (order.kind === 'fixed' || order.kind === 'call') return order.priceCents;
  return cents(order.priceCents * (order.scheduledHours ?? 0));
}

const DAY_MS = 24 * HOUR_MS;

/** What a deadline does: a move of the table, the retry of a decided refund that has not gone through, or a session's reminder. */
export type DeadlineAction = OrderAction | 'refund' | 'remind' | 'transfer' | 'settle' | 'reverse' | 'holdingWarning' | 'holdingPayout';

/** A decided refund the provider has not confirmed yet is tried again this soon. */
const REFUND_RETRY_MS = 5 * 60_000;

/** A booked session's next reminder: the largest of ORDER_RULES.reminderHours below the last one sent, due that long before the start. */
export function nextReminder(order: OrderRecord): { hours: number; at: number } | undefined {
  const start = isBooked(order) ? sessionStartMs(order) : undefined;
  if (start === undefined) return undefined;
  const hours = ORDER_RULES.reminderHours.find((candidate) => candidate < (order.remindedHours ?? Number.POSITIVE_INFINITY));
  return hours === undefined ? undefined : { hours, at: start - hours * HOUR_MS };
}

/**
 * The reminders a session booked (or moved) at `now` counts as sent: those whose moment has passed,
 * since the booking's own mail says as much. Undefined when every reminder is still ahead.
 */
export function remindersPassed(order: OrderRecord, now: number): number | undefined {
  const start = sessionStartMs(order);
  if (start === undefined) return undefined;
  return ORDER_RULES.reminderHours.filter((hours) => start - hours * HOUR_MS <= now).at(-1);
}

/**
 * The business event of a move that the notifications function mails to both sides, if any: a
 * booking, a session moved, a delivery, a completion, a cancellation, an admin's decision.
 */
export function noticeOf(action: OrderAction, before: OrderRecord, after: OrderRecord): OrderNoticeKind | undefined {
  switch (action) {
    case 'pay':
      return 'orderBooked';
    case 'acceptCounter':
    case 'confirmSchedule':
      // The free introduction is booked once agreed; a paid call once paid.
      return after.status === 'in_progress' ? 'orderBooked' : undefined;
    case 'reschedule':
      return after.scheduledDate === before.scheduledDate ? undefined : 'sessionRescheduled';
    case 'submit':
      return 'projectSubmitted';
    case 'approve':
    case 'completeSession':
      return 'orderCompleted';
    case 'cancelUnpaid':
    case 'cancelRefunded':
    case 'cancelLate':
    case 'cancelBanned':
    case 'cancelUnavailable':
    case 'refundRevision':
      return 'orderCanceled';
    case 'resolveRelease':
    case 'resolveRefund':
      return 'problemResolved';
    case 'reportNoShow':
      return 'noShowReported';
    case 'noShowRefund':
      return 'orderCanceled';
    case 'noShowRelease':
      return 'orderCompleted';
    case 'expireHold':
      return 'holdExpired';
    default:
      return undefined;
  }
}

/** The next automatic move of an order, and when it is due; undefined when nothing waits on a clock. */
export function deadlineOf(order: OrderRecord): { action: DeadlineAction; at: number } | undefined {
  const { transfer, reversal } = order;
  if (reversal?.status === 'due') return { action: 'reverse', at: 0 };
  if (transfer?.status === 'due') return { action: 'transfer', at: transfer.retryAt ? Date.parse(transfer.retryAt) : 0 };
  if (transfer?.status === 'sent') return { action: 'settle', at: transfer.availableOn ? Date.parse(transfer.availableOn) : 0 };
  const held = transfer?.status === 'settled' && transfer.holding !== 'cleared' ? (transfer.sentAt ?? transfer.availableOn) : undefined;
  if (held !== undefined) {
    const limit = Date.parse(held) + HOLDING_RULES.limitDays * DAY_MS;
    return transfer?.holding === 'warned'
      ? { action: 'holdingPayout', at: limit - HOLDING_RULES.payoutDays * DAY_MS }
      : { action: 'holdingWarning', at: limit - HOLDING_RULES.warningDays * DAY_MS };
  }
  switch (order.status) {
    case 'canceled': {
      const pending = order.cancellation && order.payment && order.cancellation.refundCents !== undefined && !order.cancellation.refundId;
      // An admin's refund (a ban's, which nobody else makes) is due at once, not as a retry.
      const retry = order.cancellation?.by === 'admin' ? 0 : REFUND_RETRY_MS;
      return pending && order.cancellation ? { action: 'refund', at: Date.parse(order.cancellation.at) + retry } : undefined;
    }
    case 'confirmed': {
      // An unpaid hold: 24 hours, and never later than 2 hours before the start.
      const start = sessionStartMs(order);
      if (order.heldAt === undefined || start === undefined) return undefined;
      const at = Math.min(Date.parse(order.heldAt) + ORDER_RULES.unpaidHoldHours * HOUR_MS, start - ORDER_RULES.holdEndsBeforeStartHours * HOUR_MS);
      return { action: 'expireHold', at };
    }
    case 'refund_pending':
      return order.cancellation && { action: 'decideRefund', at: Date.parse(order.cancellation.at) + ORDER_RULES.refundDecisionHours * HOUR_MS };
    case 'problem_reported': {
      // A no-show report nobody contested decides itself as the attendance says (docs/rooms.md); any other problem waits for an admin.
      const noShow = openNoShow(order);
      if (!noShow || !order.problem) return undefined;
      return { action: noShow.absent === 'expert' ? 'noShowRefund' : 'noShowRelease', at: Date.parse(order.problem.at) + ROOMS.noShowContestHours * HOUR_MS };
    }
    case 'submitted':
      return order.submittedAt === undefined ? undefined : { action: 'approve', at: Date.parse(order.submittedAt) + ORDER_RULES.autoApproveDays * DAY_MS };
    case 'revision_requested': {
      // Only a call sent back before calls stopped being delivered: a project's student may cancel it.
      if (!ORDER_TRANSITIONS.refundRevision.kinds.includes(order.kind)) return undefined;
      const since = order.revisionAt ?? order.updatedAt ?? order.createdAt;
      return { action: 'refundRevision', at: Date.parse(since) + ORDER_RULES.autoApproveDays * DAY_MS };
    }
    case 'in_progress': {
      const end = sessionEndMs(order);
      const reminder = nextReminder(order);
      if (reminder) return { action: 'remind', at: reminder.at };
      if (isBooked(order) && end !== undefined) return { action: 'completeSession', at: end + ORDER_RULES.sessionAutoCompleteHours * HOUR_MS };
      return order.payment && { action: 'cancelRefunded', at: Date.parse(order.payment.paidAt) + ORDER_RULES.undeliveredRefundDays * DAY_MS };
    }
    default:
      return undefined;
  }
}

/** When the order's next automatic move is due, as its deadline index keeps it; undefined when none waits. */
export function dueAtOf(order: OrderRecord): string | undefined {
  const due = deadlineOf(order);
  return due && new Date(due.at).toISOString();
}

const wireSide = (side: 'student' | 'expert') => (side === 'student' ? STUDENT_ROLE : EXPERT_ROLE);
const wireActor = (actor: CancellationRecord['by']) => (actor === 'student' || actor === 'expert' ? wireSide(actor) : actor);
const wireStepActor = (actor: OrderActor) => (actor === 'student' || actor === 'expert' ? wireSide(actor) : actor);

/** The moves that set the booking's time: their step names it. */
const TIME_SETTING: readonly OrderAction[] = ['schedule', 'counter', 'reschedule'];

/**
 * The step a move adds to the order's conversation: every move but a reschedule's proposal or
 * answer that leaves the time as it was (the conversation says a session moved once it has).
 */
export function stepOf(
  action: OrderAction,
  actor: OrderActor,
  before: OrderRecord,
  after: Pick<OrderRecord, 'scheduledDate'>,
  at: string,
): OrderStep[] | undefined {
  if (action === 'reschedule' && after.scheduledDate === before.scheduledDate) return undefined;
  const time = TIME_SETTING.includes(action) && after.scheduledDate !== undefined ? { scheduledDate: after.scheduledDate } : {};
  return [...(before.timeline ?? []), { action, by: actor, at, ...time }].slice(-ORDER_RULES.timelineMax);
}

const DELIVERING: readonly OrderStatus[] = ['in_progress', 'submitted', 'revision_requested', 'refund_pending', 'problem_reported'];
const SCHEDULE_AGREED: readonly OrderStatus[] = ['confirmed', 'in_progress', 'submitted', 'revision_requested', 'refund_pending', 'problem_reported', 'closed'];

/** The spec's order fields, derived from the status. */
export function toOrderState(order: OrderRecord): OrderState {
  const due = deadlineOf(order);
  return {
    isServiceInProgress: DELIVERING.includes(order.status),
    isOrderClosed: order.status === 'closed',
    isOrderCanceled: order.status === 'canceled',
    isScheduleConfirmed: order.scheduledDate !== undefined && SCHEDULE_AGREED.includes(order.status),
    ...(order.scheduledDate !== undefined && { scheduledDate: order.scheduledDate }),
    ...(order.scheduledHours !== undefined && { scheduledHours: order.scheduledHours }),
    ...(order.durationMinutes !== undefined && { durationMinutes: order.durationMinutes }),
    timeline: (order.timeline ?? []).map((step) => ({
      action: step.action,
      by: wireStepActor(step.by),
      at: step.at,
      ...(step.scheduledDate !== undefined && { scheduledDate: step.scheduledDate }),
    })),
    projectSubmission: projectSubmissionOf(order),
    orderKind: order.kind,
    total: eurosFromCents(totalCents(order)),
    ...(order.reschedule && { reschedule: { scheduledDate: order.reschedule.scheduledDate, proposedBy: wireSide(order.reschedule.by) } }),
    ...(order.cancellation && {
      cancellation: {
        by: wireActor(order.cancellation.by),
        at: order.cancellation.at,
        ...(order.cancellation.refundCents !== undefined && { refundAmount: eurosFromCents(order.cancellation.refundCents) }),
      },
    }),
    ...(order.problem && {
      problem: {
        reportedBy: order.problem.by === 'admin' ? 'admin' : wireSide(order.problem.by),
        reason: order.problem.reason,
        at: order.problem.at,
        ...(order.problem.noShow && { noShow: { ...order.problem.noShow, absent: wireSide(order.problem.noShow.absent) } }),
      },
    }),
    ...(due && { dueAt: new Date(due.at).toISOString() }),
  };
}

function projectSubmissionOf(order: OrderRecord): OrderState['projectSubmission'] {
  const file =
    order.submissionFile === undefined
      ? {}
      : {
          file: order.submissionFile,
          ...(order.delivery && { fileName: order.delivery.fileName, bytes: order.delivery.bytes, delivery: order.delivery.number }),
          ...(order.submittedAt && { deliveredAt: order.submittedAt }),
        };
  switch (order.status) {
    case 'submitted':
      return { status: 'submitted', ...file };
    case 'revision_requested':
      return { status: 'revision_requested', ...file };
    case 'closed':
      return order.submissionFile === undefined ? { status: 'none' } : { status: 'approved', ...file };
    default:
      return { status: 'none' };
  }
}

const centsField = z.pipe(z.number(), z.transform(cents));

const orderItem = z.object({
  orderId: z.string(),
  orderNumber: z.number(),
  offerId: z.string(),
  offerTitle: z.string(),
  studentId: z.string(),
  expertId: z.string(),
  kind: z.enum(ORDER_KINDS),
  priceCents: centsField,
  status: z.enum(ORDER_STATUSES),
  scheduledDate: z.optional(z.string()),
  scheduledHours: z.optional(z.number()),
  durationMinutes: z.optional(z.number()),
  bookingRevision: z.number(),
  checkout: z.optional(
    z.object({
      bookingRevision: z.number(),
      attempt: z.number(),
      amountCents: centsField,
      expiresAt: z.string(),
      sessionId: z.optional(z.string()),
      url: z.optional(z.string()),
    }),
  ),
  payment: z.optional(
    z.object({ amountCents: centsField, sessionId: z.string(), paymentIntentId: z.string(), chargeId: z.optional(z.string()), paidAt: z.string() }),
  ),
  reschedule: z.optional(z.object({ scheduledDate: z.string(), by: z.enum(['student', 'expert']), at: z.string() })),
  problem: z.optional(
    z.object({
      by: z.enum(['student', 'expert', 'admin']),
      reason: z.string(),
      at: z.string(),
      noShow: z.optional(z.object({ absent: z.enum(['student', 'expert']), contestedAt: z.optional(z.string()), attendedAt: z.optional(z.string()) })),
    }),
  ),
  submittedAt: z.optional(z.string()),
  revisionAt: z.optional(z.string()),
  delivery: z.optional(z.object({ fileName: z.string(), bytes: z.number(), number: z.number() })),
  timeline: z.optional(z.array(z.object({ action: z.enum(ORDER_ACTIONS), by: z.enum(ORDER_ACTORS), at: z.string(), scheduledDate: z.optional(z.string()) }))),
  heldAt: z.optional(z.string()),
  remindedHours: z.optional(z.number()),
  transfer: z.optional(
    z.object({
      status: z.enum(['due', 'sent', 'settled']),
      amountCents: centsField,
      transferId: z.optional(z.string()),
      availableOn: z.optional(z.string()),
      retryAt: z.optional(z.string()),
      sentAt: z.optional(z.string()),
      holding: z.optional(z.enum(['warned', 'cleared'])),
    }),
  ),
  dispute: z.optional(
    z.object({
      disputeId: z.string(),
      status: z.enum(['open', 'won', 'lost']),
      amountCents: centsField,
      feeCents: centsField,
      frozenCents: centsField,
      fromAvailableCents: centsField,
      openedAt: z.string(),
      closedAt: z.optional(z.string()),
    }),
  ),
  reversal: z.optional(
    z.object({
      status: z.enum(['due', 'reversed', 'failed']),
      amountCents: centsField,
      reversalId: z.optional(z.string()),
      reason: z.enum(['dispute', 'refund']),
    }),
  ),
  outsideRefund: z.optional(z.object({ refundId: z.string(), amountCents: centsField, at: z.string(), expertShareCents: centsField })),
  dueAt: z.optional(z.string()),
  cancellation: z.optional(
    z.object({
      by: z.enum(['student', 'expert', 'system', 'admin']),
      at: z.string(),
      reason: z.optional(z.literal('memberUnavailable')),
      refundCents: z.optional(centsField),
      refundId: z.optional(z.string()),
    }),
  ),
  version: z.number(),
  submissionFile: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.optional(z.string()),
});

/**
 * A paid order's place in the admin's payments (GSI3): apart once money was taken back from it (a
 * dispute, a reversal), where the platform's exposure is read from. No keys before its payment.
 */
export const paidOrderKeys = (order: Pick<OrderRecord, 'orderId' | 'payment' | 'dispute' | 'reversal'>) =>
  order.payment ? paidOrderIndex(order.dispute || order.reversal ? ORDERS_DISPUTED : ORDERS_PAID, order.payment.paidAt, order.orderId) : {};

export const toOrderItem = (order: OrderRecord) => ({
  ...orderKey(order.orderId),
  ...(order.dueAt && ordersDueIndex(order.dueAt, order.orderId)),
  ...paidOrderKeys(order),
  ...order,
});

export const fromOrderItem = (item: Record<string, unknown>): OrderRecord => orderItem.parse(item);
