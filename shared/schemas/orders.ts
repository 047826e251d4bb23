/**
 * An order's one status (spec 2 sections 3 and 4). A conversation about an offer is one order:
 * - open: talking, nothing booked;
 * - scheduled: the student proposed a date and hours (hourly offers), not confirmed yet;
 * - confirmed: the expert confirmed the schedule; the student can pay;
 * - in_progress: paid, the service is being delivered;
 * - submitted: the expert delivered the project; the student approves it or asks for changes;
 * - revision_requested: the student asked for changes; the expert submits again;
 * - closed: the student approved the work (the expert is credited);
 * - canceled: cancelled before it was delivered.
 * The spec's booleans (isServiceInProgress, isOrderClosed, ...) are derived from it for the API.
 */
export const ORDER_STATUSES = ['open', 'scheduled', 'confirmed', 'in_progress', 'submitted', 'revision_requested', 'closed', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
