/** admin Lambda: the admin area's users, statistics, audit log, reports queue and the admin's own authenticator secret. HTTP in, one service call, HTTP out. */
import * as audit from '../../contexts/audit/service';
import * as members from '../../contexts/accounts/member-admin-service';
import * as reports from '../../contexts/reports/service';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import { adminStatistics } from '../../contexts/statistics/service';
import * as bans from '../../contexts/accounts/ban-service';
import * as rooms from '../../contexts/rooms/service';
import * as secondFactor from '../../contexts/accounts/second-factor-change-service';
import { createDomainHandler } from '../../platform/http';
import { ADMIN_ROUTES } from '../../../shared/routes/admin';

export const handler = createDomainHandler(
  ADMIN_ROUTES,
  {
    'GET /api/admin/audit': async (request) => ({ body: await audit.auditLog(request.query) }),
    'GET /api/admin/reports': async (request) => ({ body: await reports.queue(request.query) }),
    'POST /api/admin/reports/{id}/resolve': async (request) => ({
      body: await reports.resolve({ caller: request.caller, clientIp: request.clientIp }, request.params.id, request.body, rooms.bothAttended),
    }),
    'GET /api/admin/statistics': async () => ({ body: await adminStatistics() }),
    'GET /api/admin/users': async (request) => ({ body: await members.listMembers(request.query, false) }),
    'GET /api/admin/archived-users': async (request) => ({ body: await members.listMembers(request.query, true) }),
    'PATCH /api/admin/update-user/{id}': async (request) => ({
      body: await members.updateMember({ caller: request.caller, clientIp: request.clientIp }, request.params.id, request.body),
    }),
    'DELETE /api/admin/users/{id}': async (request) => ({
      body: await members.archiveMember({ caller: request.caller, clientIp: request.clientIp }, request.params.id),
    }),
    'POST /api/admin/restore-user/{id}': async (request) => ({
      body: await members.restoreMember({ caller: request.caller, clientIp: request.clientIp }, request.params.id),
    }),
    'POST /api/admin/create-user': async (request) => ({
      status: 201,
      body: await members.createMember({ caller: request.caller, clientIp: request.clientIp }, request.body),
    }),
    'POST /api/admin/users/{id}/verify': async (request) => ({
      body: await members.verifyExpert({ caller: request.caller, clientIp: request.clientIp }, request.params.id, request.body.note),
    }),
    'DELETE /api/admin/users/{id}/verify': async (request) => ({
      body: await members.unverifyExpert({ caller: request.caller, clientIp: request.clientIp }, request.params.id),
    }),
    'GET /api/admin/users/{id}/ban-preview': async (request) => ({ body: await bans.banPreview(request.params.id, rooms.bothAttended) }),
    'POST /api/admin/ban-user/{id}': async (request) => ({ body: await bans.banUser(request, request.params.id, request.body, rooms.bothAttended) }),
    'POST /api/admin/unban-user/{id}': async (request) => ({ body: await bans.unbanUser(request, request.params.id) }),
    'POST /api/admin/second-factor': async (request) => ({ body: await secondFactor.startSecondFactorChange(request.account, request.body, request.clientIp) }),
    'POST /api/admin/second-factor/confirm': async (request) => ({
      body: await secondFactor.confirmSecondFactorChange({ caller: request.caller, clientIp: request.clientIp }, request.account, request.body.code),
    }),
  },
  accountOfOpenSession,
);
