/**
 * Nothing waits forever: the deadlines of the terms, run by a scheduled job (an EventBridge rule on
 * AWS, a timer and the test clock locally). Each order due is moved by the `system` actor through
 * the same status table and the same conditional transactions as the participants' moves, so a
 * deadline racing a participant's own move lands once or not at all.
 */
import { ORDER_RULES } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import { nowIso, nowMs } from '../../platform/clock';
import { Conflict } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { announcement } from '../realtime/service';
import { sessionStartMs } from '../../../shared/order-transitions';
import { deadlineOf, type OrderRecord, remindersPassed } from './order';
import { checkoutPaidMeanwhile, completeRefund } from './payment-service';
import * as repo from './repository';
import { closeWithCredit, move } from './lifecycle-service';
import { payOutHeld, sendTransfer, settleTransfer, warnHolding } from './transfer-service';
import { reverse } from './dispute-service';

/** Orders handled per run; the next run takes the rest. */
const BATCH = 100;

/** Applies one order's due deadline; false when it was not due (any more), or moved meanwhile. */
async function applyDeadline(order: OrderRecord): Promise<boolean> {
  const due = deadlineOf(order);
  if (!due || due.at > nowMs()) return false;
  const at = nowIso();
  switch (due.action) {
    case 'refund':
      await completeRefund(order);
      return true;
    case 'decideRefund': {
      // No decision within 48 hours: the refund is full.
      const cancellation = { by: order.cancellation?.by ?? 'student', at: order.cancellation?.at ?? at, refundCents: order.payment?.amountCents };
      await completeRefund(await move(order, { action: 'decideRefund', actor: 'system', changes: { cancellation } }));
      return true;
    }
    // Nothing delivered in time (at all, or again after a request for changes), or the expert reported absent and nobody
    // contested it (docs/rooms.md): refunded in full.
    case 'cancelRefunded':
    case 'refundRevision':
    case 'noShowRefund': {
      const canceled = await move(order, {
        action: due.action,
        actor: 'system',
        changes: { cancellation: { by: 'system', at, refundCents: order.payment?.amountCents } },
      });
      await completeRefund(canceled);
      return true;
    }
    case 'expireHold':
      await expireHold(order);
      return true;
    case 'remind':
      await remind(order);
      return true;
    // Approved by itself, the session held, or the student reported absent and nobody contested it: the expert is credited.
    case 'approve':
    case 'completeSession':
    case 'noShowRelease':
      await closeWithCredit(order, due.action, 'system');
      return true;
    case 'transfer':
      await sendTransfer(order);
      return true;
    case 'settle':
      await settleTransfer(order);
      return true;
    case 'reverse':
      await reverse(order);
      return true;
    case 'holdingWarning':
      await warnHolding(order);
      return true;
    case 'holdingPayout':
      await payOutHeld(order);
      return true;
    default:
      logger.error('A deadline without a handler', { orderId: order.orderId, action: due.action });
      return false;
  }
}

/**
 * Reminds both sides of a booked session (the notifications function mails the notice): the most
 * imminent reminder whose moment has passed. A run late past the start sends none and stops asking.
 */
async function remind(order: OrderRecord): Promise<void> {
  const now = nowMs();
  const passed = remindersPassed(order, now);
  if (passed === undefined) return;
  const started = (sessionStartMs(order) ?? now) <= now;
  const remindedHours = started ? ORDER_RULES.reminderHours.at(-1) : passed;
  const event = announcement(
    [order.studentId, order.expertId],
    { type: 'orderChanged', chatId: order.orderId, orderStatus: order.status },
    {
      kind: 'sessionReminder',
      orderId: order.orderId,
      hours: passed,
    },
  );
  const write = repo.orderChange(order, { remindedHours }, nowIso());
  if (!(await repo.commitMove(started ? [write] : [write, event.put]))) throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
}

/**
 * A confirmed session left unpaid gives its time back (docs/bookings.md): an open checkout is
 * expired first, as a cancellation does; one paid a moment ago books the session instead. The order
 * is open again, its time freed in both calendars, and both sides are told.
 */
async function expireHold(order: OrderRecord): Promise<void> {
  if (await checkoutPaidMeanwhile(order)) return;
  await move(order, {
    action: 'expireHold',
    actor: 'system',
    changes: { scheduledDate: undefined, scheduledHours: undefined, bookingRevision: order.bookingRevision + 1 },
  });
}

/** Deadlines one order can have due at once (two reminders, then its completion): a run takes them in turn. */
const ROUNDS = 4;

/** Runs every deadline due now; answers how many deadlines were applied. A failure of one order never stops the others. */
export async function runDueDeadlines(): Promise<{ moved: number; failed: number }> {
  let moved = 0;
  let failed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const due = await repo.ordersDue(nowIso(), BATCH);
    let movedNow = 0;
    for (const order of due) {
      try {
        if (await applyDeadline(order)) movedNow++;
      } catch (error) {
        // Moved by a participant meanwhile: the next run reads it afresh.
        if (error instanceof Conflict) continue;
        failed++;
        logger.error('Deadline failed; retried on the next run', { orderId: order.orderId, error: error as Error });
      }
    }
    moved += movedNow;
    if (movedNow === 0) break;
  }
  return { moved, failed };
}
