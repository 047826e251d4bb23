/**
 * A member banned (docs/decisions.md): their paid orders not yet delivered, on either side, are
 * cancelled and refunded in full. The ban writes the cancellations; each refund is then due work of
 * the deadlines job (the orders Lambda holds the payment provider), made once under the order's own
 * refund key and retried until it goes through, so that a refund failing never leaves a ban half done.
 * A paid session that has begun and that both sides attended (the rooms context's record, handed in
 * by the caller) is not refunded: it goes to an admin as a problem (decision 262).
 */
import { nextStatus } from '../../../shared/order-transitions';
import type { BanPreview } from '../../../shared/schemas/admin';
import { MSG } from '../../../shared/texts';
import { nowIso, nowMs } from '../../platform/clock';
import { Conflict } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { conversationIdsOf } from '../chats/service';
import { move } from './move';
import { BANNED_REFUNDED, type OrderRecord } from './order';
import * as repo from './repository';

const ATTEMPTS = 3;

/** Whether both sides of a booked call attended it: the rooms context's record, handed in by the caller. */
export type BothAttended = (orderId: string) => Promise<boolean>;

const refundedOnBan = (order: OrderRecord) => BANNED_REFUNDED.includes(order.status) && order.payment !== undefined;

/** The ban's orders: those it cancels and refunds in full, and those it sends to an admin (a session held with both sides there). */
async function ordersOfBan(userId: string, bothAttended: BothAttended): Promise<{ refunded: OrderRecord[]; reported: OrderRecord[] }> {
  const orders = (await repo.getOrders(await conversationIdsOf(userId))).filter(refundedOnBan).sort((a, b) => a.orderNumber - b.orderNumber);
  const held = await Promise.all(orders.map((order) => heldWithBoth(order, bothAttended)));
  return { refunded: orders.filter((_, index) => !held[index]), reported: orders.filter((_, index) => held[index]) };
}

const heldWithBoth = async (order: OrderRecord, bothAttended: BothAttended) =>
  nextStatus(order, 'reportBanned', 'admin', nowMs()) !== undefined && (await bothAttended(order.orderId));

/** What the admin sees before confirming a ban: the orders it refunds, and how much each, and those it sends to an admin. */
export async function banPreview(userId: string, bothAttended: BothAttended): Promise<BanPreview> {
  const { refunded, reported } = await ordersOfBan(userId, bothAttended);
  const line = (order: OrderRecord) => ({
    _id: order.orderId,
    orderNumber: order.orderNumber,
    offerTitle: order.offerTitle,
    side: order.studentId === userId ? ('student' as const) : ('expert' as const),
  });
  return { orders: refunded.map((order) => ({ ...line(order), refundCents: order.payment?.amountCents ?? 0 })), reported: reported.map(line) };
}

/**
 * Cancels, refund decided in full, each paid order of the banned member not yet delivered, and sends
 * to an admin each paid session held with both sides there; answers how many it cancelled.
 */
export async function cancelOrdersOfBanned(userId: string, bothAttended: BothAttended): Promise<number> {
  let canceled = 0;
  const { refunded, reported } = await ordersOfBan(userId, bothAttended);
  for (const order of reported) await reportHeldSession(order);
  for (const found of refunded) {
    let order: OrderRecord | undefined = found;
    for (let attempt = 1; order && refundedOnBan(order) && attempt <= ATTEMPTS; attempt++) {
      try {
        const cancellation = { by: 'admin' as const, at: nowIso(), refundCents: order.payment?.amountCents };
        await move(order, { action: 'cancelBanned', actor: 'admin', changes: { cancellation } });
        canceled++;
        break;
      } catch (error) {
        if (!(error instanceof Conflict)) throw error;
        // Another move landed meanwhile: read the order again; delivered or cancelled since, it is left as it is.
        order = await repo.getOrder(order.orderId, { consistent: true });
        if (attempt === ATTEMPTS) logger.warn('Order of a banned member not cancelled', { orderId: found.orderId });
      }
    }
  }
  return canceled;
}

/** A session both sides attended, its member banned since: an admin decides what it is worth; moved already, it is left as it is. */
async function reportHeldSession(order: OrderRecord): Promise<void> {
  try {
    await move(order, { action: 'reportBanned', actor: 'admin', changes: { problem: { by: 'admin', reason: MSG.bannedAfterSession, at: nowIso() } } });
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    logger.warn('Session of a banned member not reported', { orderId: order.orderId });
  }
}
