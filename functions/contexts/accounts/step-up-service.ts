/**
 * Step-up for an admin's decisions that move money (decision 265): approving a withdrawal, refunding
 * a reported order, a ban with refunds. The code of the sign-in, or of an earlier step-up, counts for
 * AUTH_TIMINGS.adminStepUpSeconds by the app's clock; after that the decision asks for a code again.
 * The code is judged as at the login: replay-protected (the sign-in's step is spent, so it is refused)
 * and within the account's budget of codes (decision 263).
 */
import { AUTH_TIMINGS } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowMs } from '../../platform/clock';
import { Forbidden, Unauthorized } from '../../platform/errors';
import * as repo from './repository';
import { proveSecondFactor } from './second-factor-service';

export async function confirmMoneyDecision(caller: Caller, code: string | undefined): Promise<void> {
  const session = await repo.getSession(caller.userId, caller.sessionId);
  if (session?.kind !== 'admin') throw new Unauthorized(MSG.sessionExpired, 'session_expired');
  const now = Math.floor(nowMs() / 1000);
  if (session.codeAt !== undefined && now - session.codeAt <= AUTH_TIMINGS.adminStepUpSeconds) return;
  if (!code) throw new Forbidden(MSG.stepUpRequired, 'step_up_required');
  const admin = await repo.getAccount(caller.userId);
  if (!admin || !(await proveSecondFactor(admin, code))) throw new Forbidden(MSG.secondFactorCodeWrong, 'second_factor_wrong');
  await repo.recordSessionCode(caller.userId, caller.sessionId, now);
}
