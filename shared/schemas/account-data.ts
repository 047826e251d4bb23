/** A member's data export (GET and POST /user/export): where it stands and, once built, its short-lived address. */
export interface DataExportStatus {
  msg: string;
  status: 'none' | 'ready';
  /** When it was built. */
  createdAt?: string;
  /** A signed address of the JSON file, valid until expiresAt. */
  url?: string;
  expiresAt?: string;
}
