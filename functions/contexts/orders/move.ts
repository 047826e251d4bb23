/**
 * One move of an order through the status table of order.ts: a conditional transaction with its
 * event (and the writes given), refused with a stable code when the actor or the status does not
 * allow it. It loads nothing of payments, so that a Lambda without the provider (the admin's ban)
 * can move orders too.
 */
import { isBooked, nextStatus, ORDER_TRANSITIONS, type OrderAction, type OrderActor } from '../../../shared/order-transitions';
import { MSG } from '../../../shared/texts';
import { nowIso, nowMs } from '../../platform/clock';
import { Conflict, Forbidden } from '../../platform/errors';
import { announcement } from '../realtime/service';
import { dueAtOf, noticeOf, type OrderRecord, remindersPassed } from './order';
import * as repo from './repository';

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
  const now = nowMs();
  const to = nextStatus(order, action, actor, now);
  if (!to) throw refusal(action, actor);
  const at = nowIso();
  const moves = changes.scheduledDate !== undefined && changes.scheduledDate !== order.scheduledDate;
  const booked = to === 'in_progress' && (order.status !== 'in_progress' || moves);
  // A session booked or moved now: the reminders whose moment has passed are not sent (its own mail says as much).
  const all: repo.OrderChanges = booked && isBooked(order) ? { ...changes, remindedHours: remindersPassed({ ...order, ...changes }, now) } : changes;
  const moved: OrderRecord = { ...order, ...all, status: to, updatedAt: at, version: order.version + 1 };
  const dueAt = dueAtOf(moved);
  const notice = noticeOf(action, order, moved);
  const event = announcement(
    [order.studentId, order.expertId],
    { type: 'orderChanged', chatId: order.orderId, orderStatus: to },
    notice && { kind: notice, orderId: order.orderId },
  );
  if (!(await repo.commitMove([repo.orderMove(order, to, { ...all, dueAt }, at), event.put, ...writes])))
    throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
  await event.pushNow();
  return { ...moved, dueAt };
}
