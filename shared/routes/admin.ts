import {
  adminCreateUserSchema,
  adminUpdateUserSchema,
  adminUsersQuery,
  banUserSchema,
  secondFactorChangeSchema,
  secondFactorConfirmSchema,
  verifyExpertSchema,
} from '../schemas/admin';
import { auditQuery } from '../schemas/audit';
import { emptyBody } from '../schemas/common';
import { adminReportsQuery, resolveReportSchema } from '../schemas/reports';
import { type Route, r } from './route';

/** The admin Lambda's (spec 2 section 7; admin login and refresh are the auth Lambda's). */
export const ADMIN_ROUTES = [
  r('GET', '/admin/users', 'admin', 'admin', { query: adminUsersQuery }),
  r('GET', '/admin/archived-users', 'admin', 'admin', { query: adminUsersQuery }),
  r('DELETE', '/admin/users/{id}', 'admin', 'admin'),
  r('PATCH', '/admin/update-user/{id}', 'admin', 'admin', { body: adminUpdateUserSchema }),
  r('POST', '/admin/ban-user/{id}', 'admin', 'admin', { body: banUserSchema }),
  // What a ban would refund, shown before the admin confirms it (the admin issue).
  r('GET', '/admin/users/{id}/ban-preview', 'admin', 'admin'), // (added)
  r('POST', '/admin/unban-user/{id}', 'admin', 'admin', { body: emptyBody }),
  r('POST', '/admin/restore-user/{id}', 'admin', 'admin', { body: emptyBody }),
  r('POST', '/admin/create-user', 'admin', 'admin', { body: adminCreateUserSchema }),
  // The Verified badge, granted with a note of what was checked, and withdrawn (the admin issue).
  r('POST', '/admin/users/{id}/verify', 'admin', 'admin', { body: verifyExpertSchema }), // (added)
  // An admin changes their own authenticator secret: proven, then confirmed by a code of the new one (docs/decisions.md 211).
  r('POST', '/admin/second-factor', 'admin', 'admin', { body: secondFactorChangeSchema }), // (added)
  r('POST', '/admin/second-factor/confirm', 'admin', 'admin', { body: secondFactorConfirmSchema }), // (added)
  r('DELETE', '/admin/users/{id}/verify', 'admin', 'admin'), // (added)
  r('GET', '/admin/statistics', 'admin', 'admin'),
  // The audit log of every admin action (the admin issue).
  r('GET', '/admin/audit', 'admin', 'admin', { query: auditQuery }), // (added)
  r('GET', '/admin/reports', 'admin', 'admin', { query: adminReportsQuery }), // (added)
  r('POST', '/admin/reports/{id}/resolve', 'admin', 'admin', { body: resolveReportSchema }), // (added)
] as const satisfies readonly Route[];
