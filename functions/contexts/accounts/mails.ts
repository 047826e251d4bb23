import { config } from '../../platform/config';
import { linkMail, type Mail } from '../../platform/mailer';
import { escapeHtml } from '../../../shared/markup';
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
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
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
