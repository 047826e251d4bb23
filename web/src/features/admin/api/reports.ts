import type { ReportAction, ReportCasePage, ReportStatus } from '@shared/schemas/reports';
import { api } from '@/lib/api-client';

/** GET /admin/reports: open reported items oldest first, or resolved ones latest first, a page at a time. */
export const getReportCases = (status: ReportStatus, cursor?: string): Promise<ReportCasePage> =>
  api.call('GET /api/admin/reports', { query: { status, cursor } });

/**
 * POST /admin/reports/{id}/resolve: hide the content, warn or ban its author, or dismiss the reports, all of the item's
 * together. A ban that refunds orders moves money: the code of the admin's authenticator goes with it when given.
 */
export const resolveReportCase = (id: string, action: ReportAction, note: string, code?: string) =>
  api.call('POST /api/admin/reports/{id}/resolve', { params: { id }, body: { action, ...(note && { note }), ...(code && { code }) } });
