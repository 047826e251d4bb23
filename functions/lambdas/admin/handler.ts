/** admin Lambda: the admin area's users, statistics, audit log and reports queue. HTTP in, one service call, HTTP out. Routes without an action answer 501. */
import * as audit from '../../contexts/audit/service';
import * as reports from '../../contexts/reports/service';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import { adminStatistics } from '../../contexts/statistics/service';
import { createDomainHandler } from '../../platform/http';

export const handler = createDomainHandler(
  'admin',
  {
    'GET /api/admin/audit': async (request) => ({ body: await audit.auditLog(request.query) }),
    'GET /api/admin/reports': async (request) => ({ body: await reports.queue(request.query) }),
    'POST /api/admin/reports/{id}/resolve': async (request) => ({
      body: await reports.resolve({ caller: request.caller, clientIp: request.clientIp }, request.params.id, request.body),
    }),
    'GET /api/admin/statistics': async () => ({ body: await adminStatistics() }),
  },
  accountOfOpenSession,
);
