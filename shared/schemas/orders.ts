/**
 * Orders (spec 2 sections 3 to 5): an order's one status, its kinds, and the bodies of the calls
 * that move it. A conversation about an offer is one order:
 * - open: talking, nothing booked;
 * - scheduled: the student proposed a date (and hours); the expert confirms it or counters;
 * - countered: the expert proposed another date or number of hours; the student accepts or declines;
 * - confirmed: the schedule is agreed; the student pays;
 * - in_progress: paid (or a free introduction booked): the session is ahead, or the work under way;
 * - submitted: the expert delivered the project; the student approves it or asks for changes;
 * - revision_requested: the student asked for changes; the expert submits again;
 * - refund_pending: the student cancelled late; the expert decides the refund's share;
 * - closed: done (the work approved, or the session held): the expert is credited;
 * - canceled: cancelled, refunded where it was paid.
 * The spec's booleans (isServiceInProgress, isOrderClosed, ...) are derived from it for the API.
 */
import * as z from 'zod/mini';
import { ORDER_RULES } from '../limits';
import { MSG } from '../texts';

export const ORDER_STATUSES = [
  'open',
  'scheduled',
  'countered',
  'confirmed',
  'in_progress',
  'submitted',
  'revision_requested',
  'refund_pending',
  'closed',
  'canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What is booked: a fixed-price project, hourly sessions, or the free 30-minute introduction a
 * student may book once with each expert.
 */
export const ORDER_KINDS = ['fixed', 'hourly', 'intro'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * A session's start: an instant with the student's UTC offset, on a 30-minute step of the student's
 * own clock (the offset as sent: 10:30+05:45 is on the step in Kathmandu), seconds zero.
 */
const sessionStart = z.iso
  .datetime({ offset: true, error: MSG.chooseDateHours })
  .check(z.refine((value) => /T\d\d:(00|30)(:00(\.0+)?)?([+-]\d\d:\d\d|Z)$/.test(value), MSG.sessionStartStep));

const sessionHours = z
  .int({ error: MSG.chooseDateHours })
  .check(z.gte(ORDER_RULES.minHours, MSG.sessionHoursRange), z.lte(ORDER_RULES.maxHours, MSG.sessionHoursRange));

/**
 * The student's proposal: a start and 1 to 8 hours for an hourly offer, or a start alone with
 * `freeIntro` for the free 30-minute introduction (on any offer of the expert).
 */
export const scheduleSchema = z.union([
  z.object({ scheduledDate: sessionStart, freeIntro: z.literal(true) }),
  z.object({ scheduledDate: sessionStart, scheduledHours: sessionHours, freeIntro: z.optional(z.literal(false)) }),
]);

/** The expert's counter-proposal: another start, and for hourly sessions another number of hours. */
export const counterScheduleSchema = z.object({ scheduledDate: sessionStart, scheduledHours: z.optional(sessionHours) });

export const handleProjectSchema = z.object({ action: z.enum(['approve', 'request_revision']) });

/** The expert's decision on a late cancellation: the share of the payment refunded, in whole percent. */
export const refundDecisionSchema = z.object({
  refundPercent: z.int({ error: MSG.refundPercentRange }).check(z.gte(0, MSG.refundPercentRange), z.lte(100, MSG.refundPercentRange)),
});
