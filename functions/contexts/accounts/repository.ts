/** DynamoDB access of the auth domain. Keys come from lib/keys.ts only. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionKind } from '../../platform/access-token';
import { config } from '../../platform/config';
import * as z from 'zod/mini';
import { batchGet, conditionalWrite, db, isConditionFailure, nowSeconds, transact } from '../../platform/table';
import { countInWindow, forgetWindow, readWindow } from '../../platform/rate-windows';
import { catalogueChangePut } from '../search/catalogue-changes';
import { accountCountWrite } from '../statistics/counter-writes';
import {
  GSI1,
  GSI2,
  accountActivityIndex,
  accountsActiveIn,
  contactKey,
  emailKey,
  loginAddressKey,
  loginAttemptsOf,
  loginClientKey,
  bannedMemberIndex,
  sessionKey,
  sessionsOfUser,
  tokenKey,
  userKey,
  usersOfRole,
} from '../../platform/keys';
import { fromSessionItem, type SessionRecord, toSessionItem, withEndedSessions } from './session';
import { type AccountRecord, fromAccountItem, toAccountItem, toEmailClaimItem } from './account';
import { Contention } from '../../platform/errors';
import { indexedAsRead, memberWordWrites } from './member-index';

const TableName = () => config.tableName;

/** The credentials and names of one registration: they take effect only through its own link. */
export interface Registration {
  role: 'user' | 'professor';
  passwordHash: string;
  firstName: string;
  lastName: string;
  name?: string;
}

export type TokenPurpose = 'activation' | 'password-reset' | 'email-change';
export interface TokenRecord {
  purpose: TokenPurpose;
  userId: string;
  expiresAt: number;
  /** Activation tokens: the registration the link activates. */
  registration?: Registration;
}

export class EmailTaken extends Error {}

// Users ---------------------------------------------------------------------------------------

/**
 * Creates the user and claims the address in one transaction: the address is unique by construction.
 * An account created active (by an admin, or the demo seed) counts in the statistics at once.
 */
export async function createUser(user: AccountRecord): Promise<void> {
  try {
    await transact({
      TransactItems: [
        { Put: { TableName: TableName(), Item: toAccountItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: TableName(), Item: toEmailClaimItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...(user.status === 'active' ? accountCountWrite(user.role, 1) : []),
        ...memberWordWrites(undefined, user),
      ],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new EmailTaken();
    throw error;
  }
}

/** Undoes createUser while the account is still pending (its activation mail could not be sent), and as it was created. */
export async function deletePendingUser(user: AccountRecord): Promise<void> {
  const asRead = indexedAsRead(user);
  await transact({
    TransactItems: [
      {
        Delete: {
          TableName: TableName(),
          Key: userKey(user.userId),
          ConditionExpression: `#status = :pending AND ${asRead.condition}`,
          ExpressionAttributeNames: { '#status': 'status', ...asRead.names },
          ExpressionAttributeValues: { ':pending': 'pending', ...asRead.values },
        },
      },
      ...memberWordWrites(user, undefined),
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

/** A sign-in: it is activity too, which moves the account to this month of the activity index. */
export async function recordLogin(userId: string, at: string): Promise<void> {
  await setActivity(userId, at, 'lastLoginAt = :at, ');
}

/** A session refresh: activity, which moves the account to this month of the activity index. */
export async function recordActivity(userId: string, at: string): Promise<void> {
  await setActivity(userId, at, '');
}

async function setActivity(userId: string, at: string, alsoSet: string): Promise<void> {
  const { gsi2pk, gsi2sk } = accountActivityIndex(at, userId);
  try {
    await db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: userKey(userId),
        UpdateExpression: `SET ${alsoSet}lastActiveAt = :at, gsi2pk = :month, gsi2sk = :sk`,
        // A deleted account stays out of the index, whatever a late refresh says.
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
        ExpressionAttributeValues: { ':at': at, ':month': gsi2pk, ':sk': gsi2sk },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Accounts whose last activity was in this month and before `before` (GSI2, sparse), a page at a time. */
export async function accountsLastActiveIn(month: string, before: string): Promise<string[]> {
  const ids: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TableName(),
        IndexName: GSI2,
        KeyConditionExpression: 'gsi2pk = :month AND gsi2sk < :before',
        ExpressionAttributeValues: { ':month': accountsActiveIn(month).gsi2pk, ':before': before },
        ProjectionExpression: 'userId',
        ExclusiveStartKey,
      }),
    );
    ids.push(...(page.Items ?? []).map((item) => emailClaimItem.parse(item).userId));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return ids;
}

/** Records the inactivity warning, unless the account was active since it was read (then no warning is due). */
export async function recordInactivityWarning(userId: string, lastActiveAt: string, at: string): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET inactivityWarnedAt = :at',
        ConditionExpression: 'lastActiveAt = :last AND attribute_not_exists(deletedAt)',
        ExpressionAttributeValues: { ':at': at, ':last': lastActiveAt },
      }),
    ),
  );
}

// The deletion's fence (decision 223) ------------------------------------------------------------

/**
 * Holds new payments of the account's orders until `until`, while its deletion checks what money is
 * left: a checkout is recorded only where neither member is held (paymentsOpenCheck). False when the
 * account is gone or deleted already.
 */
export async function holdPayments(userId: string, until: string): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET paymentsHeldUntil = :until',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
        ExpressionAttributeValues: { ':until': until },
      }),
    ),
  );
}

/** Lifts the hold this deletion set (a later one's is left alone); a lapsed hold needs no lifting. */
export async function releasePayments(userId: string, until: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: userKey(userId),
        UpdateExpression: 'REMOVE paymentsHeldUntil',
        ConditionExpression: 'paymentsHeldUntil = :until',
        ExpressionAttributeValues: { ':until': until },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The condition a payment's first write puts in its transaction: the member is neither deleted nor held for a deletion. */
export const paymentsOpenCheck = (userId: string, now: string) => ({
  ConditionCheck: {
    TableName: TableName(),
    Key: userKey(userId),
    ConditionExpression: 'attribute_not_exists(deletedAt) AND (attribute_not_exists(paymentsHeldUntil) OR paymentsHeldUntil < :now)',
    ExpressionAttributeValues: { ':now': now },
  },
});

/** What an account keeps once deleted: what others' records need (its id and role, a name for "Former member"). */
const KEPT_ON_DELETION = new Set(['pk', 'sk', 'userId', 'role', 'createdAt', 'status', 'gsi1pk', 'gsi1sk', 'sessionsVersion', 'endedSessions']);
const SET_ON_DELETION = { firstName: ':first', lastName: ':last', email: ':none', passwordHash: ':none', isDeleted: ':true', deletedAt: ':at' } as const;

/**
 * Anonymises the account and releases its address, in one transaction: every other field goes
 * (names become "Former member", the photo, the hashes, the expert's details, the hold), it leaves the
 * activity index, and the address can register again. False when it was deleted already, when the
 * payments hold `heldUntil` (set before the money was checked) is no longer this one or has lapsed,
 * or, for retention (`activeAt`), it was active since that was read.
 */
export async function anonymiseAccount(
  account: AccountRecord,
  names: { firstName: string; lastName: string },
  at: string,
  heldUntil: string,
  activeAt?: string,
): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: userKey(account.userId), ConsistentRead: true }));
  if (!Item) return false;
  const removed = Object.keys(Item).filter((field) => !KEPT_ON_DELETION.has(field) && !(field in SET_ON_DELETION));
  const set = Object.entries(SET_ON_DELETION).map(([field, value]) => `${field} = ${value}`);
  // It stops counting in the statistics if it counted (active, not archived), as read: the condition holds the read.
  const counted = Item.status === 'active' && Item.isDeleted !== true;
  const asRead = counted ? ' AND #status = :active AND attribute_not_exists(isDeleted)' : '';
  // Its search entries go with it, those of the account as read (the condition holds the read).
  const read = fromAccountItem(Item);
  const indexed = indexedAsRead(read);
  return conditionalWrite(
    transact({
      TransactItems: [
        {
          Update: {
            TableName: TableName(),
            Key: userKey(account.userId),
            UpdateExpression: `SET ${set.join(', ')}${removed.length ? ` REMOVE ${removed.map((_, i) => `#r${i}`).join(', ')}` : ''}`,
            ConditionExpression: `attribute_not_exists(deletedAt) AND paymentsHeldUntil = :held AND paymentsHeldUntil > :at${activeAt === undefined ? '' : ' AND lastActiveAt = :activeAt'}${asRead} AND ${indexed.condition}`,
            ExpressionAttributeNames: {
              ...Object.fromEntries(removed.map((field, i) => [`#r${i}`, field])),
              ...(counted && { '#status': 'status' }),
              ...indexed.names,
            },
            ExpressionAttributeValues: {
              ':first': names.firstName,
              ':last': names.lastName,
              ':none': '',
              ':true': true,
              ':at': at,
              ':held': heldUntil,
              ...(activeAt !== undefined && { ':activeAt': activeAt }),
              ...(counted && { ':active': 'active' }),
              ...indexed.values,
            },
          },
        },
        ...memberWordWrites(read, undefined),
        {
          Delete: {
            TableName: TableName(),
            Key: emailKey(account.email),
            ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
            ExpressionAttributeValues: { ':id': account.userId },
          },
        },
        // An expert leaves the directory and search.
        ...(account.role === 'professor' ? [catalogueChangePut('expert', account.userId, account.userId)] : []),
        ...(counted ? accountCountWrite(String(Item.role), -1) : []),
      ],
    }),
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
 * The write that moves an expert's rating by a review, for the transaction that stores it: the two
 * counters change by ADD (never a read-modify-write of an average), on an expert's item only. A
 * student's first review adds its stars and one; a later one only the change of stars, since each
 * student counts once (decision 272); a hidden review that counted takes its stars and one back out.
 */
export function expertReviewCounted(expertId: string, ratingChange: number, countChange: number) {
  return {
    Update: {
      TableName: TableName(),
      Key: userKey(expertId),
      UpdateExpression: 'ADD ratingSum :rating, reviews :count',
      ConditionExpression: 'attribute_exists(pk) AND #role = :professor',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':rating': ratingChange, ':count': countChange, ':professor': 'professor' },
    },
  };
}

/** The expert's rating counters set to what a recount of their reviews found (decision 272's one-time recount). */
export function expertRatingSet(expertId: string, ratingSum: number, count: number) {
  return {
    Update: {
      TableName: TableName(),
      Key: userKey(expertId),
      UpdateExpression: 'SET ratingSum = :sum, reviews = :count',
      ConditionExpression: 'attribute_exists(pk) AND #role = :professor',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':sum': ratingSum, ':count': count, ':professor': 'professor' },
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
 * Bans or unbans the account read a moment ago with the writes given (its audit entry), one
 * transaction: false, and nothing written, when it already was so. The directory takes note (an
 * expert's offers leave search or return); the account enters or leaves the banned list, and its
 * search entries say so. A change of the account meanwhile answers Contention, to be retried.
 */
export async function setBanned(account: AccountRecord, banned: boolean, writes: TransactionWrite[]): Promise<boolean> {
  if ((account.isBanned === true) === banned || account.role === 'admin') return false;
  const asRead = indexedAsRead(account);
  const { gsi3pk, gsi3sk } = bannedMemberIndex(account.createdAt, account.userId);
  try {
    await transact({
      TransactItems: [
        {
          Update: {
            TableName: TableName(),
            Key: userKey(account.userId),
            UpdateExpression: banned ? 'SET isBanned = :to, gsi3pk = :list, gsi3sk = :position' : 'SET isBanned = :to REMOVE gsi3pk, gsi3sk',
            ConditionExpression: `attribute_exists(pk) AND ${asRead.condition}`,
            ExpressionAttributeNames: asRead.names,
            ExpressionAttributeValues: { ':to': banned, ...(banned && { ':list': gsi3pk, ':position': gsi3sk }), ...asRead.values },
          },
        },
        catalogueChangePut('expert', account.userId, account.userId),
        ...memberWordWrites(account, { ...account, isBanned: banned }),
        ...writes,
      ],
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) throw new Contention(`ban of ${account.userId}`);
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
  purpose: z.enum(['activation', 'password-reset', 'email-change']),
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
export async function activate(tokenHash: string, account: AccountRecord, registration: Registration): Promise<boolean> {
  const { userId } = account;
  const values = { ...registration, ...usersOfRole(registration.role), status: 'active' };
  const names = Object.keys(values);
  // The pending account as read, whose search entries this registration's names replace.
  const asRead = indexedAsRead(account);
  const { name: _pendingName, ...kept } = account;
  const activated: AccountRecord = { ...kept, ...registration, status: 'active' };
  return conditionalWrite(
    transact({
      TransactItems: [
        unspentToken(tokenHash, 'activation', userId),
        {
          Update: {
            TableName: TableName(),
            Key: userKey(userId),
            UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')} REMOVE activationTokenHash${registration.name === undefined ? ', #name' : ''}`,
            ConditionExpression: `#status = :pending AND ${asRead.condition}`,
            ExpressionAttributeNames: {
              ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
              '#status': 'status',
              ...(registration.name === undefined && { '#name': 'name' }),
              ...asRead.names,
            },
            ExpressionAttributeValues: {
              ...Object.fromEntries(names.map((n, i) => [`:f${i}`, values[n as keyof typeof values]])),
              ':pending': 'pending',
              ...asRead.values,
            },
          },
        },
        ...memberWordWrites(account, activated),
        // An activated expert joins the directory.
        ...(registration.role === 'professor' ? [catalogueChangePut('expert', userId, userId)] : []),
        // An active account counts in the admin's statistics; a pending one does not (decision 177).
        ...accountCountWrite(registration.role, 1),
      ],
    }),
  );
}

/**
 * Spends the user's current reset token and sets the new password in one transaction. The account
 * becomes active too: following a link sent to the address proves its owner chose this password.
 * A pending account activated so starts counting in the statistics: the write holds only while the
 * account is still in the status it was read in, so it is counted once.
 */
export async function resetPassword(tokenHash: string, user: AccountRecord, passwordHash: string): Promise<boolean> {
  const userId = user.userId;
  return conditionalWrite(
    transact({
      TransactItems: [
        unspentToken(tokenHash, 'password-reset', userId),
        {
          Update: {
            TableName: TableName(),
            Key: userKey(userId),
            UpdateExpression: 'SET passwordHash = :passwordHash, #status = :active REMOVE resetTokenHash, activationTokenHash, mustChangePassword',
            ConditionExpression: 'resetTokenHash = :hash AND #status = :seen',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':hash': tokenHash, ':passwordHash': passwordHash, ':active': 'active', ':seen': user.status },
          },
        },
        ...(user.status === 'pending' ? accountCountWrite(user.role, 1) : []),
        // A reset may activate a pending expert: the directory takes note (a no-op for anyone else).
        catalogueChangePut('expert', userId, userId),
      ],
    }),
  );
}

/** Replaces the password, if it is still the one the change was checked against (two changes at once: one lands). */
export async function changePassword(userId: string, checkedHash: string, passwordHash: string): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: userKey(userId),
        // The member's own password now: one an admin set stops holding them back.
        UpdateExpression: 'SET passwordHash = :passwordHash REMOVE mustChangePassword',
        ConditionExpression: 'passwordHash = :checked',
        ExpressionAttributeValues: { ':passwordHash': passwordHash, ':checked': checkedHash },
      }),
    ),
  );
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

export const countLoginGuess = (kind: SessionKind, email: string, clientNetwork: string, windowSeconds: number) =>
  countInWindow(loginClientKey(kind, email, clientNetwork), windowSeconds);

/** A right password: this client's earlier wrong guesses for the address no longer count. */
export const forgetLoginGuesses = (kind: SessionKind, email: string, clientNetwork: string) => forgetWindow(loginClientKey(kind, email, clientNetwork));

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

/**
 * Rotates the refresh token, recording the use and its address; false when another request rotated
 * it first. The session's end stays where it is.
 */
export async function rotateSession(session: SessionRecord, newHash: string, ip: string): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: sessionKey(session.userId, session.sessionId),
        UpdateExpression: 'SET tokenHash = :new, previousHash = :old, rotatedAt = :now, lastUsedAt = :now, ip = :ip',
        ConditionExpression: 'tokenHash = :old',
        ExpressionAttributeValues: { ':new': newHash, ':old': session.tokenHash, ':now': nowSeconds(), ':ip': ip },
      }),
    ),
  );
}

/** An admin proved a code again in this session (a step-up): it counts for the next money decisions. */
export async function recordSessionCode(userId: string, sessionId: string, codeAt: number): Promise<void> {
  await conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: TableName(),
        Key: sessionKey(userId, sessionId),
        UpdateExpression: 'SET codeAt = :codeAt',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':codeAt': codeAt },
      }),
    ),
  );
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

/** Every stored session of the user (sessions end after 30 days: a handful per account). */
export async function sessionsOf(userId: string): Promise<SessionRecord[]> {
  const { pk, skPrefix } = sessionsOfUser(userId);
  const sessions: SessionRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    sessions.push(...(page.Items ?? []).map(fromSessionItem));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return sessions;
}

/** Ends every session of the user (but `except`, the one asking), and answers their ids. */
export async function endAllSessions(userId: string, except?: string): Promise<string[]> {
  const sessionIds = (await sessionsOf(userId)).map(({ sessionId }) => sessionId).filter((sessionId) => sessionId !== except);
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

/** Stores a contact message under a new id; false when that id is already stored (the same form sent again with its key). */
export async function putContactMessage(messageId: string, message: Record<string, unknown>, expiresAt: number): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new PutCommand({
        TableName: TableName(),
        Item: { ...contactKey(messageId), ...message, expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function contactMessageExists(messageId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: TableName(), Key: contactKey(messageId), ConsistentRead: true, ProjectionExpression: 'pk' }));
  return Item !== undefined;
}

export async function deleteContactMessage(messageId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: TableName(), Key: contactKey(messageId) }));
}
