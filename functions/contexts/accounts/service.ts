/**
 * What other contexts and every Lambda ask of accounts: the session check of each signed-in
 * request, accounts by id, the experts, and an account's saved offers. Sign-up, login and the rest
 * of authentication are auth-service.ts, which only the auth Lambda loads.
 */
import type { Route } from '../../../shared/routes';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { Forbidden } from '../../platform/errors';
import type { AccountRecord } from './account';
import * as favorites from './favorite-repository';
import * as repo from './repository';
import { mayAct } from './session';
import { nowSeconds } from '../../platform/table';

/**
 * What a member whose password an admin set may still call: who they are, choosing their own
 * password, and the public routes (sign out among them). Everything else waits (decision 187).
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

/**
 * The absolute end (epoch seconds) of the caller's session while it is open, else undefined: what a
 * realtime ticket records, so that the socket it opens does not outlive the session.
 */
export async function openSessionEndsAt(caller: Caller): Promise<number | undefined> {
  const session = await repo.getSession(caller.userId, caller.sessionId);
  return session && session.kind === caller.kind && session.expiresAt > nowSeconds() ? session.expiresAt : undefined;
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

/** Saves offers (offer id -> when); undefined when the account would hold more than `max`. */
export const addFavorites = favorites.addFavorites;
export const removeFavorite = favorites.removeFavorite;
