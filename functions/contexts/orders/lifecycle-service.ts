/**
 * An order's lifecycle by its participants (schedule, counter, confirm, approve, complete,
 * reschedule, report): each move goes through the status table of order.ts (move.ts), is one
 * conditional transaction with its ledger entries and its event, and is refused with a stable code
 * when the actor or the status does not allow it. Money at the provider (checkout, refunds) is
 * payment-service.ts; the deadlines are deadline-service.ts.
 */
import { ORDER_RULES } from '../../../shared/limits';
import { cents } from '../../../shared/money';
import {
  introBookable,
  isBooked,
  isFreeOrder,
  nextStatus,
  type OrderAction,
  type OrderActor,
  sessionEndMs,
  sessionStarted,
} from '../../../shared/order-transitions';
import type { counterScheduleSchema, scheduleSchema } from '../../../shared/schemas/orders';
import { MSG } from '../../../shared/texts';
import type * as z from 'zod/mini';
import type { Caller } from '../../platform/access-token';
import { nowIso, nowMs } from '../../platform/clock';
import { BadRequest, Conflict, Forbidden } from '../../platform/errors';
import * as bookings from '../bookings/service';
import * as earnings from '../earnings/service';
import * as payments from '../payments/service';
import { move, orderOfParticipant, refusal } from './move';
import { type OrderRecord, totalCents } from './order';
import * as repo from './repository';
import { sendTransferSoon } from './transfer-service';

export { type Move, move, orderOfParticipant, refusal } from './move';

// Moving an order --------------------------------------------------------------------------------

// Booking ----------------------------------------------------------------------------------------

type ScheduleBody = z.output<typeof scheduleSchema>;
type CounterBody = z.output<typeof counterScheduleSchema>;

/** A session's start as a UTC instant, refused in the past. */
function futureStart(scheduledDate: string): string {
  const start = Date.parse(scheduledDate);
  if (start <= nowMs()) throw new BadRequest(MSG.sessionInPast, 'session_in_past');
  return new Date(start).toISOString();
}

/**
 * An hourly booking whose total one card payment cannot carry is refused when its hours are proposed
 * or accepted, not at payment after the other side agreed to it.
 */
function payableHours(order: OrderRecord, scheduledHours: number | undefined, message: string): void {
  if (totalCents({ ...order, scheduledHours }) > ORDER_RULES.maxChargeCents) throw new BadRequest(message, 'total_too_large');
}

/**
 * The student proposes a start and hours (hourly offers), or books the free introduction (any offer
 * of the expert, once per student and expert: the claim is taken with the proposal, atomically).
 */
export async function schedule(caller: Caller, orderId: string, body: ScheduleBody): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  const scheduledDate = futureStart(body.scheduledDate);
  const changes: repo.OrderChanges = { scheduledDate, bookingRevision: order.bookingRevision + 1 };
  if (body.freeIntro) {
    // The introduction replaces an order that has not started its own path, never one under way.
    if (!introBookable(order, nowMs())) throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
    const introOrder = await introClaimOf(order);
    const claim = introOrder === undefined ? [repo.introTaken(order.studentId, order.expertId, order.orderId, nowIso())] : [];
    if (introOrder !== undefined && introOrder !== order.orderId) throw new Conflict(MSG.introAlreadyUsed, 'intro_used');
    await checkProposedTime({ ...order, kind: 'intro' }, { action: 'schedule', actor, start: scheduledDate });
    try {
      await move({ ...order, kind: 'intro' }, { action: 'schedule', actor, changes: { ...changes, kind: 'intro', scheduledHours: undefined }, writes: claim });
    } catch (error) {
      // The claim refused the transaction: another conversation took the introduction first.
      if (error instanceof Conflict && (await introClaimOf(order)) !== order.orderId) throw new Conflict(MSG.introAlreadyUsed, 'intro_used');
      throw error;
    }
    return { msg: MSG.scheduleProposed };
  }
  // A call is booked at a time; a delivery never is. An hourly call needs its hours, a fixed-price call has its offer's length.
  if (order.kind !== 'hourly' && order.kind !== 'call') throw new BadRequest(MSG.callsOnly, 'calls_only');
  const hours = order.kind === 'hourly' ? body.scheduledHours : undefined;
  if (order.kind === 'hourly' && hours === undefined) throw new BadRequest(MSG.chooseDateHours, 'validation_failed');
  payableHours(order, hours, MSG.totalTooLarge);
  await checkProposedTime(order, { action: 'schedule', actor, start: scheduledDate, hours });
  await move(order, { action: 'schedule', actor, changes: { ...changes, scheduledHours: hours } });
  return { msg: MSG.scheduleProposed };
}

const introClaimOf = (order: OrderRecord) => repo.introOrderOf(order.studentId, order.expertId);

/**
 * A time proposed for the order, checked once the move is known to be the actor's to make: never onto
 * another booking of either person, and, from the student, one of the expert's free slots when they
 * have set hours (docs/bookings.md). The reservation itself is made when the time becomes binding.
 */
async function checkProposedTime(order: OrderRecord, proposal: { action: OrderAction; actor: 'student' | 'expert'; start: string; hours?: number }) {
  if (!nextStatus(order, proposal.action, proposal.actor, nowMs())) throw refusal(proposal.action, proposal.actor);
  const end = sessionEndMs({ ...order, scheduledDate: proposal.start, scheduledHours: proposal.hours }) ?? Date.parse(proposal.start);
  await bookings.checkProposal(
    { orderId: order.orderId, expertId: order.expertId, studentId: order.studentId, start: proposal.start, end: new Date(end).toISOString() },
    proposal.actor,
  );
}

/** The expert proposes another start (and, for hourly sessions, another number of hours). */
export async function counterSchedule(caller: Caller, orderId: string, body: CounterBody): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  const scheduledDate = futureStart(body.scheduledDate);
  const hours = order.kind === 'hourly' ? (body.scheduledHours ?? order.scheduledHours) : undefined;
  payableHours(order, hours, MSG.counterTotalTooLarge);
  await checkProposedTime(order, { action: 'counter', actor, start: scheduledDate, hours });
  await move(order, { action: 'counter', actor, changes: { scheduledDate, scheduledHours: hours, bookingRevision: order.bookingRevision + 1 } });
  return { msg: MSG.counterProposed };
}

export async function acceptSchedule(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  if (order.scheduledDate !== undefined) futureStart(order.scheduledDate);
  // A counter made before bookings were bounded may still be over it.
  payableHours(order, order.scheduledHours, MSG.totalTooLarge);
  await move(order, { action: 'acceptCounter', actor });
  return { msg: MSG.scheduleConfirmed };
}

export async function declineSchedule(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  await move(order, {
    action: 'declineCounter',
    actor,
    changes: { scheduledDate: undefined, scheduledHours: undefined, bookingRevision: order.bookingRevision + 1 },
  });
  return { msg: MSG.counterDeclined };
}

export async function confirmSchedule(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  if (order.scheduledDate !== undefined) futureStart(order.scheduledDate);
  await move(order, { action: 'confirmSchedule', actor });
  return { msg: MSG.scheduleConfirmed };
}

// Delivery and approval --------------------------------------------------------------------------

/**
 * The student approves the delivered work: the order closes and the expert is credited (the payment
 * less the platform's fee) in the same transaction. Twice, or at once, credits once: the move is
 * conditional on the status, the ledger entry on its key.
 */
export async function approve(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  await closeWithCredit(order, 'approve', actor);
  return { msg: MSG.projectApproved };
}

/**
 * Closes the order (approved, its session held, released by an admin) with the expert's credit,
 * the payment less the fee (and less what they owe, which it settles first), in the same transaction, and the transfer of that credit due; then
 * sends the transfer (the deadlines job retries one that could not be made now).
 */
export async function closeWithCredit(order: OrderRecord, action: OrderAction, actor: OrderActor, more: repo.OrderWrite[] = []): Promise<OrderRecord> {
  // What the order still holds: all of the payment, unless a refund was made in the provider's dashboard meanwhile.
  const held = order.payment ? await payments.heldBy(order.orderId) : cents(0);
  const entries = held > 0 ? payments.settlementEntries(order, held, { amountCents: cents(0) }, nowIso(), await payments.expertDebt(order.expertId)) : [];
  const credit = payments.creditedTo(order.expertId, entries);
  const changes: repo.OrderChanges = credit > 0 ? { transfer: { status: 'due', amountCents: credit } } : {};
  // The expert's statistics count the order (free sessions too, and those apart) and what it earned them, in the same transaction.
  const creditEntry = entries.find((entry) => entry.kind === 'credit');
  const earned = creditEntry ? payments.earnedBy(order.expertId, creditEntry) : cents(0);
  const writes = [...payments.ledgerWrites(entries), earnings.completedOrderWrite(order.expertId, earned, isFreeOrder(order)), ...more];
  const closed = await move(order, { action, actor, changes, writes });
  await sendTransferSoon(closed);
  return closed;
}

/** The student confirms that the booked session took place: the order closes and the expert is credited. */
export async function confirmSession(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  // Said plainly: a call is confirmed as held only once it has begun (decision 250).
  if (actor === 'student' && isBooked(order) && order.status === 'in_progress' && !sessionStarted(order, nowMs()))
    throw new Conflict(MSG.sessionNotStarted, 'session_not_started');
  await closeWithCredit(order, 'completeSession', actor);
  return { msg: MSG.sessionConfirmed };
}

export async function requestRevision(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  await move(order, { action: 'requestRevision', actor, changes: { revisionAt: nowIso() } });
  return { msg: MSG.revisionRequested };
}

// Rescheduling a paid session ------------------------------------------------------------------------

const HOUR_MS = 3_600_000;

/** A paid session moves only to a time at least 24 hours ahead, and only while it is itself that far ahead. */
function rescheduleStart(order: OrderRecord, scheduledDate: string): string {
  const start = futureStart(scheduledDate);
  const notice = ORDER_RULES.rescheduleNoticeHours * HOUR_MS;
  const current = order.scheduledDate === undefined ? Number.POSITIVE_INFINITY : Date.parse(order.scheduledDate);
  if (Date.parse(start) - nowMs() < notice || current - nowMs() < notice) throw new BadRequest(MSG.rescheduleTooLate, 'reschedule_too_late');
  return start;
}

/** Either side proposes a new time for a paid session; the other accepts or declines it. Never a second charge. */
export async function proposeReschedule(caller: Caller, orderId: string, body: { scheduledDate: string }): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  const scheduledDate = rescheduleStart(order, body.scheduledDate);
  await checkProposedTime(order, { action: 'reschedule', actor, start: scheduledDate, hours: order.scheduledHours });
  await move(order, { action: 'reschedule', actor, changes: { reschedule: { scheduledDate, by: actor, at: nowIso() } } });
  return { msg: MSG.rescheduleProposed };
}

export async function acceptReschedule(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  if (!order.reschedule) throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
  if (order.reschedule.by === actor) throw new Forbidden(MSG.notYourOrderAction, 'not_your_turn');
  const scheduledDate = rescheduleStart(order, order.reschedule.scheduledDate);
  await move(order, { action: 'reschedule', actor, changes: { scheduledDate, reschedule: undefined } });
  return { msg: MSG.rescheduleAccepted };
}

/** Declined by the other side, or withdrawn by its proposer: the session stays as booked. */
export async function declineReschedule(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  if (!order.reschedule) throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
  await move(order, { action: 'reschedule', actor, changes: { reschedule: undefined } });
  return { msg: MSG.rescheduleDeclined };
}

// Problems ---------------------------------------------------------------------------------------

/** Either side reports a problem (a no-show, work not as agreed): the order waits for an admin's decision. */
export async function reportProblem(caller: Caller, orderId: string, reason: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  await move(order, { action: 'reportProblem', actor, changes: { problem: { by: actor, reason, at: nowIso() }, reschedule: undefined } });
  return { msg: MSG.problemReported };
}
