/**
 * What other contexts ask of orders: a new order for a conversation with a unique, readable number,
 * an order by id or by number. It loads nothing of payments: the chats and websocket Lambdas use it,
 * and only the orders Lambda holds the payment provider (lifecycle-service.ts moves orders).
 */
import type { Cents } from '../../../shared/money';
import type { OrderKind } from '../../../shared/order-transitions';
import type { OrderRecord } from './order';
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
  /** A fixed-price call's length, from its offer. */
  durationMinutes?: number;
  createdAt: string;
}): Promise<OrderRecord> {
  return { ...fields, orderNumber: await nextOrderNumber(), status: 'open', bookingRevision: 0, version: 0 };
}

export const getOrder = repo.getOrder;
/** Orders by id (any order; the missing are left out). */
export const getOrders = repo.getOrders;

/** The writes that store a new order, for the transaction that opens its conversation. */
export const orderCreation = repo.orderPuts;

/** The order a number names, if any. */
export async function orderOfNumber(orderNumber: number): Promise<OrderRecord | undefined> {
  const orderId = await repo.orderIdOfNumber(orderNumber);
  return orderId === undefined ? undefined : repo.getOrder(orderId, { consistent: true });
}
export type OrderCreation = ReturnType<typeof orderCreation>;

/** How many orders were paid from the day `from` up to the day `to` (excluded): the admin's statistics. */
export const paidOrdersCountBetween = repo.paidOrdersCountBetween;
