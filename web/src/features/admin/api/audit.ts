import type { AuditAction, AuditPage } from '@shared/schemas/audit';
import { api } from '@/lib/api-client';

export interface AuditFilters {
  action?: AuditAction;
  adminId?: string;
  targetId?: string;
}

/** GET /admin/audit: a page of admin actions, newest first, narrowed by the filters given. */
export const getAuditLog = (filters: AuditFilters, cursor?: string): Promise<AuditPage> => api.call('GET /api/admin/audit', { query: { ...filters, cursor } });
