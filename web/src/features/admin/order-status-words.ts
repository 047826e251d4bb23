import type { OrderStatus } from '@shared/order-transitions';

/** An order's status in the admin's words: the payments and a member's orders. */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  open: 'Open',
  scheduled: 'Time proposed',
  countered: 'Other time proposed',
  confirmed: 'Time agreed',
  in_progress: 'In progress',
  submitted: 'Delivered',
  revision_requested: 'Changes asked',
  refund_pending: 'Refund to decide',
  problem_reported: 'Problem reported',
  closed: 'Completed',
  canceled: 'Cancelled',
};
