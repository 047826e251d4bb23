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
 * - problem_reported: either side reported a problem; an admin releases or refunds the payment;
 * - closed: done (the work approved, or the session held): the expert is credited;
 * - canceled: cancelled, refunded where it was paid.
 * The spec's booleans (isServiceInProgress, isOrderClosed, ...) are derived from it for the API.
 */
import * as z from 'zod/mini';
import { LIMITS, ORDER_RULES } from '../limits';
import { stepUpCode } from './admin';
import { plainText } from './common';
import type { OrderKind } from '../order-transitions';
import { uploadKey } from './offers';
import { MSG } from '../texts';
import type { ConversationEntry } from './chats';

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
 * The student's proposal: a start and 1 to 8 hours for an hourly call, a start alone for a
 * fixed-price call (its offer says how long), or a start with `freeIntro` for the free 30-minute
 * introduction (on any offer of the expert). The server asks an hourly call for its hours.
 */
export const scheduleSchema = z.union([
  z.object({ scheduledDate: sessionStart, freeIntro: z.literal(true) }),
  z.object({ scheduledDate: sessionStart, scheduledHours: z.optional(sessionHours), freeIntro: z.optional(z.literal(false)) }),
]);

/** The expert's counter-proposal: another start, and for hourly calls another number of hours. */
export const counterScheduleSchema = z.object({ scheduledDate: sessionStart, scheduledHours: z.optional(sessionHours) });

export const handleProjectSchema = z.object({ action: z.enum(['approve', 'request_revision']) });

/** The expert's decision on a late cancellation: the share of the payment refunded, in whole percent. */
export const refundDecisionSchema = z.object({
  refundPercent: z.int({ error: MSG.refundPercentRange }).check(z.gte(0, MSG.refundPercentRange), z.lte(100, MSG.refundPercentRange)),
});

/** Moving a paid session: a new start at least 24 hours ahead, which the other side accepts or declines. */
export const rescheduleSchema = z.object({ scheduledDate: sessionStart });

/** A problem with an order (a no-show, work not as agreed): the order waits for an admin. */
export const reportProblemSchema = z.object({ reason: plainText(MSG.problemReasonRequired, LIMITS.textCap, 'several') });

/** The admin's decision on a reported order: release the payment to the expert, or refund a share of it. */
export const resolveProblemSchema = z.union([
  z.object({ decision: z.literal('release') }),
  z.object({
    decision: z.literal('refund'),
    refundPercent: z.int({ error: MSG.refundPercentRange }).check(z.gte(1, MSG.refundPercentRange), z.lte(100, MSG.refundPercentRange)),
    code: stepUpCode,
  }),
]);

/** The project file types accepted, told apart by their content (functions/platform/uploads.ts). */
export const PROJECT_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
] as const;

/** Asking for a form to upload a project file straight to storage: what the browser says it is; the object is checked after. */
export const projectUploadSchema = z.object({
  fileName: plainText(MSG.projectFileRequired, ORDER_RULES.projectFileNameMax),
  contentType: z.enum(PROJECT_FILE_TYPES, { error: MSG.projectFileType }),
  size: z.int({ error: MSG.projectFileTooLarge }).check(z.gte(1, MSG.projectFileRequired), z.lte(ORDER_RULES.projectFileMaxBytes, MSG.projectFileTooLarge)),
});

/** Submitting the project uploaded through the form: its key, checked by content before it counts. */
export const confirmProjectUploadSchema = z.object({ key: uploadKey });

/** A reported order as the admin's problems page lists it. */
export interface ReportedOrder {
  chatId: string;
  orderNumber: number;
  offerTitle: string;
  orderKind: OrderKind;
  student: { _id: string; firstName: string; lastName: string };
  professor: { _id: string; firstName: string; lastName: string };
  /** Euros paid. */
  paymentAmount: number;
  /** A side, or `admin`: a ban after a session both sides attended (docs/rooms.md). */
  reportedBy: 'user' | 'professor' | 'admin';
  reason: string;
  reportedAt: string;
  hasProjectFile: boolean;
  /** A no-show report (docs/rooms.md): who was reported absent, and whether they contested it or connected after it. */
  noShow?: { absent: 'user' | 'professor'; contestedAt?: string; attendedAt?: string };
}

/**
 * A reported order as the admin decides it (GET /admin/problems/{id}): the report, a page of its
 * conversation (oldest first; `hasMore`: older messages exist, asked for with `before`), and the
 * delivered file through a short-lived signed address.
 */
export interface ReportedOrderDetail {
  report: ReportedOrder;
  messages: ConversationEntry[];
  hasMore: boolean;
  /** The delivered project: its stored name and an address downloading it for the next 5 minutes. Absent when nothing was delivered. */
  projectFile?: { name: string; url: string };
}
