/** The admins' second factor: checked by the admin login, enrolled by the seed and `npm run admin:second-factor`. */
import { type Enrolment, acceptedStep, enrol, isTotpCode, normalizeCode, recoveryCodeHash } from './second-factor';
import * as repo from './second-factor-repository';

/**
 * Whether the code proves the admin's second factor, using it up: an authenticator's code for a step
 * later than the last one used, or a recovery code not used yet. An admin with no factor enrolled
 * proves nothing: the admin login fails closed. The wall clock, not the test clock: authenticators
 * run on real time.
 */
export async function proveSecondFactor(userId: string, typed: string): Promise<boolean> {
  const factor = await repo.getSecondFactor(userId);
  if (!factor) return false;
  const code = normalizeCode(typed);
  if (!isTotpCode(code)) return repo.spendRecoveryCode(userId, recoveryCodeHash(code));
  const step = acceptedStep(factor, code, Date.now());
  return step !== undefined && repo.spendStep(userId, step);
}

/** A new secret (or the one given) and recovery codes for the admin, replacing any earlier ones; shown once to whoever enrolled. */
export async function enrolSecondFactor(userId: string, email: string, givenSecret?: string): Promise<Omit<Enrolment, 'record'>> {
  const { record, ...shown } = enrol(userId, email, givenSecret);
  await repo.putSecondFactor(record);
  return shown;
}

/** Whether the admin has a second factor: the seed enrols the demo admin only once. */
export const hasSecondFactor = async (userId: string) => (await repo.getSecondFactor(userId)) !== undefined;

/** The demo admin's secret, for `npm start` to print at every start (local only: it reads the local table). */
export const secretOf = async (userId: string) => (await repo.getSecondFactor(userId))?.secret;
