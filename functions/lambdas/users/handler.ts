/** users Lambda: favourites, the public card of a member, the member's own profile and preferences, and members' reports of content. HTTP in, one service call, HTTP out. */
import * as experts from '../../contexts/catalogue/expert-service';
import * as favorites from '../../contexts/catalogue/favorite-service';
import * as reports from '../../contexts/reports/service';
import { confirmEmailChange } from '../../contexts/accounts/email-change-service';
import * as profile from '../../contexts/accounts/profile-service';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import * as preferences from '../../contexts/accounts/preferences-service';
import { createDomainHandler } from '../../platform/http';
import { USERS_ROUTES } from '../../../shared/routes/users';

export const handler = createDomainHandler(
  USERS_ROUTES,
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
    'POST /api/auth/confirm-email': async (request) => ({ body: await confirmEmailChange(request.body.token) }),
    'PUT /api/user/update': async (request) => ({ body: await profile.updateProfile(request.account, request.body, request.clientIp) }),
    'POST /api/user/upload-photo': async (request) => ({ body: await profile.uploadPhoto(request.account, request.file) }),
    'PUT /api/user/update-professor-info': async (request) => ({ body: await profile.replaceExpertInfo(request.account, request.body) }),
    'PUT /api/user/education/{index}': async (request) => ({ body: await profile.putEntry(request.account, 'education', request.params.index, request.body) }),
    'DELETE /api/user/education/{index}': async (request) => ({ body: await profile.deleteEntry(request.account, 'education', request.params.index) }),
    'PUT /api/user/work-experience/{index}': async (request) => ({
      body: await profile.putEntry(request.account, 'workExperience', request.params.index, request.body),
    }),
    'DELETE /api/user/work-experience/{index}': async (request) => ({
      body: await profile.deleteEntry(request.account, 'workExperience', request.params.index),
    }),
    'GET /api/user/{id}': async (request) => ({ body: await experts.publicUser(request.params.id, request.caller) }),
    'POST /api/reports': async (request) => ({ status: 201, body: await reports.report(request.caller, request.account, request.body) }),
  },
  accountOfOpenSession,
);
