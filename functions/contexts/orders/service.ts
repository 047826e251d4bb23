/**
 * The orders context's service: a new order for a conversation, and every move of its lifecycle by
 * its participants (schedule, counter, confirm, cancel, approve). Each move goes through the status
 * table of order.ts, is one conditional transaction with its ledger entries and its event, and is
 * refused with a stable code when the actor or the status does not allow it. Money at the provider
 * (checkout, refunds) is payment-service.ts.
 */
import { type Cents, cents } from '../../../shared/money';
import type { counterScheduleSchema, scheduleSchema } from '../../../shared/schemas/orders';
import { MSG } from '../../../shared/texts';
import type * as z from 'zod/mini';
import type { Caller } from '../../platform/access-token';
import { nowIso, nowMs } from '../../platform/clock';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../platform/errors';
import * as payments from '../payments/service';
import { announcement } from '../realtime/service';
import { deadlineOf, nextStatus, ORDER_TRANSITIONS, type OrderAction, type OrderActor, type OrderKind, type OrderRecord } from './order';
import * as repo from './repository';

/**
 * Order numbers are reserved a block at a time per Lambda instance: one atomic counter update per
 * block instead of one contended transaction per order. Numbers stay unique and readable; a block an
 * instance does not finish leaves a gap, and numbers follow each other only within one instance.
 */
const ORDER_NUMBER_BLOCK = 10;
let block: Promise<{ next: number; end: number }> | undefined;

async function nextOrderNumber(): Promise<number> {
  for (;;) {
    block ??= repo.reserveOrderNumbers(ORDER_NUMBER_BLOCK).then((first) => ({ next: first, end: first + ORDER_NUMBER_BLOCK }));
    const current = block;
    const reserved = await current.catch((error: unknown) => {
      if (block === current) block = undefined;
      throw error;
    });
    if (reserved.next < reserved.end) return reserved.next++;
    if (block === current) block = undefined;
  }
}

/** A new order, open, for the conversation `orderId` about an offer. */
export async function newOrder(fields: {
  orderId: string;
  offerId: string;
  offerTitle: string;
  studentId: string;
  expertId: string;
  kind: Exclude<OrderKind, 'intro'>;
  priceCents: Cents;
  createdAt: string;
}): Promise<OrderRecord> {
  return { ...fields, orderNumber: await nextOrderNumber(), status: 'open', bookingRevision: 0, version: 0 };
}

export const getOrder = repo.getOrder;

/** The writes that store a new order, for the transaction that opens its conversation. */
export const orderCreation = repo.orderPuts;

/** The order a number names, if any. */
export async function orderOfNumber(orderNumber: number): Promise<OrderRecord | undefined> {
  const orderId = await repo.orderIdOfNumber(orderNumber);
  return orderId === undefined ? undefined : repo.getOrder(orderId, { consistent: true });
}
export type OrderCreation = ReturnType<typeof orderCreation>;

// Moving an order --------------------------------------------------------------------------------

/** The order of a conversation the caller takes part in, and the caller's side: 404 or 403 otherwise. */
export async function orderOfParticipant(caller: Caller, orderId: string): Promise<{ order: OrderRecord; actor: 'student' | 'expert' }> {
  const order = await repo.getOrder(orderId, { consistent: true });
  if (!order) throw new NotFound(MSG.chatNotFound, 'chat_not_found');
  if (order.studentId === caller.userId) return { order, actor: 'student' };
  if (order.expertId === caller.userId) return { order, actor: 'expert' };
  throw new Forbidden(MSG.notYourChat, 'not_your_chat');
}

/** Why an actor may not take an action now: it is not theirs (403), or the order is elsewhere (409). */
export function refusal(action: OrderAction, actor: OrderActor): Error {
  if (!ORDER_TRANSITIONS[action].by.includes(actor)) return new Forbidden(MSG.notYourOrderAction, 'not_your_turn');
  return new Conflict(MSG.orderNotMovable, 'order_not_movable');
}

export interface Move {
  action: OrderAction;
  actor: OrderActor;
  changes?: repo.OrderChanges;
  /** Writes of the same transaction: ledger entries, once-only claims. */
  writes?: repo.OrderWrite[];
}

/**
 * Moves the order as read: refused when the table does not allow it, and when another write
 * landed since it was read (then nothing of the move is written). Announces the move to both sides.
 */
export async function move(order: OrderRecord, { action, actor, changes = {}, writes = [] }: Move): Promise<OrderRecord> {
  const to = nextStatus(order, action, actor, nowMs());
  if (!to) throw refusal(action, actor);
  const at = nowIso();
  const moved: OrderRecord = { ...order, ...changes, status: to, updatedAt: at, version: order.version + 1 };
  const due = deadlineOf(moved);
  const dueAt = due && new Date(due.at).toISOString();
  const event = announcement([order.studentId, order.expertId], { type: 'orderChanged', chatId: order.orderId, orderStatus: to });
  if (!(await repo.commitMove([repo.orderMove(order, to, { ...changes, dueAt }, at), event.put, ...writes])))
    throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
  await event.pushNow();
  return { ...moved, dueAt };
}

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
 * The student proposes a start and hours (hourly offers), or books the free introduction (any offer
 * of the expert, once per student and expert: the claim is taken with the proposal, atomically).
 */
export async function schedule(caller: Caller, orderId: string, body: ScheduleBody): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  const scheduledDate = futureStart(body.scheduledDate);
  const changes: repo.OrderChanges = { scheduledDate, bookingRevision: order.bookingRevision + 1 };
  if (body.freeIntro) {
    const introOrder = await introClaimOf(order);
    const claim = introOrder === undefined ? [repo.introTaken(order.studentId, order.expertId, order.orderId, nowIso())] : [];
    if (introOrder !== undefined && introOrder !== order.orderId) throw new Conflict(MSG.introAlreadyUsed, 'intro_used');
    try {
      await move({ ...order, kind: 'intro' }, { action: 'schedule', actor, changes: { ...changes, kind: 'intro', scheduledHours: undefined }, writes: claim });
    } catch (error) {
      // The claim refused the transaction: another conversation took the introduction first.
      if (error instanceof Conflict && (await introClaimOf(order)) !== order.orderId) throw new Conflict(MSG.introAlreadyUsed, 'intro_used');
      throw error;
    }
    return { msg: MSG.scheduleProposed };
  }
  if (order.kind !== 'hourly') throw new BadRequest(MSG.hourlyOnly, 'hourly_only');
  await move(order, { action: 'schedule', actor, changes: { ...changes, scheduledHours: body.scheduledHours } });
  return { msg: MSG.scheduleProposed };
}

const introClaimOf = (order: OrderRecord) => repo.introOrderOf(order.studentId, order.expertId);

/** The expert proposes another start (and, for hourly sessions, another number of hours). */
export async function counterSchedule(caller: Caller, orderId: string, body: CounterBody): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  const scheduledDate = futureStart(body.scheduledDate);
  const hours = order.kind === 'hourly' ? (body.scheduledHours ?? order.scheduledHours) : undefined;
  await move(order, { action: 'counter', actor, changes: { scheduledDate, scheduledHours: hours, bookingRevision: order.bookingRevision + 1 } });
  return { msg: MSG.counterProposed };
}

export async function acceptSchedule(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  if (order.scheduledDate !== undefined) futureStart(order.scheduledDate);
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
  const held = order.payment?.amountCents ?? cents(0);
  const entries = held > 0 ? payments.settlementEntries(order, held, { amountCents: cents(0) }, nowIso()) : [];
  await move(order, { action: 'approve', actor, writes: entries.flatMap(payments.ledgerWrites) });
  return { msg: MSG.projectApproved };
}

export async function requestRevision(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  await move(order, { action: 'requestRevision', actor });
  return { msg: MSG.revisionRequested };
}
