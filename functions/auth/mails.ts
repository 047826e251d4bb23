import { config } from '../lib/config';
import { linkMail, type Mail } from '../lib/mailer';
import { escapeHtml } from '../../shared/text';
import type { ContactBody } from '../../shared/schemas/auth';

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
