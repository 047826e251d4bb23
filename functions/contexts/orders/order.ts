/**
 * The order entity: what a student books in a conversation about an offer (one conversation, one
 * order). Its record, its item (toOrderItem / fromOrderItem are the only places that know its shape),
 * its one status with the table of who may move it where, and the spec's booleans derived from it.
 */
import * as z from 'zod/mini';
import { type Cents, cents } from '../../../shared/money';
import type { OrderState } from '../../../shared/schemas/chats';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/schemas/orders';
import { PRICING_TYPES } from '../../../shared/schemas/offers';
import { orderKey } from '../../platform/keys';

export type { OrderStatus };

export interface OrderRecord {
  /** The conversation's id: one conversation, one order. */
  orderId: string;
  /** Unique and readable, shown as "Order #<number>". */
  orderNumber: number;
  offerId: string;
  studentId: string;
  expertId: string;
  /** The offer's pricing when the conversation started: hourly orders are scheduled before payment. */
  pricingType: (typeof PRICING_TYPES)[number];
  status: OrderStatus;
  scheduledDate?: string;
  scheduledHours?: number;
  /** The delivered project's file, once submitted. */
  submissionFile?: string;
  /** What the student paid, once paid. */
  paymentAmountCents?: Cents;
  createdAt: string;
  updatedAt?: string;
}

/** Who moves an order: its two participants, or the payment provider confirming a payment. */
export type OrderActor = 'student' | 'expert' | 'payment';
export type OrderAction = 'schedule' | 'confirmSchedule' | 'pay' | 'submit' | 'approve' | 'requestRevision' | 'cancel';

interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: readonly OrderActor[];
  /** A further condition on the order itself. */
  when?: (order: OrderRecord) => boolean;
}

/**
 * Every move an order can make (spec 2 sections 3 and 4). Each is written with a condition on the
 * status it starts from, so two moves at once never both land.
 */
export const ORDER_TRANSITIONS: Record<OrderAction, Transition> = {
  // The student proposes a date and hours; the expert may suggest another time. Before payment only.
  schedule: { from: ['open', 'scheduled', 'confirmed'], to: 'scheduled', by: ['student', 'expert'], when: (order) => order.pricingType === 'hourly' },
  confirmSchedule: { from: ['scheduled'], to: 'confirmed', by: ['expert'] },
  // A fixed-price order is paid from the start; an hourly one once its schedule is confirmed.
  pay: { from: ['open', 'confirmed'], to: 'in_progress', by: ['payment'], when: (order) => order.pricingType === 'fixed' || order.status === 'confirmed' },
  submit: { from: ['in_progress', 'revision_requested'], to: 'submitted', by: ['expert'] },
  approve: { from: ['submitted'], to: 'closed', by: ['student'] },
  requestRevision: { from: ['submitted'], to: 'revision_requested', by: ['student'] },
  // The student cancels the service until it is delivered (a paid one is refunded: the orders issue).
  cancel: { from: ['open', 'scheduled', 'confirmed', 'in_progress'], to: 'canceled', by: ['student'] },
};

/** The status an action moves the order to, or undefined when this actor may not take it now. */
export function nextStatus(order: OrderRecord, action: OrderAction, actor: OrderActor): OrderStatus | undefined {
  const transition = ORDER_TRANSITIONS[action];
  const allowed = transition.by.includes(actor) && transition.from.includes(order.status) && (transition.when?.(order) ?? true);
  return allowed ? transition.to : undefined;
}

/** A closed or cancelled order's conversation is archived: asking about the offer again opens a new one. */
export const isFinished = (status: OrderStatus): boolean => status === 'closed' || status === 'canceled';

const DELIVERING: readonly OrderStatus[] = ['in_progress', 'submitted', 'revision_requested'];
const SCHEDULE_CONFIRMED: readonly OrderStatus[] = ['confirmed', 'in_progress', 'submitted', 'revision_requested', 'closed'];

/** The spec's order fields, derived from the status. */
export function toOrderState(order: OrderRecord): OrderState {
  return {
    isServiceInProgress: DELIVERING.includes(order.status),
    isOrderClosed: order.status === 'closed',
    isOrderCanceled: order.status === 'canceled',
    isScheduleConfirmed: order.scheduledDate !== undefined && SCHEDULE_CONFIRMED.includes(order.status),
    ...(order.scheduledDate !== undefined && { scheduledDate: order.scheduledDate }),
    ...(order.scheduledHours !== undefined && { scheduledHours: order.scheduledHours }),
    projectSubmission: projectSubmissionOf(order),
  };
}

function projectSubmissionOf(order: OrderRecord): OrderState['projectSubmission'] {
  const file = order.submissionFile === undefined ? {} : { file: order.submissionFile };
  switch (order.status) {
    case 'submitted':
      return { status: 'submitted', ...file };
    case 'revision_requested':
      return { status: 'revision_requested', ...file };
    case 'closed':
      return order.submissionFile === undefined ? { status: 'none' } : { status: 'approved', ...file };
    default:
      return { status: 'none' };
  }
}

const orderItem = z.object({
  orderId: z.string(),
  orderNumber: z.number(),
  offerId: z.string(),
  studentId: z.string(),
  expertId: z.string(),
  pricingType: z.enum(PRICING_TYPES),
  status: z.enum(ORDER_STATUSES),
  scheduledDate: z.optional(z.string()),
  scheduledHours: z.optional(z.number()),
  submissionFile: z.optional(z.string()),
  paymentAmountCents: z.optional(z.number()),
  createdAt: z.string(),
  updatedAt: z.optional(z.string()),
});

export const toOrderItem = (order: OrderRecord) => ({ ...orderKey(order.orderId), ...order });

export function fromOrderItem(item: Record<string, unknown>): OrderRecord {
  const { paymentAmountCents, ...order } = orderItem.parse(item);
  return { ...order, ...(paymentAmountCents !== undefined && { paymentAmountCents: cents(paymentAmountCents) }) };
}
