/**
 * The order's rules, once, for the server that enforces them and the web that offers them: the
 * table of every move (action, from, to, actor, kinds) and the conditions on time it adds. The
 * server moves an order only where `nextStatus` allows it; the messages page shows a side only the
 * moves `openMoves` gives it (docs/orders.md).
 */
import { OFFER_DURATION, ORDER_RULES, ROOMS } from './limits';

export const ORDER_STATUSES = [
  'open',
  'scheduled',
  'countered',
  'confirmed',
  'in_progress',
  'submitted',
  'revision_requested',
  'refund_pending',
  'problem_reported',
  'closed',
  'canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What is bought (decision 249): the offer's lesson type decides between a call and a delivery.
 * - `fixed`: a fixed-price project, delivered as files (a Document offer; a fixed-price call ordered
 *   before calls were booked keeps this path until it closes);
 * - `work`: hours of work on an hourly Document offer, paid at once and delivered as files;
 * - `hourly`: a call of 1 to 8 hours on an hourly Video Call or Phone Call offer, booked at a time;
 * - `call`: a fixed-price call lasting what its offer says (`durationMinutes`), booked at a time;
 * - `intro`: the free 30-minute introduction a student may book once with each expert.
 */
export const ORDER_KINDS = ['fixed', 'hourly', 'intro', 'call', 'work'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The lesson types that are calls, booked at a time; the others (a Document) are delivered. */
export const CALL_LESSON_TYPES = ['Video Call', 'Phone Call'] as const;

/** The kind of a new order about an offer, from its lesson type and its pricing. */
export function orderKindOf(offer: { lessonType: string; pricingType: 'fixed' | 'hourly' }): Exclude<OrderKind, 'intro'> {
  const call = (CALL_LESSON_TYPES as readonly string[]).includes(offer.lessonType);
  if (offer.pricingType === 'hourly') return call ? 'hourly' : 'work';
  return call ? 'call' : 'fixed';
}

/** What the rules read of an order: the server's record and the web's conversation both carry it. */
export interface OrderFacts {
  status: OrderStatus;
  kind: OrderKind;
  /** The session's start (UTC) as proposed, countered or agreed. */
  scheduledDate?: string;
  /** An hourly call's length, or the hours of work bought on an hourly Document offer. */
  scheduledHours?: number;
  /** A fixed-price call's length, as its offer said when the order began. */
  durationMinutes?: number;
  /** A problem reported about it: a no-show report carries who was reported absent (docs/rooms.md). */
  problem?: { noShow?: NoShowFacts };
}

/** A no-show report: the side reported absent, and whether they contested it or their browser connected after it. */
export interface NoShowFacts {
  absent: 'student' | 'expert';
  contestedAt?: string;
  attendedAt?: string;
}

/** Who moves an order: its two participants, the payment provider confirming a payment, the deadlines, or an admin deciding a problem. */
export const ORDER_ACTORS = ['student', 'expert', 'payment', 'system', 'admin'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const ORDER_ACTIONS = [
  'schedule',
  'counter',
  'acceptCounter',
  'declineCounter',
  'confirmSchedule',
  'pay',
  'submit',
  'approve',
  'requestRevision',
  'cancelUnpaid',
  'cancelRefunded',
  'cancelLate',
  'decideRefund',
  'completeSession',
  'reschedule',
  'reportProblem',
  'resolveRelease',
  'resolveRefund',
  'cancelBanned',
  'cancelUnavailable',
  'expireHold',
  'refundRevision',
  'reportNoShow',
  'contestNoShow',
  'noShowRefund',
  'noShowRelease',
  'reportBanned',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface Transition {
  from: readonly OrderStatus[];
  /** The status it moves to, or one per kind. */
  to: OrderStatus | Partial<Record<OrderKind, OrderStatus>>;
  by: readonly OrderActor[];
  /** The kinds of order it applies to. */
  kinds: readonly OrderKind[];
  /** A further condition on the order at the time `now`. */
  when?: (order: OrderFacts, now: number, actor: OrderActor) => boolean;
}

const HOUR_MS = 3_600_000;

/** Nothing paid yet: cancelling is free. */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['open', 'scheduled', 'countered', 'confirmed'];
/** Kinds booked at a time, the calls: hourly and fixed-price calls, and the free introduction. */
export const BOOKED_KINDS: readonly OrderKind[] = ['hourly', 'call', 'intro'];
/** Kinds delivered as files: projects and hours of work. */
export const DELIVERED_KINDS: readonly OrderKind[] = ['fixed', 'work'];
const ALL_KINDS: readonly OrderKind[] = ORDER_KINDS;
const PAID_KINDS: readonly OrderKind[] = ['fixed', 'work', 'hourly', 'call'];
/** Paid calls: their time is held once confirmed, until they are paid. */
const PAID_CALL_KINDS: readonly OrderKind[] = ['hourly', 'call'];

/** Free work (decision 272): a free introduction, or an order of an offer at €0. Reviews and an expert's figures show it as such. */
export const isFreeOrder = (order: { kind: OrderKind; priceCents: number }): boolean => order.kind === 'intro' || order.priceCents === 0;

/** A session booked at a time, not a project. */
export const isBooked = (order: Pick<OrderFacts, 'kind'>): boolean => BOOKED_KINDS.includes(order.kind);

/** Delivered as files, not booked at a time. */
export const isDelivered = (order: Pick<OrderFacts, 'kind'>): boolean => DELIVERED_KINDS.includes(order.kind);

/** When the booked session starts, in ms; undefined before a time is proposed. */
export const sessionStartMs = (order: Pick<OrderFacts, 'scheduledDate'>): number | undefined =>
  order.scheduledDate === undefined ? undefined : Date.parse(order.scheduledDate);

/** How long a booked session lasts, in minutes: its hours, the offer's duration, or the introduction's 30 minutes. */
export function sessionMinutes(order: Pick<OrderFacts, 'kind' | 'scheduledHours' | 'durationMinutes'>): number {
  if (order.kind === 'intro') return ORDER_RULES.introMinutes;
  if (order.kind === 'call') return order.durationMinutes ?? OFFER_DURATION.defaultMinutes;
  return (order.scheduledHours ?? 0) * 60;
}

/** A call's length in words, for pages and mails alike: "30 min", "90 min", "1 hour", "2 hours". */
export function formatDuration(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} min`;
  return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
}

/** When the booked session ends, in ms. */
export function sessionEndMs(order: Pick<OrderFacts, 'kind' | 'scheduledDate' | 'scheduledHours' | 'durationMinutes'>): number | undefined {
  const start = sessionStartMs(order);
  if (start === undefined) return undefined;
  return start + sessionMinutes(order) * 60_000;
}

/** The booked session has started: it can be confirmed as held, no longer moved or cancelled. */
export const sessionStarted = (order: Pick<OrderFacts, 'scheduledDate'>, now: number): boolean => (sessionStartMs(order) ?? Number.POSITIVE_INFINITY) <= now;

/** A delivery is paid from the start; a paid call once its time is confirmed. */
const awaitsPayment = (order: OrderFacts) =>
  isDelivered(order) ? order.status === 'open' : PAID_CALL_KINDS.includes(order.kind) && order.status === 'confirmed';

const MINUTE_MS = 60_000;

/**
 * The statuses in which a booked call's room exists (docs/rooms.md): paid (the free introduction:
 * agreed), a problem reported about it (a no-show report leaves the room open to the one reported
 * absent), or completed (a student may confirm the session before its room closes).
 */
const ROOM_STATUSES: readonly OrderStatus[] = ['in_progress', 'problem_reported', 'closed'];

/** When a booked call's room opens and closes, around its session, by the app's clock. */
export interface RoomWindow {
  startMs: number;
  endMs: number;
  opensAtMs: number;
  closesAtMs: number;
}

/** The order's room's times, or undefined when it has no room: not a booked call, no agreed time, not paid, cancelled. */
export function roomWindow(order: Pick<OrderFacts, 'kind' | 'status' | 'scheduledDate' | 'scheduledHours' | 'durationMinutes'>): RoomWindow | undefined {
  if (!isBooked(order) || !ROOM_STATUSES.includes(order.status)) return undefined;
  const startMs = sessionStartMs(order);
  const endMs = sessionEndMs(order);
  if (startMs === undefined || endMs === undefined) return undefined;
  return { startMs, endMs, opensAtMs: startMs - ROOMS.opensBeforeMinutes * MINUTE_MS, closesAtMs: endMs + ROOMS.closesAfterMinutes * MINUTE_MS };
}

/** From 15 minutes after a call's start until its room closes, the side that came may report the other absent (docs/rooms.md). */
export function noShowReportable(order: Pick<OrderFacts, 'kind' | 'scheduledDate' | 'scheduledHours' | 'durationMinutes'>, now: number): boolean {
  const start = sessionStartMs(order);
  const end = sessionEndMs(order);
  return start !== undefined && end !== undefined && now >= start + ROOMS.noShowAfterMinutes * MINUTE_MS && now < end + ROOMS.closesAfterMinutes * MINUTE_MS;
}

/** A no-show report the deadline decides: not contested, and the absent side's browser never connected after it. */
export function openNoShow(order: Pick<OrderFacts, 'problem'>): NoShowFacts | undefined {
  const noShow = order.problem?.noShow;
  return noShow && noShow.contestedAt === undefined && noShow.attendedAt === undefined ? noShow : undefined;
}

/**
 * A paid order is refunded in full when cancelled by the expert, or by the student more than 12
 * hours before the session (a project: before anything was delivered). Later, the expert decides.
 */
export function fullRefundDue(order: OrderFacts, now: number, actor: OrderActor): boolean {
  if (actor === 'expert' || actor === 'system') return true;
  if (!isBooked(order)) return order.status === 'in_progress';
  const start = sessionStartMs(order);
  return start !== undefined && start - now > ORDER_RULES.freeCancellationHours * HOUR_MS;
}

/**
 * Every move an order can make (spec 2 section 4 and the terms). Each is written with a condition
 * on the status it starts from, so two moves at once never both land.
 */
export const ORDER_TRANSITIONS: Record<OrderAction, Transition> = {
  // The student proposes a start (and hours), again as often as needed until it is paid.
  schedule: { from: UNPAID_STATUSES, to: 'scheduled', by: ['student'], kinds: BOOKED_KINDS },
  // The expert proposes another start or number of hours; the student accepts or declines it.
  counter: { from: ['scheduled'], to: 'countered', by: ['expert'], kinds: BOOKED_KINDS },
  // A free introduction is booked once agreed; an hourly session waits for its payment.
  acceptCounter: { from: ['countered'], to: { hourly: 'confirmed', call: 'confirmed', intro: 'in_progress' }, by: ['student'], kinds: BOOKED_KINDS },
  declineCounter: { from: ['countered'], to: 'open', by: ['student'], kinds: BOOKED_KINDS },
  confirmSchedule: { from: ['scheduled'], to: { hourly: 'confirmed', call: 'confirmed', intro: 'in_progress' }, by: ['expert'], kinds: BOOKED_KINDS },
  pay: { from: ['open', 'confirmed'], to: 'in_progress', by: ['payment'], kinds: PAID_KINDS, when: awaitsPayment },
  // Only a delivery is delivered: a call completes once it has taken place (decision 250). A call
  // order already sent back for revision when that rule came keeps its delivery until it closes.
  submit: {
    from: ['in_progress', 'revision_requested'],
    to: 'submitted',
    by: ['expert'],
    kinds: PAID_KINDS,
    when: (order) => isDelivered(order) || order.status === 'revision_requested',
  },
  // The student approves; a delivery left unanswered for 7 days is approved by the deadline.
  approve: { from: ['submitted'], to: 'closed', by: ['student', 'system'], kinds: PAID_KINDS },
  requestRevision: { from: ['submitted'], to: 'revision_requested', by: ['student'], kinds: PAID_KINDS },
  // Before payment, either side cancels freely (a booked free introduction too).
  cancelUnpaid: { from: UNPAID_STATUSES, to: 'canceled', by: ['student', 'expert'], kinds: ALL_KINDS },
  // After payment, until the session starts: in full early or by the expert, else the expert decides.
  cancelRefunded: {
    from: ['in_progress', 'revision_requested'],
    to: 'canceled',
    by: ['student', 'expert', 'system'],
    kinds: ALL_KINDS,
    when: (order, now, actor) => !sessionStarted(order, now) && (order.kind === 'intro' || fullRefundDue(order, now, actor)),
  },
  // A late cancellation by the student waits for the expert's decision on the refund.
  cancelLate: {
    from: ['in_progress', 'revision_requested'],
    to: 'refund_pending',
    by: ['student'],
    kinds: PAID_KINDS,
    when: (order, now, actor) => !sessionStarted(order, now) && !fullRefundDue(order, now, actor),
  },
  decideRefund: { from: ['refund_pending'], to: 'canceled', by: ['expert', 'system'], kinds: PAID_KINDS },
  // A booked session completes once it has started: confirmed by the student, or 48 hours after its end.
  completeSession: { from: ['in_progress'], to: 'closed', by: ['student', 'system'], kinds: BOOKED_KINDS, when: (order, now) => sessionStarted(order, now) },
  // A paid session moves to another time agreed by both sides; the status stays (see the service).
  reschedule: { from: ['in_progress'], to: 'in_progress', by: ['student', 'expert'], kinds: BOOKED_KINDS },
  reportProblem: { from: ['in_progress', 'submitted', 'revision_requested'], to: 'problem_reported', by: ['student', 'expert'], kinds: ALL_KINDS },
  resolveRelease: { from: ['problem_reported'], to: 'closed', by: ['admin'], kinds: ALL_KINDS },
  resolveRefund: { from: ['problem_reported'], to: 'canceled', by: ['admin'], kinds: ALL_KINDS },
  // A member banned: their paid orders not yet delivered are cancelled, refunded in full (docs/decisions.md).
  cancelBanned: { from: ['in_progress', 'revision_requested', 'refund_pending'], to: 'canceled', by: ['admin'], kinds: ALL_KINDS },
  // A payment that arrives once its expert or student is banned, archived or deleted: the order ends with it, refunded in full.
  cancelUnavailable: { from: ['open', 'confirmed'], to: 'canceled', by: ['payment'], kinds: PAID_KINDS, when: awaitsPayment },
  // A confirmed session left unpaid gives its time back (docs/bookings.md): the order is open again.
  expireHold: { from: ['confirmed'], to: 'open', by: ['system'], kinds: PAID_CALL_KINDS },
  // A call order sent back for revision before calls stopped being delivered, and not delivered again in 7 days: refunded in full.
  refundRevision: { from: ['revision_requested'], to: 'canceled', by: ['system'], kinds: PAID_CALL_KINDS },
  // From 15 minutes after a call's start while its room is open, the side that came reports the other absent; the rooms
  // context checks that the reporter is in the room and the other never connected since it opened (docs/rooms.md).
  reportNoShow: { from: ['in_progress'], to: 'problem_reported', by: ['student', 'expert'], kinds: BOOKED_KINDS, when: noShowReportable },
  // The side reported absent says they came, or their browser connects after the report: an admin decides, not the deadline.
  contestNoShow: {
    from: ['problem_reported'],
    to: 'problem_reported',
    by: ['student', 'expert', 'system'],
    kinds: BOOKED_KINDS,
    when: (order, _now, actor) => {
      const noShow = openNoShow(order);
      return noShow !== undefined && (actor === 'system' || actor === noShow.absent);
    },
  },
  // Uncontested for 48 hours, the report decides as the attendance says: the expert never came, the student is refunded in
  // full; the student never came, the session completes and the expert is credited.
  noShowRefund: { from: ['problem_reported'], to: 'canceled', by: ['system'], kinds: BOOKED_KINDS, when: (order) => openNoShow(order)?.absent === 'expert' },
  noShowRelease: { from: ['problem_reported'], to: 'closed', by: ['system'], kinds: BOOKED_KINDS, when: (order) => openNoShow(order)?.absent === 'student' },
  // A member banned after a paid session both sides attended: not refunded in full as cancelBanned would, an admin decides (docs/rooms.md).
  reportBanned: { from: ['in_progress'], to: 'problem_reported', by: ['admin'], kinds: PAID_CALL_KINDS, when: (order, now) => sessionStarted(order, now) },
};

/** The status an action moves the order to, or undefined when this actor may not take it now. */
export function nextStatus(order: OrderFacts, action: OrderAction, actor: OrderActor, now: number): OrderStatus | undefined {
  const transition = ORDER_TRANSITIONS[action];
  const allowed =
    transition.by.includes(actor) &&
    transition.kinds.includes(order.kind) &&
    transition.from.includes(order.status) &&
    (transition.when?.(order, now, actor) ?? true);
  if (!allowed) return undefined;
  return typeof transition.to === 'string' ? transition.to : transition.to[order.kind];
}

/** Every action this actor may take on the order now. */
export const openMoves = (order: OrderFacts, actor: OrderActor, now: number): OrderAction[] =>
  ORDER_ACTIONS.filter((action) => nextStatus(order, action, actor, now) !== undefined);

/**
 * The free introduction can be booked on an order that has not started its own path (open), or
 * proposed again on the introduction itself while it is not agreed.
 */
export const introBookable = (order: OrderFacts, now: number): boolean =>
  order.kind === 'intro' ? nextStatus(order, 'schedule', 'student', now) !== undefined : order.status === 'open';
