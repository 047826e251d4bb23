/**
 * GET and PUT /user/notification-preferences (the users Lambda): which kinds of e-mail the member
 * receives. The notifications function reads them with the mails' readers (decision 186).
 */
import type { NotificationPreferences } from '../../../shared/schemas/notifications';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { type AccountRecord, notificationPreferencesOf } from './account';
import { setNotificationPreferences } from './preferences-repository';

/** The account was read with the session by the request handling: no further read. */
export const notificationPreferences = (account: AccountRecord): NotificationPreferences => notificationPreferencesOf(account);

export async function updateNotificationPreferences(
  caller: Caller,
  preferences: NotificationPreferences,
): Promise<{ msg: string; preferences: NotificationPreferences }> {
  await setNotificationPreferences(caller.userId, preferences);
  return { msg: MSG.notificationPreferencesSaved, preferences };
}
