import type { BanPreview } from '@shared/schemas/admin';
import { api } from '@/lib/api-client';

/** GET /admin/users/{id}/ban-preview: the paid orders not yet delivered a ban would refund in full. */
export const getBanPreview = (id: string): Promise<BanPreview> => api.call('GET /api/admin/users/{id}/ban-preview', { params: { id } });

/**
 * POST /admin/ban-user/{id} {reason?, code?}: the member is signed out at once and mailed the reason. A ban that refunds
 * orders moves money: the code of the admin's authenticator goes with it when given (step_up_required asks for it).
 */
export const banUser = (id: string, reason: string, code?: string) =>
  api.call('POST /api/admin/ban-user/{id}', { params: { id }, body: { ...(reason && { reason }), ...(code && { code }) } });

/** POST /admin/unban-user/{id}. */
export const unbanUser = (id: string) => api.call('POST /api/admin/unban-user/{id}', { params: { id } });
