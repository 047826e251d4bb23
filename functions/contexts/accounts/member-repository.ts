/**
 * DynamoDB access of the admin's users: the members list (GSI4, slim) and the changes an admin makes
 * to a member. Every change is one transaction with the writes the caller adds (its audit entry, a
 * catalogue change), and is refused for admin accounts by its condition.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { config } from '../../platform/config';
import { GSI4, MEMBERS, userKey, userRoleIndex } from '../../platform/keys';
import { db, isConditionFailure, transact } from '../../platform/table';
import { type AccountRecord, toAccountItem, toEmailClaimItem } from './account';
import { EmailTaken } from './repository';

export type ExtraWrites = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** What GSI4 holds of a member: the fields the list matches and filters on. */
const memberEntry = z.object({
  userId: z.string(),
  role: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.optional(z.string()),
  email: z.string(),
  isBanned: z.optional(z.boolean()),
  isDeleted: z.optional(z.boolean()),
});
export type MemberEntry = z.infer<typeof memberEntry>;

/**
 * The ids of the members `matches` keeps, newest first, at most `limit`, after the position `after`
 * (a GSI4 sort key); `next` when more may follow. Reads GSI4 until the page is full: a search that
 * matches few members reads the whole index (about 2 MB for 10,000 accounts).
 */
export async function memberIds(matches: (entry: MemberEntry) => boolean, limit: number, after?: string): Promise<{ ids: string[]; next?: string }> {
  const ids: string[] = [];
  let lastKept = '';
  let ExclusiveStartKey: Record<string, unknown> | undefined = after ? startKeyAt(after) : undefined;
  let reads = limit + 1;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: GSI4,
        KeyConditionExpression: 'gsi4pk = :pk',
        ExpressionAttributeValues: { ':pk': MEMBERS },
        ScanIndexForward: false,
        // The first read takes one page's worth, so the unfiltered list (the admin's first look) reads
        // no more than it shows; each next read takes 8 times more, up to READ_MAX entries (about
        // 0.5 MB: reads cut at DynamoDB's 1 MB failed in DynamoDB Local, InternalFailure, in the
        // benchmark at 10,000 accounts), so a filter finds its page in a few reads.
        Limit: Math.min(reads, READ_MAX),
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const entry = memberEntry.parse(item);
      if (!matches(entry)) continue;
      if (ids.length === limit) return { ids, next: lastKept };
      ids.push(entry.userId);
      lastKept = String(item.gsi4sk);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
    reads *= 8;
  } while (ExclusiveStartKey);
  return { ids };
}

/** A GSI4 position as an ExclusiveStartKey: the index's keys and the table's (`<createdAt>#<userId>` names the user). */
function startKeyAt(position: string): Record<string, unknown> {
  const userId = position.slice(position.lastIndexOf('#') + 1);
  return { gsi4pk: MEMBERS, gsi4sk: position, ...userKey(userId) };
}

/** Entries of GSI4 read at most at once (about 200 bytes each). */
const READ_MAX = 2500;

const notAdmin = { ConditionExpression: 'attribute_exists(pk) AND #role <> :admin' };

/** Creates a member and claims the address, with the caller's writes; EmailTaken when the address has an account. */
export async function createMember(account: AccountRecord, extra: ExtraWrites): Promise<void> {
  try {
    await transact({
      TransactItems: [
        { Put: { TableName: config.tableName, Item: toAccountItem(account), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: config.tableName, Item: toEmailClaimItem(account), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...extra,
      ],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new EmailTaken();
    throw error;
  }
}

/**
 * Sets fields of a member (and moves them to their role's partition of GSI1 when the role changes),
 * only while the member is as `expected` says. False when the member changed meanwhile.
 */
export async function updateMember(
  account: AccountRecord,
  set: Partial<Pick<AccountRecord, 'firstName' | 'lastName' | 'role' | 'isDeleted' | 'isVerified' | 'verifiedNote' | 'verifiedAt'>>,
  remove: ('isDeleted' | 'isVerified' | 'verifiedNote' | 'verifiedAt')[],
  extra: ExtraWrites,
): Promise<boolean> {
  const fields: Record<string, unknown> = { ...set, ...(set.role && userRoleIndex(set.role, account.createdAt, account.userId)) };
  const names = Object.keys(fields);
  const clauses = [
    ...(names.length > 0 ? [`SET ${names.map((field) => `#${field} = :${field}`).join(', ')}`] : []),
    ...(remove.length > 0 ? [`REMOVE ${remove.map((field) => `#${field}`).join(', ')}`] : []),
  ];
  try {
    await transact({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName,
            Key: userKey(account.userId),
            UpdateExpression: clauses.join(' '),
            // Read a moment ago: a change made meanwhile (another admin's edit of the role, an archive or
            // a restore) is not overwritten blindly, and the statistics' counters move once.
            ConditionExpression: `${notAdmin.ConditionExpression} AND #role = :was AND ${account.isDeleted ? '#isDeleted = :true' : 'attribute_not_exists(#isDeleted)'}`,
            ExpressionAttributeNames: Object.fromEntries(['role', 'isDeleted', ...names, ...remove].map((field) => [`#${field}`, field])),
            ExpressionAttributeValues: {
              ':admin': 'admin',
              ':was': account.role,
              ...(account.isDeleted && { ':true': true }),
              ...Object.fromEntries(names.map((field) => [`:${field}`, fields[field]])),
            },
          },
        },
        ...extra,
      ],
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
