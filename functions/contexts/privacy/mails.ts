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

/**
 * The member's export is built: the mail links to the page that signs a fresh address, never to
 * the file (a mail is kept and forwarded; the address would be stale within 15 minutes anyway).
 */
export const dataExportReadyMail = (to: string): Mail =>
  linkMail(
    to,
    'Your data is ready',
    `The copy of your data you asked for is ready. Download it from your profile, signed in: it is kept for ${RETENTION.exportKeptDays === 1 ? 'a day' : `${RETENTION.exportKeptDays} days`}.`,
    'Download my data',
    `${config.appUrl}/profile#your-data`,
    'If you did not ask for it, change your password: someone else may be signed in to your account.',
  );
