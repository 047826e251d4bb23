/**
 * The session, shared by every Lambda: the auth domain opens, rotates and ends sessions; every
 * signed-in request checks that its session is still open (one GetItem), so a logout, a reuse of a
 * refresh token, a password reset or a ban ends access at once, not when the access token expires.
 */
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionKind } from './access-token';
import { config } from './config';
import { db, nowSeconds } from './dynamo';
import { sessionKey, userKey } from './keys';
import type { UserRecord } from './user-record';

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

export function isOpen(session: SessionRecord | undefined, kind: SessionKind): session is SessionRecord {
  return session !== undefined && session.kind === kind && session.expiresAt > nowSeconds();
}

/**
 * The session and its account in one round trip (BatchGetItem, strongly consistent): what every
 * signed-in request needs to know that its session is open and its account neither banned nor
 * deleted, and what most actions then use without reading the account again.
 */
export async function getSessionAndAccount(userId: string, sessionId: string): Promise<{ session?: SessionRecord; account?: UserRecord }> {
  const keys = [sessionKey(userId, sessionId), userKey(userId)];
  const { Responses } = await db.send(new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: keys, ConsistentRead: true } } }));
  const items = Responses?.[config.tableName] ?? [];
  return {
    session: items.find((item) => item.sk === keys[0].sk) as SessionRecord | undefined,
    account: items.find((item) => item.sk === keys[1].sk) as UserRecord | undefined,
  };
}

/** An account that may act: activated, not banned, not deleted. */
export const mayAct = (account: UserRecord | undefined): account is UserRecord =>
  account !== undefined && account.status === 'active' && !account.isBanned && !account.isDeleted;
