/** admin Lambda. Its routes are in the route table; until their issue lands they answer 501. */
import { accountOfOpenSession } from '../../contexts/accounts/service';
import { adminStatistics } from '../../contexts/statistics/service';
import { createDomainHandler } from '../../platform/http';

export const handler = createDomainHandler(
  'admin',
  {
    'GET /api/admin/statistics': async () => ({ body: await adminStatistics() }),
  },
  accountOfOpenSession,
);
