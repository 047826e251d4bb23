/**
 * One move of an order through the status table of order.ts: a conditional transaction with its
 * event (and the writes given), refused with a stable code when the actor or the status does not
 * allow it. It loads nothing of payments, so that a Lambda without the provider (the admin's ban)
 * can move orders too.
 */
import { isBooked, nextStatus, ORDER_TRANSITIONS, type OrderAction, type OrderActor, sessionEndMs } from '../../../shared/order-transitions';
import { MSG } from '../../../shared/texts';
import { nowIso, nowMs } from '../../platform/clock';
import type { Caller } from '../../platform/access-token';
import { Conflict, Contention, Forbidden, NotFound } from '../../platform/errors';
import * as bookings from '../bookings/service';
import { announcement } from '../realtime/service';
import { dueAtOf, holdsTime, noticeOf, type OrderRecord, remindersPassed, stepOf } from './order';
import * as repo from './repository';

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

/** Moves that raced a reservation on a calendar (the order itself unchanged) are tried again from a fresh reading. */
const RESERVATION_ATTEMPTS = 10;

/**
 * Moves the order as read: refused when the table does not allow it, and when another write
 * landed since it was read (then nothing of the move is written). A move that makes a booking
 * binding reserves its time in both calendars, checked and committed in the same transaction, and
 * one that ends or moves it frees the time (docs/bookings.md). Announces the move to both sides.
 */
export async function move(order: OrderRecord, { action, actor, changes = {}, writes = [] }: Move): Promise<OrderRecord> {
  for (let attempt = 1; ; attempt++) {
    const now = nowMs();
    const to = nextStatus(order, action, actor, now);
    if (!to) throw refusal(action, actor);
    const at = nowIso();
    const moves = changes.scheduledDate !== undefined && changes.scheduledDate !== order.scheduledDate;
    const booked = to === 'in_progress' && (order.status !== 'in_progress' || moves);
    // A session booked or moved now: the reminders whose moment has passed are not sent (its own mail says as much).
    const reminded: repo.OrderChanges = booked && isBooked(order) ? { ...changes, remindedHours: remindersPassed({ ...order, ...changes }, now) } : changes;
    // Confirmed and not yet paid: the hold on its time runs from now, and ends with the status (its deadline frees it).
    const held = to === 'confirmed' ? (order.status === 'confirmed' ? {} : { heldAt: at }) : order.heldAt === undefined ? {} : { heldAt: undefined };
    const unstepped: repo.OrderChanges = { ...reminded, ...held };
    const timeline = stepOf(action, actor, order, { ...order, ...unstepped }, at);
    const all: repo.OrderChanges = timeline ? { ...unstepped, timeline } : unstepped;
    const moved: OrderRecord = { ...order, ...all, status: to, updatedAt: at, version: order.version + 1 };
    const dueAt = dueAtOf(moved);
    const notice = noticeOf(action, order, moved);
    const event = announcement(
      [order.studentId, order.expertId],
      { type: 'orderChanged', chatId: order.orderId, orderStatus: to },
      notice && { kind: notice, orderId: order.orderId },
    );
    const time = await bookingWrites(order, moved);
    const reserving = time.some((write) => write.Put !== undefined);
    if (await commitUnlessContended([repo.orderMove(order, to, { ...all, dueAt }, at), event.put, ...writes, ...time], reserving)) {
      await event.pushNow();
      return { ...moved, dueAt };
    }
    // A reservation lost to another on the same calendar, the order as it was: decide again on a fresh reading.
    const raced = reserving && attempt < RESERVATION_ATTEMPTS && (await repo.getOrder(order.orderId, { consistent: true }))?.version === order.version;
    if (!raced) throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
    await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** Math.min(attempt, 5) * Math.random()));
  }
}

/**
 * Commits a move; false when a condition failed. A reservation contended by many at once (a
 * popular hour) is a lost race like any other, decided again from a fresh reading, not a 503.
 */
async function commitUnlessContended(writes: repo.OrderWrite[], reserving: boolean): Promise<boolean> {
  try {
    return await repo.commitMove(writes);
  } catch (error) {
    if (reserving && error instanceof Contention) return false;
    throw error;
  }
}

/** The booked time of an order that holds one: its start and end, between its two people. */
export function bookedTime(order: OrderRecord): bookings.BookedTime | undefined {
  const end = sessionEndMs(order);
  if (!holdsTime(order) || order.scheduledDate === undefined || end === undefined) return undefined;
  return {
    orderId: order.orderId,
    expertId: order.expertId,
    studentId: order.studentId,
    start: order.scheduledDate,
    end: new Date(end).toISOString(),
    title: `Order #${order.orderNumber}: ${order.offerTitle}`,
  };
}

/** The calendar writes of a move: reserve the time it makes binding (or moves), free the time it gives up. */
async function bookingWrites(before: OrderRecord, after: OrderRecord): Promise<repo.OrderWrite[]> {
  const held = bookedTime(before);
  const holding = bookedTime(after);
  if (holding && (!held || held.start !== holding.start || held.end !== holding.end)) return bookings.reserve(holding, held);
  if (held && !holding) return bookings.release(held);
  return [];
}
