/**
 * An admin changes their own authenticator secret in the admin area (docs/decisions.md): proven by
 * the password and a code of the factor in use, then confirmed by a code of the new secret before it
 * replaces the old one. The admin Lambda's; `npm run admin:enrol` stays the way back for a lost phone.
 */
import type { NewSecondFactor, SecondFactorChanged } from '../../../shared/schemas/admin';
import { SECOND_FACTOR } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import { nowMs } from '../../platform/clock';
import { Conflict, Forbidden } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import { transact, isConditionFailure } from '../../platform/table';
import { type AdminActor, auditWrites } from '../audit/service';
import type { AccountRecord } from './account';
import { secondFactorChangedMail } from './mails';
import { provePassword } from './service';
import { acceptedStep, enrol, newSecret, otpauthUri } from './second-factor';
import * as repo from './second-factor-repository';
import { proveSecondFactor } from './second-factor-service';
import { endAllSessions } from './session-service';

/**
 * POST /admin/second-factor: with the password and a current code (or a recovery code), a new
 * secret waits beside the one in use for its first code. Both proofs count as login guesses of this
 * client when wrong; the code is used up like a login's.
 */
export async function startSecondFactorChange(admin: AccountRecord, body: { password: string; code: string }, clientIp: string): Promise<NewSecondFactor> {
  await provePassword(admin, body.password, { ip: clientIp }, async () => {
    if (!(await proveSecondFactor(admin, body.code))) throw new Forbidden(MSG.secondFactorCodeWrong, 'second_factor_wrong');
  });
  const pending = { secret: newSecret(), expiresAt: new Date(nowMs() + SECOND_FACTOR.changeMinutes * 60_000).toISOString() };
  if (!(await repo.putPendingSecret(admin.userId, pending))) throw new Forbidden(MSG.secondFactorCodeWrong, 'second_factor_wrong');
  return { secret: pending.secret, uri: otpauthUri(pending.secret, admin.email), expiresAt: pending.expiresAt };
}

/**
 * POST /admin/second-factor/confirm: a code of the waiting secret puts it in place, with new
 * recovery codes (shown once) and the audit entry in one transaction; the old secret and codes stop
 * working at once, and every other session of the admin ends. The confirming code is used up.
 */
export async function confirmSecondFactorChange(actor: AdminActor, admin: AccountRecord, code: string): Promise<SecondFactorChanged> {
  const factor = await repo.getSecondFactor(admin.userId);
  const pending = factor?.pending;
  if (!pending || Date.parse(pending.expiresAt) <= nowMs()) throw new Conflict(MSG.secondFactorChangeExpired, 'second_factor_change_expired');
  // The wall clock, as at the login: the authenticator runs on real time.
  const step = acceptedStep({ secret: pending.secret }, code, Date.now());
  if (step === undefined) throw new Forbidden(MSG.newSecondFactorCodeWrong, 'second_factor_wrong');
  const { record, recoveryCodes } = enrol(admin.userId, admin.email, pending.secret);
  const audit = await auditWrites(actor, {
    action: 'admin.second-factor-change',
    target: { type: 'user', id: admin.userId, label: `${admin.firstName} ${admin.lastName}`.trim() || admin.email },
  });
  try {
    await transact({ TransactItems: [repo.replacePendingWrite({ ...record, lastStep: step }, pending.secret), ...audit] });
  } catch (error) {
    // Confirmed meanwhile (another tab), or started again with another secret.
    if (isConditionFailure(error)) throw new Conflict(MSG.secondFactorChangeExpired, 'second_factor_change_expired');
    throw error;
  }
  await endAllSessions(admin.userId, actor.caller.sessionId);
  await sendMail(secondFactorChangedMail(admin.email)).catch((error) => logger.error('Second factor change notice not sent', error as Error));
  return { msg: MSG.secondFactorChanged, recoveryCodes };
}
