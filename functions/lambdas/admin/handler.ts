/** admin Lambda: the admin area's users, statistics and audit log. HTTP in, one service call, HTTP out. Routes without an action answer 501. */
import * as audit from '../../contexts/audit/service';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import * as bans from '../../contexts/accounts/ban-service';
import { createDomainHandler } from '../../platform/http';

export const handler = createDomainHandler(
  'admin',
  {
    'GET /api/admin/audit': async (request) => ({ body: await audit.auditLog(request.query) }),
    'GET /api/admin/users/{id}/ban-preview': async (request) => ({ body: await bans.banPreview(request.params.id) }),
    'POST /api/admin/ban-user/{id}': async (request) => ({ body: await bans.banUser(request, request.params.id, request.body?.reason) }),
    'POST /api/admin/unban-user/{id}': async (request) => ({ body: await bans.unbanUser(request, request.params.id) }),
  },
  accountOfOpenSession,
);
