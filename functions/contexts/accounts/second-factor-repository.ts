/**
 * DynamoDB access of the admins' second factor: one item per admin beside the account item, read
 * by the admin login and the admin's own change of secret, written by an enrolment and that change. Both uses of a factor are conditional
 * writes, so two logins racing with one code or one recovery code open one session between them.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { config } from '../../platform/config';
import { secondFactorKey } from '../../platform/keys';
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
