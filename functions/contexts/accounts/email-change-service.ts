/**
 * Changing an account's e-mail address (decision 191): the new address counts only once the link
 * mailed to it is followed; until then the account keeps, and signs in with, its current address,
 * which gets a notice. Asked by the member (PUT /user/update, after proving the password) or by an
 * admin (the admin's update of a member); the confirmation is the same.
 */
import { LIMITS, RATE_LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import { randomSecret, sha256 } from '../../platform/crypto';
import { BadRequest, Conflict, NotFound, ServiceUnavailable } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import { giveBackToLimit, takeFromLimit } from '../../platform/rate-windows';
import { nowSeconds } from '../../platform/table';
import { emailChangeConfirmMail, emailChangeNoticeMail } from './mails';
import * as profiles from './profile-repository';
import * as repo from './repository';

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Mails a confirmation link to `newEmail` and a notice to the current address. Refused when the
 * address is the account's own already or another account holds it (told now rather than after the
 * link: the requester proved the password, or is an admin), or when the address had too many
 * account mails this hour. A later request replaces an earlier one's link.
 */
export async function requestEmailChange(userId: string, newEmail: string, requestedBy: 'self' | 'admin'): Promise<{ msg: string; pendingEmail: string }> {
  const account = await repo.getAccount(userId, { consistent: true });
  if (!account || account.isDeleted) throw new NotFound(MSG.userNotFound, 'user_not_found');
  const email = newEmail.trim();
  if (sameAddress(email, account.email)) throw new BadRequest(MSG.noChanges, 'no_changes');
  const holder = await repo.findAccountIdByEmail(email);
  if (holder !== undefined && holder !== userId) throw new Conflict(MSG.emailInUse, 'email_taken');
  await takeFromLimit('account-mails-address', RATE_LIMITS.accountMailsPerAddress, email, MSG.tooManyAccountMails);

  const token = randomSecret();
  const tokenHash = sha256(token);
  await profiles.putEmailChange(userId, { email, tokenHash, expiresAt: nowSeconds() + LIMITS.emailChangeSeconds });
  try {
    await sendMail(emailChangeConfirmMail(email, token));
  } catch (error) {
    logger.error('Mail service unavailable; the e-mail change was undone', error as Error);
    await Promise.all([profiles.dropEmailChange(userId, tokenHash), giveBackToLimit('account-mails-address', email)]);
    throw new ServiceUnavailable(MSG.mailUnavailable, 'mail_unavailable');
  }
  await sendMail(emailChangeNoticeMail(account.email, email, requestedBy)).catch((error) => logger.error('E-mail change notice not sent', error as Error));
  return { msg: MSG.emailChangeRequested, pendingEmail: email };
}

/** POST /auth/confirm-email (added): the link's token switches the address, once, if it is still free. */
export async function confirmEmailChange(token: string): Promise<{ msg: string }> {
  const tokenHash = sha256(token);
  const record = await repo.getToken(tokenHash);
  const account =
    record?.purpose === 'email-change' && record.expiresAt > nowSeconds() ? await repo.getAccount(record.userId, { consistent: true }) : undefined;
  const change = account?.emailChange;
  if (!account || account.isDeleted || change?.tokenHash !== tokenHash) throw new BadRequest(MSG.emailChangeLinkInvalid, 'email_change_link_invalid');
  if (await profiles.confirmEmailChange(tokenHash, account, change)) return { msg: MSG.emailChanged };
  const holder = await repo.findAccountIdByEmail(change.email);
  if (holder !== undefined && holder !== account.userId) throw new Conflict(MSG.emailInUse, 'email_taken');
  throw new BadRequest(MSG.emailChangeLinkInvalid, 'email_change_link_invalid');
}
