/**
 * A member's data export (GET and POST /user/export, decisions 200 and 201): a request built by a
 * job, where it stands and, once built, its short-lived address.
 */

/** Where a request stands: building, then ready or failed (functions/contexts/privacy/data-export.ts holds the moves). */
export const DATA_EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;
export type DataExportRequestStatus = (typeof DATA_EXPORT_STATUSES)[number];

export interface DataExportStatus {
  msg: string;
  /** `none`: never requested, or the last copy is no longer kept. */
  status: 'none' | DataExportRequestStatus;
  /** The request: a second one while it builds answers the same. */
  requestId?: string;
  requestedAt?: string;
  /** When it was built (ready). */
  createdAt?: string;
  /** A signed address of the JSON file, valid until expiresAt (ready). */
  url?: string;
  expiresAt?: string;
}
