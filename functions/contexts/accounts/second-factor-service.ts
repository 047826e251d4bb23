/** The admins' second factor: checked by the admin login, enrolled by the seed and `npm run admin:enrol`. */
import { SECOND_FACTOR } from '../../../shared/limits';
import { newPassword } from '../../../shared/schemas/common';
import { nowMs } from '../../platform/clock';
import { hashPassword, newId } from '../../platform/crypto';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import { isCommonPassword } from './common-passwords';
import { codesPausedMail, recoveryCodeUsedMail } from './mails';
import { createUser, findAccountByEmail } from './repository';
import { type Enrolment, type SecondFactorRecord, acceptedStep, enrol, isTotpCode, normalizeCode, recoveryCodeHash } from './second-factor';
import * as repo from './second-factor-repository';

/**
 * Whether the code proves the admin's second factor, using it up: an authenticator's code for a step
 * later than the last one used, or a recovery code not used yet, whose use the admin is told of by
 * mail. An admin with no factor enrolled proves nothing: the admin login fails closed. The wall
 * clock, not the test clock: authenticators run on real time. Each code judged takes a slot of the
 * account's budget first; once SECOND_FACTOR.wrongCodesMax wrong ones were judged in its window, no
 * code is judged (false, as a wrong one) for the pause, by the app's clock, and the admin is told.
 */
export async function proveSecondFactor(admin: { userId: string; email: string }, typed: string): Promise<boolean> {
  const factor = await repo.getSecondFactor(admin.userId);
  if (!factor) return false;
  // Whoever sends codes already knows the password: the account's budget bounds their guesses, whatever their addresses (decision 263).
  const now = Math.floor(nowMs() / 1000);
  const slot = await repo.takeCodeSlot(admin.email, { max: SECOND_FACTOR.wrongCodesMax, windowSeconds: SECOND_FACTOR.wrongCodesWindowSeconds }, now);
  if (slot === undefined) return false;
  if (await judgeCode(admin, factor, typed)) {
    await repo.giveBackCodeSlot(admin.email);
    return true;
  }
  if (slot >= SECOND_FACTOR.wrongCodesMax && (await repo.pauseCodes(admin.email, now + SECOND_FACTOR.wrongCodesPauseSeconds, now))) {
    logger.warn('Second-factor codes paused after too many wrong ones', { userId: admin.userId });
    await sendMail(codesPausedMail(admin.email)).catch((error) => logger.error('Codes paused notice not sent', error as Error));
  }
  return false;
}

/** Whether the code is the admin's, using it up: a step of the authenticator later than the last used, or an unused recovery code. */
async function judgeCode(admin: { userId: string; email: string }, factor: SecondFactorRecord, typed: string): Promise<boolean> {
  const code = normalizeCode(typed);
  if (isTotpCode(code)) {
    const step = acceptedStep(factor, code, Date.now());
    return step !== undefined && repo.spendStep(admin.userId, step);
  }
  const left = await repo.spendRecoveryCode(admin.userId, recoveryCodeHash(code));
  if (left === undefined) return false;
  await sendMail(recoveryCodeUsedMail(admin.email, left)).catch((error) => logger.error('Recovery code notice not sent', error as Error));
  return true;
}

/** A new secret (or the one given) and recovery codes for the admin, replacing any earlier ones; shown once to whoever enrolled. */
export async function enrolSecondFactor(userId: string, email: string, givenSecret?: string): Promise<Omit<Enrolment, 'record'>> {
  const { record, ...shown } = enrol(userId, email, givenSecret);
  await repo.putSecondFactor(record);
  return shown;
}

/** The demo admin's secret, for `npm start` to print at every start (local only: it reads the local table). */
export const secretOf = async (userId: string) => (await repo.getSecondFactor(userId))?.secret;

/**
 * `npm run admin:enrol`: a stage's admin (no seed runs there) gets a new secret and recovery codes,
 * the old ones ending at once: the way in for a first admin, a lost phone or used-up codes. With a
 * password, an address without an account becomes an admin with it (the rules of registration apply).
 */
export async function enrolAdmin(email: string, password?: string): Promise<Omit<Enrolment, 'record'> & { created: boolean }> {
  const account = await findAccountByEmail(email);
  if (account && account.role !== 'admin') throw new Error(`${email} is a member's account, not an admin's`);
  if (account) return { ...(await enrolSecondFactor(account.userId, email)), created: false };
  if (!password) throw new Error(`${email} has no account: set ADMIN_PASSWORD to create the admin`);
  const checked = newPassword.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues[0].message);
  if (isCommonPassword(password)) throw new Error('ADMIN_PASSWORD is too common and easy to guess');
  const userId = newId();
  const passwordHash = await hashPassword(password);
  await createUser({ userId, email, role: 'admin', firstName: 'Admin', lastName: 'Team', status: 'active', passwordHash, createdAt: new Date().toISOString() });
  return { ...(await enrolSecondFactor(userId, email)), created: true };
}
