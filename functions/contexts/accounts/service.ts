/**
 * What other contexts and every Lambda ask of accounts: the session check of each signed-in
 * request, accounts by id, the experts, and an account's saved offers. Sign-up, login and the rest
 * of authentication are auth-service.ts, which only the auth Lambda loads.
 */
import { clientNetworkOf } from '../../../shared/edge';
import { RATE_LIMITS, RETENTION } from '../../../shared/limits';
import type { Route } from '../../../shared/routes';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import type { Recipient } from '../../platform/mailer';
import { nowMs } from '../../platform/clock';
import { verifyPassword } from '../../platform/crypto';
import { Forbidden, TooManyRequests } from '../../platform/errors';
import { type AccountRecord, notificationPreferencesOf } from './account';
import * as favorites from './favorite-repository';
import * as repo from './repository';
import { mayAct } from './session';
import { endAllSessions } from './session-service';
import { nowSeconds } from '../../platform/table';

/**
 * What a member whose password an admin set may still call: who they are, choosing their own
 * password, and the public routes (sign out among them). Everything else waits (decision 184).
 */
const BEFORE_OWN_PASSWORD = new Set(['GET /auth/user', 'PUT /user/change-password']);

/** The account of a caller who may act now on this route (the HTTP layer's session check), else undefined. */
export async function accountOfOpenSession(caller: Caller, route?: Pick<Route, 'method' | 'path' | 'access'>): Promise<AccountRecord | undefined> {
  const account = await repo.getAccount(caller.userId, { consistent: true });
  if (!mayAct(account, caller)) return undefined;
  if (account.mustChangePassword && route && route.access !== 'public' && !BEFORE_OWN_PASSWORD.has(`${route.method} ${route.path}`)) {
    throw new Forbidden(MSG.passwordChangeRequired, 'password_change_required');
  }
  return account;
}

export const getAccount = repo.getAccount;
export const getAccounts = repo.getAccounts;
export const findAccountIdByEmail = repo.findAccountIdByEmail;
/** Every expert account, whatever its state (the search index keeps the listed ones). */
export const allExperts = repo.allExperts;

/** An expert's payout account at the provider: recorded once, and whether it can be paid. */
export const recordPayoutAccount = repo.recordPayoutAccount;
export const setPayoutsEnabled = repo.setPayoutsEnabled;

/** The write of a review's transaction that counts it in its expert's rating (catalogue reviews). */
export const expertReviewCounted = repo.expertReviewCounted;
export const expertRatingSet = repo.expertRatingSet;

/** Saves offers (offer id -> when); undefined when the account would hold more than `max`. */
export const addFavorites = favorites.addFavorites;
export const removeFavorite = favorites.removeFavorite;

/** Who is asking: the client address the edge saw (its network keys per-client limits), and the browser (the sessions list's device). */
export interface Client {
  ip: string;
  userAgent?: string;
}

/**
 * The signed-in member proves it is them with their password (a password change, a deletion): a
 * wrong one counts as a login guess of this client, so this door is no way around the login's throttle.
 * `andThen`, a further proof (an admin's second factor), counts the same when it throws.
 */
export async function provePassword(account: AccountRecord, password: string, client: Client, andThen?: () => Promise<void>): Promise<void> {
  const kind = account.role === 'admin' ? 'admin' : 'user';
  const limit = RATE_LIMITS.loginGuessesPerClient;
  const network = clientNetworkOf(client.ip);
  const guess = await repo.countLoginGuess(kind, account.email, network, limit.windowSeconds);
  if (guess.count > limit.max) throw new TooManyRequests(MSG.tooManyLoginAttempts, Math.max(1, guess.firstAt + limit.windowSeconds - nowSeconds()));
  // 403, not 400: the guess is counted (a write), and the body itself was well formed.
  if (!(await verifyPassword(password, account.passwordHash))) throw new Forbidden(MSG.currentPasswordWrong, 'current_password_wrong');
  await andThen?.();
  await repo.forgetLoginGuesses(kind, account.email, network);
}

/** An account as the reader of a notice's mail: its preferences are read with the notice, so a change counts from the next mail. */
export const recipientOf = (account: AccountRecord): Recipient => ({ userId: account.userId, preferences: notificationPreferencesOf(account) });

/** The name a deleted account is shown by, where others' records keep it. */
export const FORMER_MEMBER = { firstName: MSG.formerMemberFirstName, lastName: MSG.formerMemberLastName } as const;

/** A deletion's hold on new payments of the member's orders (decision 223): long enough for its checks, short enough to lapse if it stops. */
const PAYMENTS_HOLD_MS = 60_000;

/** Holds new payments of the member's orders while their deletion checks the money: the hold's end, or undefined when the account is gone. */
export async function holdPaymentsForDeletion(userId: string): Promise<string | undefined> {
  const until = new Date(nowMs() + PAYMENTS_HOLD_MS).toISOString();
  return (await repo.holdPayments(userId, until)) ? until : undefined;
}

export const releasePayments = repo.releasePayments;
export const paymentsOpenCheck = repo.paymentsOpenCheck;

/**
 * Deletes an account held for it (`heldUntil`): anonymised ("Former member", nothing personal kept),
 * its address free to register again, and every session and socket ended. For retention
 * (`activeAt`), only if it was not active since. False when nothing was deleted.
 */
export async function deleteAccount(account: AccountRecord, at: string, heldUntil: string, activeAt?: string): Promise<boolean> {
  if (!(await repo.anonymiseAccount(account, FORMER_MEMBER, at, heldUntil, activeAt))) return false;
  await endAllSessions(account.userId);
  return true;
}

/**
 * Accounts whose last activity came before `before`: the months of the activity index from its
 * first to `before`'s, each one Query (GSI2), never a scan of all accounts.
 */
export async function accountsInactiveSince(before: string): Promise<string[]> {
  const months: string[] = [];
  for (let month: string = RETENTION.activityIndexSince; month <= before.slice(0, 7); month = nextMonth(month)) months.push(month);
  return (await Promise.all(months.map((month) => repo.accountsLastActiveIn(month, before)))).flat();
}

const nextMonth = (month: string) => {
  const [year, number] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
};

export const recordInactivityWarning = repo.recordInactivityWarning;
