/** admin Lambda: the admin area's users, statistics and audit log. HTTP in, one service call, HTTP out. Routes without an action answer 501. */
import * as audit from '../../contexts/audit/service';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import { createDomainHandler } from '../../platform/http';

export const handler = createDomainHandler(
  'admin',
  {
    'GET /api/admin/audit': async (request) => ({ body: await audit.auditLog(request.query) }),
  },
  accountOfOpenSession,
);
