/** DynamoDB access of the auth domain. Keys come from lib/keys.ts only. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionKind } from '../../platform/access-token';
import { config } from '../../platform/config';
import { db, isConditionFailure, nowSeconds, transact } from '../../platform/table';
import { catalogueChangePut } from '../search/catalogue-changes';
import { contactKey, emailKey, loginAddressKey, loginAttemptsOf, loginClientKey, rateKey, sessionKey, sessionsOfUser, tokenKey, userKey, userRoleIndex, usersOfRole } from '../../platform/keys';
import { getAccount, type SessionRecord, withEndedSessions } from './sessions';
import type { UserRecord } from './account';
import { Contention } from '../../platform/errors';

const TableName = () => config.tableName;

/** The credentials and names of one registration: they take effect only through its own link. */
export interface Registration {
  role: 'user' | 'professor';
  passwordHash: string;
  firstName: string;
  lastName: string;
  name?: string;
}

export type TokenPurpose = 'activation' | 'password-reset';
export interface TokenRecord {
  purpose: TokenPurpose;
  userId: string;
  expiresAt: number;
  /** Activation tokens: the registration the link activates. */
  registration?: Registration;
}

export class EmailTaken extends Error {}

// Users ---------------------------------------------------------------------------------------

/** The user's item and the claim of its address, as createUser writes them (the catalogue generator writes the same). */
export const toUserItem = (user: UserRecord) => ({ ...userKey(user.userId), ...userRoleIndex(user.role, user.createdAt, user.userId), ...user });
export const toEmailClaimItem = (user: UserRecord) => ({ ...emailKey(user.email), userId: user.userId });

/** Creates the user and claims the address in one transaction: the address is unique by construction. */
export async function createUser(user: UserRecord): Promise<void> {
  try {
    await transact({
      TransactItems: [
        { Put: { TableName: TableName(), Item: toUserItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: TableName(), Item: toEmailClaimItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new EmailTaken();
    throw error;
  }
}

/** Undoes createUser while the account is still pending (its activation mail could not be sent). */
export async function deletePendingUser(user: UserRecord): Promise<void> {
  await transact({
    TransactItems: [
      { Delete: { TableName: TableName(), Key: userKey(user.userId), ConditionExpression: '#status = :pending', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':pending': 'pending' } } },
      { Delete: { TableName: TableName(), Key: emailKey(user.email), ConditionExpression: 'userId = :userId', ExpressionAttributeValues: { ':userId': user.userId } } },
    ],
  });
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

export async function recordLogin(userId: string, at: string): Promise<void> {
  await db.send(new UpdateCommand({ TableName: TableName(), Key: userKey(userId), UpdateExpression: 'SET lastLoginAt = :at', ExpressionAttributeValues: { ':at': at } }));
}

// One-time tokens -----------------------------------------------------------------------------

export async function putToken(tokenHash: string, token: TokenRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: TableName(), Item: { ...tokenKey(tokenHash), ...token } }));
}

export async function deleteToken(tokenHash: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: TableName(), Key: tokenKey(tokenHash) }));
}

export async function getToken(tokenHash: string): Promise<TokenRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: tokenKey(tokenHash) }));
  return Item as TokenRecord | undefined;
}

const unspentToken = (tokenHash: string, purpose: TokenPurpose, userId: string) => ({
  Delete: {
    TableName: TableName(),
    Key: tokenKey(tokenHash),
    ConditionExpression: 'purpose = :purpose AND expiresAt > :now AND userId = :userId',
    ExpressionAttributeValues: { ':purpose': purpose, ':now': nowSeconds(), ':userId': userId },
  },
});

/**
 * Spends an activation token and activates the account with that token's own registration, in one
 * transaction; false when the token is spent or expired, or the account is active already (the
 * links of every other registration of the address die with the first activation).
 */
export async function activate(tokenHash: string, userId: string, registration: Registration): Promise<boolean> {
  const values = { ...registration, ...usersOfRole(registration.role), status: 'active' };
  const names = Object.keys(values);
  try {
    await transact({
      TransactItems: [
        unspentToken(tokenHash, 'activation', userId),
        {
          Update: {
            TableName: TableName(),
            Key: userKey(userId),
            UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')} REMOVE activationTokenHash${registration.name === undefined ? ', #name' : ''}`,
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])), '#status': 'status', ...(registration.name === undefined && { '#name': 'name' }) },
            ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:f${i}`, values[n as keyof typeof values]])), ':pending': 'pending' },
          },
        },
        // An activated expert joins the directory.
        ...(registration.role === 'professor' ? [catalogueChangePut('expert', userId, userId)] : []),
      ],
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Spends the user's current reset token and sets the new password in one transaction. The account
 * becomes active too: following a link sent to the address proves its owner chose this password.
 */
export async function resetPassword(tokenHash: string, userId: string, passwordHash: string): Promise<boolean> {
  try {
    await transact({
      TransactItems: [
        unspentToken(tokenHash, 'password-reset', userId),
        {
          Update: {
            TableName: TableName(),
            Key: userKey(userId),
            UpdateExpression: 'SET passwordHash = :passwordHash, #status = :active REMOVE resetTokenHash, activationTokenHash',
            ConditionExpression: 'resetTokenHash = :hash',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':hash': tokenHash, ':passwordHash': passwordHash, ':active': 'active' },
          },
        },
        // A reset may activate a pending expert: the directory takes note (a no-op for anyone else).
        catalogueChangePut('expert', userId, userId),
      ],
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Makes a new reset token the user's current one; any earlier reset link stops working. */
export async function setCurrentResetToken(userId: string, tokenHash: string): Promise<void> {
  await db.send(new UpdateCommand({ TableName: TableName(), Key: userKey(userId), UpdateExpression: 'SET resetTokenHash = :hash', ExpressionAttributeValues: { ':hash': tokenHash } }));
}

// Counters in fixed windows (login attempts, rate limits) --------------------------------------

export interface WindowCount {
  count: number;
  firstAt: number;
}

/**
 * Counts one event in the key's current window, atomically, or opens a new window when the last one
 * has passed; returns the count in the window, this event included. Parallel calls each get their
 * own count, so no burst slips past a limit.
 */
async function countInWindow(key: { pk: string; sk: string }, windowSeconds: number): Promise<WindowCount> {
  const now = nowSeconds();
  for (let attempt = 0; attempt < 5; attempt++) {
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
    }
    try {
      await db.send(
        new PutCommand({
          TableName: TableName(),
          Item: { ...key, count: 1, firstAt: now, expiresAt: now + windowSeconds },
          // Only one of several parallel callers opens the window; the others count in it.
          ConditionExpression: 'attribute_not_exists(pk) OR firstAt <= :windowStart',
          ExpressionAttributeValues: { ':windowStart': now - windowSeconds },
        }),
      );
      return { count: 1, firstAt: now };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Contention(`window ${key.pk}`);
}

async function readWindow(key: { pk: string; sk: string }, windowSeconds: number): Promise<WindowCount | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: key, ConsistentRead: true }));
  if (!Item || (Item.firstAt as number) <= nowSeconds() - windowSeconds) return undefined;
  return { count: Item.count as number, firstAt: Item.firstAt as number };
}

export const countLoginGuess = (kind: SessionKind, email: string, clientIp: string, windowSeconds: number) => countInWindow(loginClientKey(kind, email, clientIp), windowSeconds);

/** A right password: this client's earlier wrong guesses for the address no longer count. */
export async function forgetLoginGuesses(kind: SessionKind, email: string, clientIp: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: TableName(), Key: loginClientKey(kind, email, clientIp) }));
}

export const countAddressFailure = (kind: SessionKind, email: string, windowSeconds: number) => countInWindow(loginAddressKey(kind, email), windowSeconds);
export const readAddressFailures = (kind: SessionKind, email: string, windowSeconds: number) => readWindow(loginAddressKey(kind, email), windowSeconds);

export const countRate = (limit: string, subject: string, windowSeconds: number) => countInWindow(rateKey(limit, subject), windowSeconds);

/** Gives back a counted event that did not happen after all (its mail could not be sent). */
export async function uncountRate(limit: string, subject: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: TableName(),
      Key: rateKey(limit, subject),
      UpdateExpression: 'ADD #count :minusOne',
      ConditionExpression: '#count > :zero',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    }),
  ).catch((error) => {
    if (!isConditionFailure(error)) throw error;
  });
}

// Sessions (refresh-token families) -----------------------------------------------------------

export async function putSession(session: SessionRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: TableName(), Item: { ...sessionKey(session.userId, session.sessionId), ...session } }));
}

/** Rotates the refresh token; false when another request rotated it first. The session's end stays where it is. */
export async function rotateSession(session: SessionRecord, newHash: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: sessionKey(session.userId, session.sessionId),
        UpdateExpression: 'SET tokenHash = :new, previousHash = :old, rotatedAt = :now',
        ConditionExpression: 'tokenHash = :old',
        ExpressionAttributeValues: { ':new': newHash, ':old': session.tokenHash, ':now': nowSeconds() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Ends sessions: records them on the account first, so that their access tokens are refused from
 * this moment (every request reads the account), then deletes them. Two endings at once both land
 * (optimistic lock on sessionsVersion).
 */
export async function endSessions(userId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await recordEndedSessions(userId, sessionIds);
  await Promise.all(sessionIds.map((sessionId) => db.send(new DeleteCommand({ TableName: TableName(), Key: sessionKey(userId, sessionId) }))));
}

async function recordEndedSessions(userId: string, sessionIds: string[]): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const account = await getAccount(userId);
    if (!account) return;
    const version = account.sessionsVersion;
    try {
      await db.send(
        new UpdateCommand({
          TableName: TableName(),
          Key: userKey(userId),
          UpdateExpression: 'SET endedSessions = :ended, sessionsVersion = :next',
          ConditionExpression: version === undefined ? 'attribute_not_exists(sessionsVersion)' : 'sessionsVersion = :version',
          ExpressionAttributeValues: { ':ended': withEndedSessions(account, sessionIds), ':next': (version ?? 0) + 1, ...(version !== undefined && { ':version': version }) },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Contention(`ended sessions of ${userId}`);
}

/** Ends every session of a user (password reset, ban). */
export async function endAllSessions(userId: string): Promise<void> {
  const { pk, skPrefix } = sessionsOfUser(userId);
  const sessionIds: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ProjectionExpression: 'sessionId',
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    sessionIds.push(...(page.Items ?? []).map((item) => item.sessionId as string));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  await endSessions(userId, sessionIds);
}

/** After a password reset nothing of the address's login history locks or slows its owner. */
export async function clearLoginAttempts(email: string): Promise<void> {
  for (const kind of ['user', 'admin'] as const) {
    const { Items } = await db.send(
      new QueryCommand({ TableName: TableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': loginAttemptsOf(kind, email).pk }, ProjectionExpression: 'pk, sk', ConsistentRead: true }),
    );
    await Promise.all((Items ?? []).map((item) => db.send(new DeleteCommand({ TableName: TableName(), Key: { pk: item.pk, sk: item.sk } }))));
  }
}

// Contact messages ----------------------------------------------------------------------------

export async function putContactMessage(messageId: string, message: Record<string, unknown>, expiresAt: number): Promise<void> {
  await db.send(new PutCommand({ TableName: TableName(), Item: { ...contactKey(messageId), ...message, expiresAt } }));
}

export async function deleteContactMessage(messageId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: TableName(), Key: contactKey(messageId) }));
}
