import { RETENTION } from '../../../shared/limits';
import { config } from '../../platform/config';
import { linkMail, type Mail } from '../../platform/mailer';

/** Legal mail: it cannot be switched off. Sent once per inactivity, 30 days ahead of the deletion. */
export const inactivityWarningMail = (to: string, deletionOn: string): Mail =>
  linkMail(
    to,
    'Your account will be deleted for inactivity',
    `You have not signed in for almost a year. As our privacy policy says, accounts are deleted ${RETENTION.inactiveDays} days after their last activity: yours will be deleted on ${deletionOn}, unless you sign in before then. Orders, reviews and messages that others still need stay, shown as "Former member".`,
    'Sign in to keep my account',
    `${config.appUrl}/login`,
    'If you do not want to keep your account, there is nothing to do.',
  );

/** To the address of an account just deleted (by its owner or by retention): the last mail it gets. */
export const accountDeletedMail = (to: string): Mail =>
  linkMail(
    to,
    'Your account has been deleted',
    'Your account and the personal data it held have been deleted. Orders, reviews and messages that others still need stay, shown as "Former member".',
    'Visit the marketplace',
    config.appUrl,
    'You can register again with this address at any time.',
  );
