import { SECOND_FACTOR } from '../../../shared/limits';
import { config } from '../../platform/config';
import { linkMail, type Mail, mailParagraphs } from '../../platform/mailer';
import type { ContactBody } from '../../../shared/schemas/auth';

export const activationMail = (to: string, token: string): Mail =>
  linkMail(
    to,
    'Activate your account',
    'Welcome! Please confirm your e-mail address to activate your account. The link is valid for 24 hours.',
    'Activate my account',
    `${config.appUrl}/activate/${token}`,
    'If you did not create an account, you can ignore this e-mail.',
  );

export const passwordResetMail = (to: string, token: string): Mail =>
  linkMail(
    to,
    'Reset your password',
    'We received a request to reset your password. The link is valid for 1 hour and can be used once.',
    'Choose a new password',
    `${config.appUrl}/reset-password/${token}`,
    'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
  );

export function contactMail(message: ContactBody): Mail {
  const lines = [`From: ${message.firstName} ${message.lastName} <${message.email}>`, `Phone: ${message.phone || '-'}`, '', message.message];
  return {
    to: config.supportEmail,
    subject: `Contact form: ${message.firstName} ${message.lastName}`,
    text: lines.join('\n'),
    html: mailParagraphs(lines),
  };
}

/** To the owner of an address that has an account already: registration answers as for a new one. */
export const accountExistsMail = (to: string): Mail =>
  linkMail(
    to,
    'Someone tried to register with your address',
    'Someone just tried to create an account with this e-mail address, which already has an account with us. If it was you, log in, or reset your password if you forgot it.',
    'Log in',
    `${config.appUrl}/login`,
    `If it was not you, nothing changed: your account and password are as they were. You can reset your password at ${config.appUrl}/forgot-password.`,
  );

/** To the owner of an address whose password many clients are guessing. */
export const loginFloodMail = (to: string): Mail =>
  linkMail(
    to,
    'Unusual sign-in attempts on your account',
    'There were many failed attempts to sign in to your account in the last few minutes. Your account is safe as long as nobody knows your password; sign-ins are slowed down for a while.',
    'Choose a new password',
    `${config.appUrl}/forgot-password`,
    'If these attempts were yours, you can ignore this e-mail. Otherwise, choosing a new password ends every other session.',
  );

/** To the owner of an account whose password was just changed from their settings: a security notice, always sent. */
export const passwordChangedMail = (to: string): Mail =>
  linkMail(
    to,
    'Your password was changed',
    'The password of your account was just changed from its settings, and every other session was signed out.',
    'Choose a new password',
    `${config.appUrl}/forgot-password`,
    'If it was you, nothing more to do. If it was not, choose a new password at once through this link: it ends every session, including the one that changed it.',
  );

const codesLeft = (left: number) => (left === 0 ? 'No recovery code is left' : left === 1 ? 'One recovery code is left' : `${left} recovery codes are left`);

/** To an admin who just signed in with a recovery code: a security notice, always sent (decision 175). */
export const recoveryCodeUsedMail = (to: string, left: number): Mail =>
  linkMail(
    to,
    'A recovery code was used to sign in',
    `A recovery code was just used to sign in to the admin area, in place of your authenticator's code. ${codesLeft(left)}; each works once.`,
    'Open the admin area',
    `${config.appUrl}/admin/login`,
    'If it was you, nothing more to do (an operator gives you new codes with npm run admin:enrol). If it was not, someone knows your password and a recovery code: have your secret and codes replaced at once with npm run admin:enrol, and choose a new password.',
  );

/** To an admin whose codes are paused after too many wrong ones (decision 263): whoever typed them knew the password. */
export const codesPausedMail = (to: string): Mail =>
  linkMail(
    to,
    'Someone knows your admin password',
    `${SECOND_FACTOR.wrongCodesMax} wrong authentication codes were just typed after your admin password, which was right. No code is accepted for ${SECOND_FACTOR.wrongCodesPauseSeconds / 60} minutes, so your account stays closed to them, but someone knows your password.`,
    'Change your password now',
    `${config.appUrl}/forgot-password`,
    'Choosing a new password ends every session of your account. If the codes were yours, change your password anyway: this notice is sent only after the right password.',
  );

/** To an admin who changed their authenticator secret in the admin area: a security notice, always sent. */
export const secondFactorChangedMail = (to: string): Mail =>
  linkMail(
    to,
    'Your authenticator secret was changed',
    'The authenticator secret of your admin account was just changed from the admin area, with new recovery codes; the old secret and codes no longer work, and every other admin session was signed out.',
    'Open the admin area',
    `${config.appUrl}/admin/login`,
    'If it was you, nothing more to do. If it was not, someone holds your password and your second factor: have an operator replace your secret at once with npm run admin:enrol, and choose a new password.',
  );

/** To a member an admin created (POST /admin/create-user): the password the admin set is temporary. */
export const welcomeMail = (to: string, firstName: string): Mail =>
  linkMail(
    to,
    'Welcome: your account is ready',
    `Hello ${firstName}, an administrator created an account for you with this e-mail address. Sign in with the temporary password they gave you: you will then choose your own.`,
    'Sign in',
    `${config.appUrl}/login`,
    `If you did not expect this account, you can choose a new password at ${config.appUrl}/forgot-password or contact us.`,
  );

/** To a new address asked for an account: it counts only once its owner follows this link. */
export const emailChangeConfirmMail = (to: string, token: string): Mail =>
  linkMail(
    to,
    'Confirm your new e-mail address',
    'Your account asked to use this e-mail address from now on. Please confirm that it is yours. The link is valid for 24 hours.',
    'Confirm my new address',
    `${config.appUrl}/confirm-email/${token}`,
    'If you did not ask for this, you can ignore this e-mail: nothing changes unless the link is followed.',
  );

/** To the current address when a change away from it is asked: a security notice, always sent. */
export const emailChangeNoticeMail = (to: string, newAddress: string, requestedBy: 'self' | 'admin'): Mail =>
  linkMail(
    to,
    'A change of your e-mail address was requested',
    `${requestedBy === 'admin' ? 'An administrator asked' : 'You asked'} to change the e-mail address of your account to ${newAddress}. Your account keeps this address until the link sent to the new one is followed.`,
    'Choose a new password',
    `${config.appUrl}/forgot-password`,
    'If it was not you, choose a new password at once through this link: it ends every session. The change only happens if someone opens the link sent to the new address.',
  );

/** To a member whose account an admin suspended: a security and legal notice, always sent, with the admin's reason if given. */
export const accountSuspendedMail = (to: string, reason: string | undefined): Mail =>
  linkMail(
    to,
    'Your account has been suspended',
    `An administrator suspended your account: you are signed out and cannot sign in while it lasts. Paid orders not yet delivered are cancelled and refunded in full.${reason ? ` Reason: ${reason}` : ''}`,
    'Contact support',
    `${config.appUrl}/contact-us`,
    'If you think this is a mistake, write to us through the contact page.',
  );

/** To a member whose suspension an admin lifted. */
export const accountRestoredMail = (to: string): Mail =>
  linkMail(
    to,
    'Your account is active again',
    'An administrator lifted the suspension of your account: you can sign in again. Orders cancelled during the suspension stay cancelled.',
    'Log in',
    `${config.appUrl}/login`,
    'Welcome back.',
  );
