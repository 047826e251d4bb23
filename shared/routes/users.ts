import { pageQuery } from '../schemas/catalogue';
import { emptyBody } from '../schemas/common';
import { notificationPreferencesSchema } from '../schemas/notifications';
import { guestFavoritesSchema } from '../schemas/offers';
import { reportSchema } from '../schemas/reports';
import { confirmEmailSchema, educationEntrySchema, expertInfoSchema, updateUserSchema, workExperienceEntrySchema } from '../schemas/users';
import { type Route, r } from './route';

/** The users Lambda's: a member's profile, favourites, e-mail preferences and reports of content. */
export const USERS_ROUTES = [
  // Profile and favourites.
  r('GET', '/user/favorites', 'users', 'authenticated', { query: pageQuery }),
  r('POST', '/user/favorites/merge', 'users', 'authenticated', { body: guestFavoritesSchema }),
  r('POST', '/user/favorites/{offerId}', 'users', 'authenticated', { body: emptyBody }),
  r('DELETE', '/user/favorites/{offerId}', 'users', 'authenticated'),
  r('POST', '/user/upload-photo', 'users', 'member', { upload: 'profilePhoto' }),
  r('PUT', '/user/update', 'users', 'member', { body: updateUserSchema }),
  // The link of an e-mail change; served by the users Lambda, which holds the change (decision 191).
  r('POST', '/auth/confirm-email', 'users', 'public', { body: confirmEmailSchema }), // (added)
  r('PUT', '/user/update-professor-info', 'users', 'professor', { body: expertInfoSchema }),
  r('PUT', '/user/work-experience/{index}', 'users', 'professor', { body: workExperienceEntrySchema }),
  r('DELETE', '/user/work-experience/{index}', 'users', 'professor'),
  r('PUT', '/user/education/{index}', 'users', 'professor', { body: educationEntrySchema }),
  r('DELETE', '/user/education/{index}', 'users', 'professor'),
  // E-mail preferences (issue 15): kept with the account, which the users Lambda writes.
  r('GET', '/user/notification-preferences', 'users', 'member'), // (added)
  r('PUT', '/user/notification-preferences', 'users', 'member', { body: notificationPreferencesSchema }), // (added)
  r('GET', '/user/{id}', 'users', 'authenticated'),
  // Reports of content (decision 171): members report here, admins work the queue at the admin Lambda.
  r('POST', '/reports', 'users', 'member', { body: reportSchema }), // (added)
] as const satisfies readonly Route[];
