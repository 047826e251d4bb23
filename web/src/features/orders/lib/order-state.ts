/**
 * Where an order of the history stands, in the words a student reads: "Session on 6 Dec 2026,
 * 10:00", "Delivered", "Refunded". Presentation only: whether it is booked and whether it awaits
 * its payment come from the order's rules in shared/.
 */
import { isBooked, nextStatus } from '@shared/order-transitions';
import type { OrderHistoryItem } from '@shared/schemas/earnings';
import { formatDateTime } from '@/lib/format-date';

/** The badge's colours: waiting on someone, under way, done, ended without completing, or a problem. */
export type StateTone = 'waiting' | 'active' | 'done' | 'ended' | 'problem';

export interface OrderState {
  label: string;
  tone: StateTone;
}

/** What the state reads of a row; `scheduledDate` is a booked session's start (UTC). */
type StateFacts = Pick<OrderHistoryItem, 'orderStatus' | 'orderKind' | 'paymentStatus' | 'total' | 'scheduledDate'>;

/** The state of an order, dates in the viewer's zone. */
export function orderState(order: StateFacts, now = Date.now()): OrderState {
  const facts = { status: order.orderStatus, kind: order.orderKind, ...(order.scheduledDate !== undefined && { scheduledDate: order.scheduledDate }) };
  switch (order.orderStatus) {
    case 'open':
    case 'confirmed':
      if (nextStatus(facts, 'pay', 'payment', now) !== undefined)
        return { label: order.total > 0 ? 'Awaiting payment' : 'Awaiting confirmation', tone: 'waiting' };
      return { label: order.orderStatus === 'open' ? 'Time to be agreed' : 'Time confirmed', tone: 'waiting' };
    case 'scheduled':
      return { label: 'Time proposed', tone: 'waiting' };
    case 'countered':
      return { label: 'New time suggested', tone: 'waiting' };
    case 'in_progress':
      if (!isBooked(facts)) return { label: 'In progress', tone: 'active' };
      return { label: order.scheduledDate ? `Session on ${formatDateTime(order.scheduledDate)}` : 'Session booked', tone: 'active' };
    case 'submitted':
      return { label: 'Delivered', tone: 'active' };
    case 'revision_requested':
      return { label: 'Changes requested', tone: 'active' };
    case 'refund_pending':
      return { label: 'Refund pending', tone: 'problem' };
    case 'problem_reported':
      return { label: 'Problem reported', tone: 'problem' };
    case 'closed':
      return { label: 'Completed', tone: 'done' };
    case 'canceled':
      return { label: order.paymentStatus === 'refunded' ? 'Refunded' : 'Cancelled', tone: 'ended' };
  }
}
