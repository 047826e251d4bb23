/**
 * The current password as proof that the owner is asking (a password or an e-mail change). A wrong
 * one counts as a login guess of this client, in the login's window and limit, so no settings form
 * is a way around the login's throttle.
 */
import { RATE_LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import { verifyPassword } from '../../platform/crypto';
import { Forbidden, TooManyRequests } from '../../platform/errors';
import { nowSeconds } from '../../platform/table';
import type { AccountRecord } from './account';
import * as repo from './repository';

export async function proveCurrentPassword(account: Pick<AccountRecord, 'email' | 'passwordHash'>, password: string, clientIp: string): Promise<void> {
  const limit = RATE_LIMITS.loginGuessesPerClient;
  const guess = await repo.countLoginGuess('user', account.email, clientIp, limit.windowSeconds);
  if (guess.count > limit.max) throw new TooManyRequests(MSG.tooManyLoginAttempts, Math.max(1, guess.firstAt + limit.windowSeconds - nowSeconds()));
  // 403, not 400: the guess is counted (a write), and the body itself was well formed.
  if (!(await verifyPassword(password, account.passwordHash))) throw new Forbidden(MSG.currentPasswordWrong, 'current_password_wrong');
  await repo.forgetLoginGuesses('user', account.email, clientIp);
}
