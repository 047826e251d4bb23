/**
 * The session, shared by every Lambda. The auth domain opens, rotates and ends sessions; every
 * signed-in request reads the caller's account (one strongly consistent GetItem, the one most
 * actions need anyway) and finds there whether the token's session has ended. So a logout, a reuse
 * of a refresh token, a password reset or a ban ends access at once, not when the access token
 * expires; and a session's access tokens never outlive its absolute end (they are minted capped).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH_TIMINGS } from '../../../shared/limits';
import type { Caller, SessionKind } from '../../platform/access-token';
import { config } from '../../platform/config';
import { db, nowSeconds } from '../../platform/table';
import { sessionKey, userKey } from '../../platform/keys';
import type { UserRecord } from './account';

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
}

/** Strongly consistent: a session ended a moment ago must not let a request through. */
export async function getSession(userId: string, sessionId: string): Promise<SessionRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: sessionKey(userId, sessionId), ConsistentRead: true }));
  return Item as SessionRecord | undefined;
}

/** The account of a signed-in request, strongly consistent for the same reason. */
export async function getAccount(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: userKey(userId), ConsistentRead: true }));
  return Item as UserRecord | undefined;
}

/** The account of a caller who may act now (the HTTP layer's session check), else undefined. */
export async function accountOfOpenSession(caller: Caller): Promise<UserRecord | undefined> {
  const account = await getAccount(caller.userId);
  return mayAct(account, caller) ? account : undefined;
}

/**
 * Whether the caller may act now: the account is active, not banned, not deleted, still of the
 * token's role, and the token's session has not ended.
 */
export function mayAct(account: UserRecord | undefined, caller: Caller): account is UserRecord {
  if (!account || account.status !== 'active' || account.isBanned || account.isDeleted || account.role !== caller.role) return false;
  return account.endedSessions?.[caller.sessionId] === undefined;
}

/**
 * The account's record of ended sessions with these added. An access token lives at most
 * AUTH_TIMINGS.accessTokenSeconds, so older entries protect nothing any more and are dropped.
 */
export function withEndedSessions(account: UserRecord, sessionIds: string[]): Record<string, number> {
  const now = nowSeconds();
  const kept = Object.entries(account.endedSessions ?? {}).filter(([, endedAt]) => endedAt > now - AUTH_TIMINGS.accessTokenSeconds);
  return Object.fromEntries([...kept, ...sessionIds.map((sessionId) => [sessionId, now] as const)]);
}
