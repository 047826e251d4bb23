/**
 * The orders context's service: a new order for a conversation, with a unique, readable number.
 * Payment, delivery and approval (the orders issue) move orders through the status table of order.ts.
 */
import type { PRICING_TYPES } from '../../../shared/schemas/offers';
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
  studentId: string;
  expertId: string;
  pricingType: (typeof PRICING_TYPES)[number];
  createdAt: string;
}): Promise<OrderRecord> {
  return { ...fields, orderNumber: await nextOrderNumber(), status: 'open' };
}

export const getOrder = repo.getOrder;

/** The write that stores a new order, for the transaction that opens its conversation. */
export const orderCreation = repo.orderPut;
export type OrderCreation = ReturnType<typeof orderCreation>;
