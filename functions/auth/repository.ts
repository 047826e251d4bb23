/** DynamoDB access of the auth domain. Keys come from lib/keys.ts only. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { db, isConditionFailure, nowSeconds } from '../lib/dynamo';
import { accountMailsKey, contactKey, emailKey, loginFailuresKey, sessionKey, sessionsOfUser, tokenKey, userKey, userRoleIndex } from '../lib/keys';
import type { UserRecord } from '../lib/user-record';

const TableName = () => config.tableName;

export type TokenPurpose = 'activation' | 'password-reset';
export interface TokenRecord {
  purpose: TokenPurpose;
  userId: string;
  expiresAt: number;
}

export type SessionKind = 'user' | 'admin';
export interface SessionRecord {
  userId: string;
  sessionId: string;
  kind: SessionKind;
  tokenHash: string;
  previousHash?: string;
  rotatedAt?: number;
  expiresAt: number;
}

export class EmailTaken extends Error {}

// Users ---------------------------------------------------------------------------------------

/** Creates the user and claims the address in one transaction: the address is unique by construction. */
export async function createUser(user: UserRecord): Promise<void> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TableName(), Item: { ...userKey(user.userId), ...userRoleIndex(user.role, user.createdAt, user.userId), ...user }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: TableName(), Item: { ...emailKey(user.email), userId: user.userId }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new EmailTaken();
    throw error;
  }
}

export async function findUserIdByEmail(email: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: emailKey(email) }));
  return Item?.userId as string | undefined;
}

export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: userKey(userId) }));
  return Item as UserRecord | undefined;
}

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const userId = await findUserIdByEmail(email);
  return userId ? getUser(userId) : undefined;
}

/** Replaces a registration that was never activated (nobody proved the address); false otherwise. */
export async function replacePendingRegistration(user: UserRecord): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: TableName(),
        Item: { ...userKey(user.userId), ...userRoleIndex(user.role, user.createdAt, user.userId), ...user },
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function recordLogin(userId: string, at: string): Promise<void> {
  await db.send(new UpdateCommand({ TableName: TableName(), Key: userKey(userId), UpdateExpression: 'SET lastLoginAt = :at', ExpressionAttributeValues: { ':at': at } }));
}

// One-time tokens -----------------------------------------------------------------------------

export async function putToken(tokenHash: string, token: TokenRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: TableName(), Item: { ...tokenKey(tokenHash), ...token } }));
}

/**
 * Spends a one-time token and applies its effect to the user in one transaction. The token must
 * exist, be unexpired, have the purpose, and still be the user's current one; else false.
 */
export async function spendToken(tokenHash: string, purpose: TokenPurpose, userId: string, userUpdate: { set: Record<string, unknown>; remove: string[] }): Promise<boolean> {
  const hashField = purpose === 'activation' ? 'activationTokenHash' : 'resetTokenHash';
  const setNames = Object.keys(userUpdate.set);
  const sets = setNames.map((n, i) => `#s${i} = :s${i}`).join(', ');
  const removes = [hashField, ...userUpdate.remove].join(', ');
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: TableName(),
              Key: tokenKey(tokenHash),
              ConditionExpression: 'purpose = :purpose AND expiresAt > :now AND userId = :userId',
              ExpressionAttributeValues: { ':purpose': purpose, ':now': nowSeconds(), ':userId': userId },
            },
          },
          {
            Update: {
              TableName: TableName(),
              Key: userKey(userId),
              UpdateExpression: `${sets ? `SET ${sets} ` : ''}REMOVE ${removes}`,
              ConditionExpression: `${hashField} = :hash`,
              ExpressionAttributeNames: Object.fromEntries(setNames.map((n, i) => [`#s${i}`, n])),
              ExpressionAttributeValues: { ':hash': tokenHash, ...Object.fromEntries(setNames.map((n, i) => [`:s${i}`, userUpdate.set[n]])) },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getToken(tokenHash: string): Promise<TokenRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: tokenKey(tokenHash) }));
  return Item as TokenRecord | undefined;
}

/** Makes a new token the user's current one; any earlier token of that purpose stops working. */
export async function setCurrentToken(userId: string, purpose: TokenPurpose, tokenHash: string): Promise<void> {
  const field = purpose === 'activation' ? 'activationTokenHash' : 'resetTokenHash';
  await db.send(new UpdateCommand({ TableName: TableName(), Key: userKey(userId), UpdateExpression: `SET ${field} = :hash`, ExpressionAttributeValues: { ':hash': tokenHash } }));
}

// Counters in fixed windows (failed logins, account mails) -------------------------------------

export async function getLoginFailures(email: string): Promise<{ count: number; firstAt: number } | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: loginFailuresKey(email) }));
  return Item ? { count: Item.count as number, firstAt: Item.firstAt as number } : undefined;
}

export const recordLoginFailure = (email: string, windowSeconds: number) => countInWindow(loginFailuresKey(email), windowSeconds);
export const recordAccountMail = (email: string, windowSeconds: number) => countInWindow(accountMailsKey(email), windowSeconds);

/**
 * Counts one event in the key's current window, or opens a new window when the last one has
 * passed. Returns the count in the window, this event included.
 */
async function countInWindow(key: { pk: string; sk: string }, windowSeconds: number): Promise<{ count: number; firstAt: number }> {
  const now = nowSeconds();
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: key,
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'firstAt > :windowStart',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':windowStart': now - windowSeconds },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { count: Attributes!.count as number, firstAt: Attributes!.firstAt as number };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await db.send(new PutCommand({ TableName: TableName(), Item: { ...key, count: 1, firstAt: now, expiresAt: now + windowSeconds } }));
    return { count: 1, firstAt: now };
  }
}

export async function clearLoginFailures(email: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: TableName(), Key: loginFailuresKey(email) }));
}

// Sessions (refresh-token families) -----------------------------------------------------------

export async function putSession(session: SessionRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: TableName(), Item: { ...sessionKey(session.userId, session.sessionId), ...session } }));
}

export async function getSession(userId: string, sessionId: string): Promise<SessionRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: sessionKey(userId, sessionId), ConsistentRead: true }));
  return Item as SessionRecord | undefined;
}

/** Rotates the refresh token; false when another request rotated it first. */
export async function rotateSession(session: SessionRecord, newHash: string, expiresAt: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: sessionKey(session.userId, session.sessionId),
        UpdateExpression: 'SET tokenHash = :new, previousHash = :old, rotatedAt = :now, expiresAt = :exp',
        ConditionExpression: 'tokenHash = :old',
        ExpressionAttributeValues: { ':new': newHash, ':old': session.tokenHash, ':now': nowSeconds(), ':exp': expiresAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function deleteSession(userId: string, sessionId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: TableName(), Key: sessionKey(userId, sessionId) }));
}

/** Revokes every session of a user (password reset, ban). */
export async function deleteAllSessions(userId: string): Promise<void> {
  const { pk, skPrefix } = sessionsOfUser(userId);
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey,
      }),
    );
    await Promise.all((page.Items ?? []).map((item) => db.send(new DeleteCommand({ TableName: TableName(), Key: { pk: item.pk, sk: item.sk } }))));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

// Contact messages ----------------------------------------------------------------------------

export async function putContactMessage(messageId: string, message: Record<string, unknown>, expiresAt: number): Promise<void> {
  await db.send(new PutCommand({ TableName: TableName(), Item: { ...contactKey(messageId), ...message, expiresAt } }));
}
