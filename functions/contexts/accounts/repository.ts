/** DynamoDB access of the auth domain. Keys come from lib/keys.ts only. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionKind } from '../../platform/access-token';
import { config } from '../../platform/config';
import * as z from 'zod/mini';
import { batchGet, db, isConditionFailure, nowSeconds, transact } from '../../platform/table';
import { countInWindow, forgetWindow, readWindow } from '../../platform/rate-windows';
import { catalogueChangePut } from '../search/catalogue-changes';
import {
  GSI1,
  contactKey,
  emailKey,
  loginAddressKey,
  loginAttemptsOf,
  loginClientKey,
  sessionKey,
  sessionsOfUser,
  tokenKey,
  userKey,
  usersOfRole,
} from '../../platform/keys';
import { fromSessionItem, type SessionRecord, toSessionItem, withEndedSessions } from './session';
import { type AccountRecord, fromAccountItem, toAccountItem, toEmailClaimItem } from './account';
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

/** Creates the user and claims the address in one transaction: the address is unique by construction. */
export async function createUser(user: AccountRecord): Promise<void> {
  try {
    await transact({
      TransactItems: [
        { Put: { TableName: TableName(), Item: toAccountItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: TableName(), Item: toEmailClaimItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new EmailTaken();
    throw error;
  }
}

/** Undoes createUser while the account is still pending (its activation mail could not be sent). */
export async function deletePendingUser(user: AccountRecord): Promise<void> {
  await transact({
    TransactItems: [
      {
        Delete: {
          TableName: TableName(),
          Key: userKey(user.userId),
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending' },
        },
      },
      {
        Delete: {
          TableName: TableName(),
          Key: emailKey(user.email),
          ConditionExpression: 'userId = :userId',
          ExpressionAttributeValues: { ':userId': user.userId },
        },
      },
    ],
  });
}

const emailClaimItem = z.object({ userId: z.string() });

export async function findAccountIdByEmail(email: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: emailKey(email) }));
  return Item && emailClaimItem.parse(Item).userId;
}

/**
 * An account by id. Strongly consistent where a change of a moment ago must count (the session
 * check: a session ended a moment ago must not let a request through).
 */
export async function getAccount(userId: string, options: { consistent?: boolean } = {}): Promise<AccountRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: userKey(userId), ConsistentRead: options.consistent }));
  return Item && fromAccountItem(Item);
}

/** Accounts by id in one BatchGetItem (up to 100 a call), as a map by id. */
export async function getAccounts(userIds: string[]): Promise<Map<string, AccountRecord>> {
  const accounts = (await batchGet(TableName(), userIds.map(userKey))).map(fromAccountItem);
  return new Map(accounts.map((account) => [account.userId, account]));
}

/** Every expert account (GSI1 by role, a page at a time): the search index's build. */
export async function allExperts(): Promise<AccountRecord[]> {
  const experts: AccountRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TableName(),
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': usersOfRole('professor').gsi1pk },
        ExclusiveStartKey,
      }),
    );
    experts.push(...(page.Items ?? []).map(fromAccountItem));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return experts;
}

export async function findAccountByEmail(email: string): Promise<AccountRecord | undefined> {
  const userId = await findAccountIdByEmail(email);
  return userId ? getAccount(userId) : undefined;
}

export async function recordLogin(userId: string, at: string): Promise<void> {
  await db.send(
    new UpdateCommand({ TableName: TableName(), Key: userKey(userId), UpdateExpression: 'SET lastLoginAt = :at', ExpressionAttributeValues: { ':at': at } }),
  );
}

// Payout accounts --------------------------------------------------------------------------------

/**
 * Records an expert's payout account, once: of two created at the same moment the first recorded
 * stays. Answers the account id the expert has now.
 */
export async function recordPayoutAccount(userId: string, payoutAccountId: string): Promise<string> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET payoutAccountId = :id',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(payoutAccountId)',
        ExpressionAttributeValues: { ':id': payoutAccountId },
      }),
    );
    return payoutAccountId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const account = await getAccount(userId, { consistent: true });
    if (!account?.payoutAccountId) throw error;
    return account.payoutAccountId;
  }
}

/**
 * The write that counts one review of `rating` stars for an expert, for the transaction that stores
 * the review: the two counters grow by ADD (never a read-modify-write of an average), on an expert's
 * item only.
 */
export function expertReviewCounted(expertId: string, rating: number) {
  return {
    Update: {
      TableName: TableName(),
      Key: userKey(expertId),
      UpdateExpression: 'ADD ratingSum :rating, reviews :one',
      ConditionExpression: 'attribute_exists(pk) AND #role = :professor',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':rating': rating, ':one': 1, ':professor': 'professor' },
    },
  };
}

/** Whether the expert can be paid, as the provider says; the directory takes note. Only for the account recorded. */
export async function setPayoutsEnabled(userId: string, payoutAccountId: string, payoutsEnabled: boolean): Promise<void> {
  try {
    await transact({
      TransactItems: [
        {
          Update: {
            TableName: TableName(),
            Key: userKey(userId),
            UpdateExpression: 'SET payoutsEnabled = :enabled, isStripeConnected = :connected',
            ConditionExpression: 'payoutAccountId = :id',
            ExpressionAttributeValues: { ':enabled': payoutsEnabled, ':connected': true, ':id': payoutAccountId },
          },
        },
        catalogueChangePut('expert', userId, userId),
      ],
    });
  } catch (error) {
    // An account the expert no longer has (or never had in this stage): nothing to record.
    if (!isConditionFailure(error)) throw error;
  }
}

type TransactionWrite = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Bans or unbans the account with the writes given (its audit entry), one transaction: false, and
 * nothing written, when it already was so. The directory takes note (an expert's offers leave search or return).
 */
export async function setBanned(userId: string, banned: boolean, writes: TransactionWrite[]): Promise<boolean> {
  try {
    await transact({
      TransactItems: [
        {
          Update: {
            TableName: TableName(),
            Key: userKey(userId),
            UpdateExpression: 'SET isBanned = :to',
            ConditionExpression: banned
              ? 'attribute_exists(pk) AND #role <> :admin AND (attribute_not_exists(isBanned) OR isBanned = :from)'
              : 'attribute_exists(pk) AND isBanned = :from',
            ExpressionAttributeNames: banned ? { '#role': 'role' } : undefined,
            ExpressionAttributeValues: { ':to': banned, ':from': !banned, ...(banned && { ':admin': 'admin' }) },
          },
        },
        catalogueChangePut('expert', userId, userId),
        ...writes,
      ],
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// One-time tokens -----------------------------------------------------------------------------

export async function putToken(tokenHash: string, token: TokenRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: TableName(), Item: { ...tokenKey(tokenHash), ...token } }));
}

export async function deleteToken(tokenHash: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: TableName(), Key: tokenKey(tokenHash) }));
}

const registrationItem: z.ZodMiniType<Registration> = z.object({
  role: z.enum(['user', 'professor']),
  passwordHash: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.optional(z.string()),
});
const tokenItem: z.ZodMiniType<TokenRecord> = z.object({
  purpose: z.enum(['activation', 'password-reset']),
  userId: z.string(),
  expiresAt: z.number(),
  registration: z.optional(registrationItem),
});

export async function getToken(tokenHash: string): Promise<TokenRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: tokenKey(tokenHash) }));
  return Item && tokenItem.parse(Item);
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
            ExpressionAttributeNames: {
              ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
              '#status': 'status',
              ...(registration.name === undefined && { '#name': 'name' }),
            },
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

/** Replaces the password, if it is still the one the change was checked against (two changes at once: one lands). */
export async function changePassword(userId: string, checkedHash: string, passwordHash: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET passwordHash = :passwordHash',
        ConditionExpression: 'passwordHash = :checked',
        ExpressionAttributeValues: { ':passwordHash': passwordHash, ':checked': checkedHash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Makes a new reset token the user's current one; any earlier reset link stops working. */
export async function setCurrentResetToken(userId: string, tokenHash: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: TableName(),
      Key: userKey(userId),
      UpdateExpression: 'SET resetTokenHash = :hash',
      ExpressionAttributeValues: { ':hash': tokenHash },
    }),
  );
}

// Counters in fixed windows (login attempts, rate limits) --------------------------------------

export const countLoginGuess = (kind: SessionKind, email: string, clientIp: string, windowSeconds: number) =>
  countInWindow(loginClientKey(kind, email, clientIp), windowSeconds);

/** A right password: this client's earlier wrong guesses for the address no longer count. */
export const forgetLoginGuesses = (kind: SessionKind, email: string, clientIp: string) => forgetWindow(loginClientKey(kind, email, clientIp));

export const countAddressFailure = (kind: SessionKind, email: string, windowSeconds: number) => countInWindow(loginAddressKey(kind, email), windowSeconds);
export const readAddressFailures = (kind: SessionKind, email: string, windowSeconds: number) => readWindow(loginAddressKey(kind, email), windowSeconds);

// Sessions (refresh-token families) -----------------------------------------------------------

export async function putSession(session: SessionRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: TableName(), Item: toSessionItem(session) }));
}

/** Strongly consistent: a session ended a moment ago must not let a request through. */
export async function getSession(userId: string, sessionId: string): Promise<SessionRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: sessionKey(userId, sessionId), ConsistentRead: true }));
  return Item && fromSessionItem(Item);
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
    const account = await getAccount(userId, { consistent: true });
    if (!account) return;
    const version = account.sessionsVersion;
    try {
      await db.send(
        new UpdateCommand({
          TableName: TableName(),
          Key: userKey(userId),
          UpdateExpression: 'SET endedSessions = :ended, sessionsVersion = :next',
          ConditionExpression: version === undefined ? 'attribute_not_exists(sessionsVersion)' : 'sessionsVersion = :version',
          ExpressionAttributeValues: {
            ':ended': withEndedSessions(account, sessionIds),
            ':next': (version ?? 0) + 1,
            ...(version !== undefined && { ':version': version }),
          },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Contention(`ended sessions of ${userId}`);
}

const sessionIdItem = z.object({ sessionId: z.string() });

/** Ends every session of a user (password reset, ban); answers their ids. */
/** Ends every session of the user (but `except`, the one asking), and answers their ids. */
export async function endAllSessions(userId: string, except?: string): Promise<string[]> {
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
    sessionIds.push(...(page.Items ?? []).map((item) => sessionIdItem.parse(item).sessionId).filter((sessionId) => sessionId !== except));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  await endSessions(userId, sessionIds);
  return sessionIds;
}

/** After a password reset nothing of the address's login history locks or slows its owner. */
export async function clearLoginAttempts(email: string): Promise<void> {
  for (const kind of ['user', 'admin'] as const) {
    const { Items } = await db.send(
      new QueryCommand({
        TableName: TableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': loginAttemptsOf(kind, email).pk },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
      }),
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
