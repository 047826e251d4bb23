import type { AdminUsersPage } from '@shared/schemas/admin';
import { adminCreateUserSchema, verifyExpertSchema } from '@shared/schemas/admin';
import { api } from '@/lib/api-client';

export { adminCreateUserSchema, verifyExpertSchema };

export type UserFilters = { q?: string; role?: 'user' | 'professor'; banned?: 'true' | 'false' };

/** GET /admin/users or /admin/archived-users: a page of members, newest first, searched and filtered. */
export const getAdminUsers = (archived: boolean, filters: UserFilters, cursor?: string): Promise<AdminUsersPage> =>
  api.call(archived ? 'GET /api/admin/archived-users' : 'GET /api/admin/users', { query: { ...filters, cursor } });

/** PATCH /admin/update-user/{id}: only the fields that changed. */
export const updateAdminUser = (id: string, body: { firstName?: string; lastName?: string; role?: 'user' | 'professor' }) =>
  api.call('PATCH /api/admin/update-user/{id}', { params: { id }, body });

/** DELETE /admin/users/{id}: archives the member (restorable). */
export const archiveAdminUser = (id: string) => api.call('DELETE /api/admin/users/{id}', { params: { id } });

/** POST /admin/restore-user/{id}. */
export const restoreAdminUser = (id: string) => api.call('POST /api/admin/restore-user/{id}', { params: { id } });

/** POST /admin/users/{id}/verify {note} and DELETE /admin/users/{id}/verify: the Verified badge. */
export const verifyExpert = (id: string, note: string) => api.call('POST /api/admin/users/{id}/verify', { params: { id }, body: { note } });
export const unverifyExpert = (id: string) => api.call('DELETE /api/admin/users/{id}/verify', { params: { id } });

/** POST /admin/create-user: an active student whose password is temporary. */
export const createAdminUser = (body: { firstName: string; lastName: string; email: string; password: string }) =>
  api.call('POST /api/admin/create-user', { body });

/** GET /admin/users/{id}/orders: the member's orders as their history shows them, latest activity first. */
export const getMemberOrders = (id: string, cursor?: string) => api.call('GET /api/admin/users/{id}/orders', { params: { id }, query: { cursor } });
