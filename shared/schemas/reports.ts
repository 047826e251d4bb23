/**
 * Reports of content (the admin issue): a member reports a message, a review or an offer; admins
 * work the queue of reported items (decisions 171 to 174). Request schemas and the views answered.
 */
import * as z from 'zod/mini';
import { REPORTS } from '../limits';
import { MSG } from '../texts';
import { cursor } from './chats';
import { stripMarkup } from '../markup';
import { stepUpCode } from './admin';
import { withoutControlCharacters } from './common';

export const REPORT_TARGETS = ['message', 'review', 'offer'] as const;
export type ReportTargetType = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['spam', 'abuse', 'fraud', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the reporting dialog and the queue call each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse or harassment',
  fraud: 'Fraud or scam',
  inappropriate: 'Inappropriate content',
  other: 'Something else',
};

/** What an admin decides of a reported item: hide it, warn its author, ban its author (decision 221), or dismiss the reports. */
export const REPORT_ACTIONS = ['hide', 'warn', 'ban', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** An optional note: markup stripped, trimmed, at most the notes' cap (its own message, the dialog shows it). */
const note = z.optional(
  z
    .string({ error: MSG.reportNoteTooLong })
    .check(
      withoutControlCharacters('several'),
      z.maxLength(REPORTS.noteMax * 4, MSG.reportNoteTooLong),
      z.overwrite(stripMarkup),
      z.maxLength(REPORTS.noteMax, MSG.reportNoteTooLong),
    ),
);

const id = (message: string) => z.string({ error: message }).check(z.regex(/^[\w-]{1,64}$/, message));

/** POST /reports: the item (a message names its conversation, a review its offer), a reason, an optional note. */
export const reportSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: MSG.reportTargetInvalid }),
  targetId: id(MSG.reportTargetInvalid),
  chatId: z.optional(id(MSG.reportChatRequired)),
  offerId: z.optional(id(MSG.reportOfferRequired)),
  reason: z.enum(REPORT_REASONS, { error: MSG.reportReasonInvalid }),
  note,
});
export type ReportBody = z.output<typeof reportSchema>;

/** GET /admin/reports: open (oldest first) or resolved (latest first), a page after `cursor`. */
export const adminReportsQuery = z.object({ status: z.optional(z.enum(REPORT_STATUSES, { error: MSG.invalidFilter })), cursor });

/** POST /admin/reports/{id}/resolve: the admin's decision, with an optional note for the record. */
export const resolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: MSG.reportActionInvalid }),
  note,
  /** A ban that refunds orders moves money: the admin's code again, as for the users page's Ban (decision 265). */
  code: stepUpCode,
});

export interface PersonRef {
  _id: string;
  firstName: string;
  lastName: string;
}

/**
 * The reported item's author: their address and whether they are banned as the account is now,
 * absent once an admin archived the account or it was deleted (its row is then not among the members).
 */
export interface ReportAuthorView extends PersonRef {
  email?: string;
  isBanned?: boolean;
}

/** One member's report of the item. */
export interface ReportEntryView {
  reporter: PersonRef;
  reason: ReportReason;
  note?: string;
  createdAt: string;
}

/**
 * One reported item as the queue shows it: the content as reported (kept, so an edit or a deletion
 * by its author does not erase the evidence), its author, every report of it and how many there are.
 */
export interface ReportCaseView {
  _id: string;
  status: ReportStatus;
  target: { type: ReportTargetType; _id: string; chatId?: string; offerId?: string };
  content: string;
  author: ReportAuthorView;
  reports: ReportEntryView[];
  reportCount: number;
  createdAt: string;
  resolution?: { action: ReportAction; note?: string; at: string; admin: string };
}

export interface ReportCasePage {
  cases: ReportCaseView[];
  nextCursor?: string;
}
