/**
 * Nothing waits forever: the deadlines of the terms, run by a scheduled job (an EventBridge rule on
 * AWS, a timer and the test clock locally). Each order due is moved by the `system` actor through
 * the same status table and the same conditional transactions as the participants' moves, so a
 * deadline racing a participant's own move lands once or not at all.
 */
import { nowIso, nowMs } from '../../platform/clock';
import { Conflict } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { deadlineOf, type OrderRecord } from './order';
import { completeRefund } from './payment-service';
import * as repo from './repository';
import { creditOnCompletion, move } from './lifecycle-service';

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
    case 'cancelRefunded': {
      const canceled = await move(order, {
        action: 'cancelRefunded',
        actor: 'system',
        changes: { cancellation: { by: 'system', at, refundCents: order.payment?.amountCents } },
      });
      await completeRefund(canceled);
      return true;
    }
    case 'approve':
    case 'completeSession':
      await move(order, { action: due.action, actor: 'system', writes: creditOnCompletion(order) });
      return true;
    default:
      logger.error('A deadline without a handler', { orderId: order.orderId, action: due.action });
      return false;
  }
}

/** Runs every deadline due now; answers how many orders moved. A failure of one order never stops the others. */
export async function runDueDeadlines(): Promise<{ moved: number; failed: number }> {
  const due = await repo.ordersDue(nowIso(), BATCH);
  let moved = 0;
  let failed = 0;
  for (const order of due) {
    try {
      if (await applyDeadline(order)) moved++;
    } catch (error) {
      // Moved by a participant meanwhile: the next run reads it afresh.
      if (error instanceof Conflict) continue;
      failed++;
      logger.error('Deadline failed; retried on the next run', { orderId: order.orderId, error: error as Error });
    }
  }
  return { moved, failed };
}
