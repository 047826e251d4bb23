/** Rules of a chat's order state that the server and the messages page both apply (spec 2 sections 2 and 4). */
import type { OrderState } from './schemas/chats';

/** A closed or cancelled order's conversation is archived: asking about the offer again opens a new one. */
export const isArchived = (order: Pick<OrderState, 'isOrderClosed' | 'isOrderCanceled'>): boolean => order.isOrderClosed || order.isOrderCanceled;
