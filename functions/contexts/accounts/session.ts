/**
 * The session entity: one login's refresh-token family, and the rules of when its access tokens
 * may act. Every signed-in request reads the caller's account (one strongly consistent GetItem, the
 * one most actions need anyway) and finds there whether the token's session has ended. So a logout,
 * a reuse of a refresh token, a password reset or a ban ends access at once, not when the access
 * token expires; and a session's access tokens never outlive its absolute end (they are minted capped).
 */
import * as z from 'zod/mini';
import { AUTH_TIMINGS } from '../../../shared/limits';
import type { Caller, SessionKind } from '../../platform/access-token';
import { sessionKey } from '../../platform/keys';
import { nowSeconds } from '../../platform/table';
import type { AccountRecord } from './account';

export interface SessionRecord {
  userId: string;
  sessionId: string;
  kind: SessionKind;
  tokenHash: string;
  previousHash?: string;
  rotatedAt?: number;
  /** When the login happened (epoch seconds). */
  startedAt: number;
  /** Absolute end: login + 30 days, never pushed back by a refresh; also the item's TTL. */
  expiresAt: number;
  /** The browser's user agent at sign-in, cut short: the sessions list names the device from it. */
  userAgent?: string;
  /** The client address of the sign-in, then of the latest refresh. */
  ip?: string;
  /** The latest sign-in or refresh (epoch seconds); an admin's session ends 30 minutes after it. */
  lastUsedAt?: number;
  /** An admin's session: when its admin last proved a code, by the app's clock (epoch seconds; decision 265). */
  codeAt?: number;
}

const sessionItem: z.ZodMiniType<SessionRecord> = z.object({
  userId: z.string(),
  sessionId: z.string(),
  kind: z.enum(['user', 'admin']),
  tokenHash: z.string(),
  previousHash: z.optional(z.string()),
  rotatedAt: z.optional(z.number()),
  startedAt: z.number(),
  expiresAt: z.number(),
  userAgent: z.optional(z.string()),
  ip: z.optional(z.string()),
  lastUsedAt: z.optional(z.number()),
  codeAt: z.optional(z.number()),
});

export const toSessionItem = (session: SessionRecord) => ({ ...sessionKey(session.userId, session.sessionId), ...session });
export const fromSessionItem = (item: Record<string, unknown>): SessionRecord => sessionItem.parse(item);

/**
 * Whether the caller may act now: the account is active, not banned, not deleted, still of the
 * token's role, and the token's session has not ended.
 */
export function mayAct(account: AccountRecord | undefined, caller: Caller): account is AccountRecord {
  if (account?.status !== 'active' || account.isBanned || account.isDeleted || account.role !== caller.role) return false;
  return account.endedSessions?.[caller.sessionId] === undefined;
}

/**
 * The account's record of ended sessions with these added. An access token lives at most
 * AUTH_TIMINGS.accessTokenSeconds, so older entries protect nothing any more and are dropped.
 */
export function withEndedSessions(account: AccountRecord, sessionIds: string[]): Record<string, number> {
  const now = nowSeconds();
  const kept = Object.entries(account.endedSessions ?? {}).filter(([, endedAt]) => endedAt > now - AUTH_TIMINGS.accessTokenSeconds);
  return Object.fromEntries([...kept, ...sessionIds.map((sessionId) => [sessionId, now] as const)]);
}
