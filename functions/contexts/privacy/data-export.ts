/**
 * A member's data export request (decisions 200 and 201): one per member, replaced by each new
 * request. It is asked for (building), then the jobs Lambda builds it into the private bucket
 * (ready) or gives up (failed); a finished one may be asked for again. Every move is a write
 * conditional on the status and the request it starts from, so a duplicated or late build lands
 * once, on its own request only.
 */
import * as z from 'zod/mini';
import { DATA_EXPORT_STATUSES, type DataExportRequestStatus } from '../../../shared/schemas/account-data';
import { RETENTION } from '../../../shared/limits';

export interface DataExportRecord {
  userId: string;
  requestId: string;
  status: DataExportRequestStatus;
  requestedAt: string;
  /** Ready: when it was built, and the file's key in the files bucket. */
  builtAt?: string;
  fileKey?: string;
  /** Failed: why, in the member's words (what they can do about it). */
  failure?: string;
}

/** From which statuses each status is reached: a new request once the last one has ended, its end from building only. */
export const DATA_EXPORT_TRANSITIONS: Record<DataExportRequestStatus, readonly (DataExportRequestStatus | 'none')[]> = {
  building: ['none', 'ready', 'failed'],
  ready: ['building'],
  failed: ['building'],
};

export const canMove = (from: DataExportRequestStatus | 'none', to: DataExportRequestStatus): boolean => DATA_EXPORT_TRANSITIONS[to].includes(from);

/** Where a request's document is kept: one file per request, so a late duplicate build never overwrites a newer one. */
export const exportFileKey = (userId: string, requestId: string) => `${RETENTION.exportPrefix}/${userId}/${requestId}.json`;

const DAY_MS = 86_400_000;

/** Whether a ready export's file is still kept (the bucket's lifecycle rule removes it after exportKeptDays). */
export const isStillKept = (record: DataExportRecord, nowMs: number): boolean =>
  record.builtAt !== undefined && Date.parse(record.builtAt) + RETENTION.exportKeptDays * DAY_MS > nowMs;

/** Whether a building request has lost its build: nothing ends it any more but this rule. */
export const isStale = (record: DataExportRecord, nowMs: number, staleAfterSeconds: number): boolean =>
  record.status === 'building' && Date.parse(record.requestedAt) + staleAfterSeconds * 1000 <= nowMs;

const dataExportItem: z.ZodMiniType<DataExportRecord> = z.object({
  userId: z.string(),
  requestId: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  builtAt: z.optional(z.string()),
  fileKey: z.optional(z.string()),
  failure: z.optional(z.string()),
});
export const fromDataExportItem = (item: Record<string, unknown>): DataExportRecord => dataExportItem.parse(item);
