/**
 * DynamoDB access of the admins' second factor: one item per admin beside the account item, read
 * by the admin login and the admin's own change of secret, written by an enrolment and that change. Both uses of a factor are conditional
 * writes, so two logins racing with one code or one recovery code open one session between them.
 * And each admin account's budget of codes, beside its login attempts.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { config } from '../../platform/config';
import { Contention } from '../../platform/errors';
import { loginCodesKey, secondFactorKey } from '../../platform/keys';
import { uncount } from '../../platform/rate-windows';
import { db, isConditionFailure } from '../../platform/table';
import type { SecondFactorRecord } from './second-factor';

const secondFactorItem = z.object({
  userId: z.string(),
  secret: z.string(),
  lastStep: z.optional(z.number()),
  // A string set; an empty one cannot be stored, so the attribute goes with the last code used.
  recoveryCodeHashes: z.optional(z.set(z.string())),
  enrolledAt: z.string(),
  pendingSecret: z.optional(z.string()),
  pendingExpiresAt: z.optional(z.string()),
});

const fromSecondFactorItem = (item: Record<string, unknown>): SecondFactorRecord => {
  const { recoveryCodeHashes, pendingSecret, pendingExpiresAt, ...record } = secondFactorItem.parse(item);
  return {
    ...record,
    recoveryCodeHashes: [...(recoveryCodeHashes ?? [])],
    ...(pendingSecret && pendingExpiresAt && { pending: { secret: pendingSecret, expiresAt: pendingExpiresAt } }),
  };
};

const toSecondFactorItem = ({ recoveryCodeHashes, pending, ...record }: SecondFactorRecord) => ({
  ...secondFactorKey(record.userId),
  ...record,
  ...(recoveryCodeHashes.length > 0 ? { recoveryCodeHashes: new Set(recoveryCodeHashes) } : {}),
  ...(pending && { pendingSecret: pending.secret, pendingExpiresAt: pending.expiresAt }),
});

/** Strongly consistent: a step or recovery code used a moment ago must read as used. */
export async function getSecondFactor(userId: string): Promise<SecondFactorRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: secondFactorKey(userId), ConsistentRead: true }));
  return Item && fromSecondFactorItem(Item);
}

/** Replaces the admin's factor: the old secret and recovery codes stop working at once. */
export async function putSecondFactor(record: SecondFactorRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: config.tableName, Item: toSecondFactorItem(record) }));
}

/** Keeps a new secret beside the factor in use until its first code confirms it; false when the admin has no factor. */
export const putPendingSecret = async (userId: string, pending: { secret: string; expiresAt: string }) =>
  (await updateIf(
    new UpdateCommand({
      TableName: config.tableName,
      Key: secondFactorKey(userId),
      UpdateExpression: 'SET pendingSecret = :secret, pendingExpiresAt = :expiresAt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':secret': pending.secret, ':expiresAt': pending.expiresAt },
    }),
  )) !== undefined;

/**
 * The write that puts the confirmed secret in place of the factor in use, for the transaction that
 * records it: only while that very secret is the one waiting (two confirmations at once: one lands).
 */
export const replacePendingWrite = (record: SecondFactorRecord, pendingSecret: string) => ({
  Put: {
    TableName: config.tableName,
    Item: toSecondFactorItem(record),
    ConditionExpression: 'pendingSecret = :pending',
    ExpressionAttributeValues: { ':pending': pendingSecret },
  },
});

/** Runs a conditional update: the item after it, or undefined when its condition refused it. */
async function updateIf(command: UpdateCommand): Promise<Record<string, unknown> | undefined> {
  try {
    return (await db.send(command)).Attributes ?? {};
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Records a code's step as used; false when this step or a later one was used already (a replay). */
export const spendStep = async (userId: string, step: number) =>
  (await updateIf(
    new UpdateCommand({
      TableName: config.tableName,
      Key: secondFactorKey(userId),
      UpdateExpression: 'SET lastStep = :step',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastStep) OR lastStep < :step)',
      ExpressionAttributeValues: { ':step': step },
    }),
  )) !== undefined;

/** Crosses a recovery code off: how many are left, or undefined when it is not (or no longer) one of the admin's. */
export async function spendRecoveryCode(userId: string, hash: string): Promise<number | undefined> {
  const after = await updateIf(
    new UpdateCommand({
      TableName: config.tableName,
      Key: secondFactorKey(userId),
      UpdateExpression: 'DELETE recoveryCodeHashes :used',
      ConditionExpression: 'contains(recoveryCodeHashes, :hash)',
      ExpressionAttributeValues: { ':used': new Set([hash]), ':hash': hash },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return after && fromSecondFactorItem(after).recoveryCodeHashes.length;
}

// The account's budget of codes (decision 263) -----------------------------------------------------

const codesItem = z.object({ count: z.number(), firstAt: z.number(), pausedUntil: z.optional(z.number()) });

/** Attempts at the conditional writes below before two racing callers are left to retry. */
const SLOT_ATTEMPTS = 5;

/**
 * A code about to be judged takes one of the account's `max` slots of the window, atomically, so that
 * no burst of parallel codes gets more judged: the slot's number, or undefined when none is free (the
 * window's slots are taken, or the account's codes are paused). Times are the app's clock in seconds.
 */
export async function takeCodeSlot(email: string, budget: { max: number; windowSeconds: number }, now: number): Promise<number | undefined> {
  const key = loginCodesKey(email);
  const windowStart = now - budget.windowSeconds;
  const notPaused = '(attribute_not_exists(pausedUntil) OR pausedUntil <= :now)';
  for (let attempt = 0; attempt < SLOT_ATTEMPTS; attempt++) {
    const counted = await updateIf(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'ADD #count :one SET firstAt = if_not_exists(firstAt, :now), expiresAt = :expiresAt',
        ConditionExpression: `(attribute_not_exists(pk) OR firstAt > :windowStart) AND (attribute_not_exists(#count) OR #count < :max) AND ${notPaused}`,
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':windowStart': windowStart, ':max': budget.max, ':expiresAt': now + 2 * budget.windowSeconds },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (counted) return codesItem.parse(counted).count;
    try {
      // The window has passed (and no pause holds): this code opens the next one.
      await db.send(
        new PutCommand({
          TableName: config.tableName,
          Item: { ...key, count: 1, firstAt: now, expiresAt: now + 2 * budget.windowSeconds },
          ConditionExpression: `attribute_not_exists(pk) OR (firstAt <= :windowStart AND ${notPaused})`,
          ExpressionAttributeValues: { ':windowStart': windowStart, ':now': now },
        }),
      );
      return 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));
    const codes = Item && codesItem.parse(Item);
    if (codes && ((codes.pausedUntil ?? 0) > now || (codes.firstAt > windowStart && codes.count >= budget.max))) return undefined;
  }
  throw new Contention(`code slots of ${email}`);
}

/** A right code frees its slot: only wrong codes spend the budget. */
export const giveBackCodeSlot = (email: string) => uncount(loginCodesKey(email));

/** Pauses the account's codes until `until`; true for the one caller that started this pause (it tells the admin). */
export const pauseCodes = async (email: string, until: number, now: number) =>
  (await updateIf(
    new UpdateCommand({
      TableName: config.tableName,
      Key: loginCodesKey(email),
      UpdateExpression: 'SET pausedUntil = :until, expiresAt = :until',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(pausedUntil) OR pausedUntil <= :now)',
      ExpressionAttributeValues: { ':until': until, ':now': now },
    }),
  )) !== undefined;
