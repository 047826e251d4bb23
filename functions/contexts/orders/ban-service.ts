/**
 * A member banned (docs/decisions.md): their paid orders not yet delivered, on either side, are
 * cancelled and refunded in full. The ban writes the cancellations; each refund is then due work of
 * the deadlines job (the orders Lambda holds the payment provider), made once under the order's own
 * refund key and retried until it goes through, so that a refund failing never leaves a ban half done.
 */
import type { BanPreviewOrder } from '../../../shared/schemas/admin';
import { nowIso } from '../../platform/clock';
import { Conflict } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { conversationIdsOf } from '../chats/service';
import { move } from './move';
import { BANNED_REFUNDED, type OrderRecord } from './order';
import * as repo from './repository';

const ATTEMPTS = 3;

const refundedOnBan = (order: OrderRecord) => BANNED_REFUNDED.includes(order.status) && order.payment !== undefined;

async function ordersRefundedOnBan(userId: string): Promise<OrderRecord[]> {
  const orders = await repo.getOrders(await conversationIdsOf(userId));
  return orders.filter(refundedOnBan).sort((a, b) => a.orderNumber - b.orderNumber);
}

/** What the admin sees before confirming a ban: the orders it refunds, and how much each. */
export async function banPreview(userId: string): Promise<BanPreviewOrder[]> {
  return (await ordersRefundedOnBan(userId)).map((order) => ({
    _id: order.orderId,
    orderNumber: order.orderNumber,
    offerTitle: order.offerTitle,
    side: order.studentId === userId ? ('student' as const) : ('expert' as const),
    refundCents: order.payment?.amountCents ?? 0,
  }));
}

/** Cancels, refund decided in full, each paid order of the banned member not yet delivered; answers how many. */
export async function cancelOrdersOfBanned(userId: string): Promise<number> {
  let canceled = 0;
  for (const found of await ordersRefundedOnBan(userId)) {
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
