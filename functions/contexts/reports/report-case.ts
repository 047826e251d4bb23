/**
 * A report case (decision 172): one reported item (a message, a review, an offer) with every
 * member's report of it, open until an admin resolves them together. toReportCaseItem /
 * fromReportCaseItem are the only places that know its item; the view is an allowlist.
 */
import * as z from 'zod/mini';
import {
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  type ReportAction,
  type ReportCaseView,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '../../../shared/schemas/reports';
import { reportCaseKey, reportCaseStatusIndex } from '../../platform/keys';

export interface ReportEntry {
  reporterId: string;
  reporterFirstName: string;
  reporterLastName: string;
  reason: ReportReason;
  note?: string;
  createdAt: string;
}

export interface Resolution {
  action: ReportAction;
  note?: string;
  adminId: string;
  adminEmail: string;
}

export interface ReportCaseRecord {
  caseId: string;
  status: ReportStatus;
  targetType: ReportTargetType;
  targetId: string;
  /** A message's conversation. */
  chatId?: string;
  /** A review's offer. */
  offerId?: string;
  /** A review's order: the key it is hidden by; never shown. */
  orderId?: string;
  /** The content as the first reporter saw it. */
  content: string;
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  /** Reports by reporter: one each while the case is open. */
  reports: Record<string, ReportEntry>;
  /** Every report, those past the ones kept in full included. */
  reportCount: number;
  createdAt: string;
  resolvedAt?: string;
  resolution?: Resolution;
}

/** The case's one move: an admin resolves it. */
export const REPORT_TRANSITIONS: Record<ReportStatus, readonly ReportStatus[]> = { open: ['resolved'], resolved: [] };

/** Where a case sits in its status's list: open ones by their first report, resolved ones by their resolution. */
export const listedAt = (record: Pick<ReportCaseRecord, 'status' | 'createdAt' | 'resolvedAt'>) =>
  record.status === 'open' ? record.createdAt : (record.resolvedAt ?? record.createdAt);

export const toReportCaseItem = (record: ReportCaseRecord) => ({
  ...reportCaseKey(record.caseId),
  ...reportCaseStatusIndex(record.status, listedAt(record), record.caseId),
  ...record,
});

const entryItem = z.object({
  reporterId: z.string(),
  reporterFirstName: z.string(),
  reporterLastName: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.optional(z.string()),
  createdAt: z.string(),
});

const caseItem: z.ZodMiniType<ReportCaseRecord> = z.object({
  caseId: z.string(),
  status: z.enum(REPORT_STATUSES),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  chatId: z.optional(z.string()),
  offerId: z.optional(z.string()),
  orderId: z.optional(z.string()),
  content: z.string(),
  authorId: z.string(),
  authorFirstName: z.string(),
  authorLastName: z.string(),
  reports: z.record(z.string(), entryItem),
  reportCount: z.number(),
  createdAt: z.string(),
  resolvedAt: z.optional(z.string()),
  resolution: z.optional(z.object({ action: z.enum(REPORT_ACTIONS), note: z.optional(z.string()), adminId: z.string(), adminEmail: z.string() })),
});

export const fromReportCaseItem = (item: Record<string, unknown>): ReportCaseRecord => caseItem.parse(item);

/** The case as the queue shows it, with its author's address and ban as their account is now (absent: archived or deleted). */
export function toReportCaseView(record: ReportCaseRecord, author?: { email: string; isBanned: boolean }): ReportCaseView {
  const reports = Object.values(record.reports).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return {
    _id: record.caseId,
    status: record.status,
    target: {
      type: record.targetType,
      _id: record.targetId,
      ...(record.chatId !== undefined && { chatId: record.chatId }),
      ...(record.offerId !== undefined && { offerId: record.offerId }),
    },
    content: record.content,
    author: { _id: record.authorId, firstName: record.authorFirstName, lastName: record.authorLastName, ...author },
    reports: reports.map((entry) => ({
      reporter: { _id: entry.reporterId, firstName: entry.reporterFirstName, lastName: entry.reporterLastName },
      reason: entry.reason,
      ...(entry.note && { note: entry.note }),
      createdAt: entry.createdAt,
    })),
    reportCount: record.reportCount,
    createdAt: record.createdAt,
    ...(record.resolution &&
      record.resolvedAt && {
        resolution: {
          action: record.resolution.action,
          ...(record.resolution.note && { note: record.resolution.note }),
          at: record.resolvedAt,
          admin: record.resolution.adminEmail,
        },
      }),
  };
}
