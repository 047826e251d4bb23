/** users Lambda: favourites, the public card of a member and members' reports of content. HTTP in, one service call, HTTP out. Routes without an action answer 501. */
import * as experts from '../../contexts/catalogue/expert-service';
import * as favorites from '../../contexts/catalogue/favorite-service';
import * as reports from '../../contexts/reports/service';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import * as preferences from '../../contexts/accounts/preferences-service';
import { createDomainHandler } from '../../platform/http';

export const handler = createDomainHandler(
  'users',
  {
    'GET /api/user/favorites': async (request) => ({
      body: await favorites.favorites(request.caller, request.account, request.query.page, request.query.limit),
    }),
    'POST /api/user/favorites/merge': async (request) => ({ body: await favorites.merge(request.caller, request.account, request.body.ids) }),
    'POST /api/user/favorites/{offerId}': async (request) => ({ body: await favorites.save(request.caller, request.params.offerId) }),
    'DELETE /api/user/favorites/{offerId}': async (request) => ({ body: await favorites.remove(request.caller, request.params.offerId) }),
    'GET /api/user/notification-preferences': async (request) => ({ body: preferences.notificationPreferences(request.account) }),
    'PUT /api/user/notification-preferences': async (request) => ({
      body: await preferences.updateNotificationPreferences(request.caller, request.body),
    }),
    'GET /api/user/{id}': async (request) => ({ body: await experts.publicUser(request.params.id, request.caller) }),
    'POST /api/reports': async (request) => ({ status: 201, body: await reports.report(request.caller, request.account, request.body) }),
  },
  accountOfOpenSession,
);
