/**
 * DynamoDB access of the admin's users: the lists of members (GSI4 and GSI3, decision 206) and the
 * changes an admin makes to a member. Every change is one transaction with the writes the caller
 * adds (its audit entry, a catalogue change) and the member's search entries, and is refused for
 * admin accounts by its condition.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { config } from '../../platform/config';
import { type MemberListName, memberIndex, memberList, userKey, userRoleIndex } from '../../platform/keys';
import { conditionalWrite, db, isConditionFailure, transact } from '../../platform/table';
import { type AccountRecord, toAccountItem, toEmailClaimItem } from './account';
import { indexedAsRead, memberWordWrites } from './member-index';
import { EmailTaken } from './repository';

export type ExtraWrites = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** What the lists hold of a member (GSI4 projects these; GSI3 has the whole account): what the list matches and filters on. */
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
 * The ids of the members of a list that `matches` keeps, newest first, at most `limit`, after the
 * position `after`; `next` when more may follow. The first read takes one page's worth, each next
 * one 8 times more, at most READS of them: a filter that keeps few of the list's members answers
 * what it found with `next` where it stopped, so no request reads more than READS pages, whatever
 * the number of members.
 */
export async function memberIds(
  name: MemberListName,
  matches: (entry: MemberEntry) => boolean,
  limit: number,
  after?: string,
): Promise<{ ids: string[]; next?: string }> {
  const list = memberList(name);
  const ids: string[] = [];
  let lastKept = '';
  let lastRead = after;
  let ExclusiveStartKey: Record<string, unknown> | undefined = after ? list.startAfter(after) : undefined;
  let size = limit + 1;
  for (let read = 0; read < READS; read++) {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: list.index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': list.partitionKey },
        ExpressionAttributeValues: { ':pk': list.partition },
        ScanIndexForward: false,
        // At most READ_MAX entries a read (about 0.5 MB: reads cut at DynamoDB's 1 MB failed in
        // DynamoDB Local, InternalFailure, in the benchmark at 10,000 accounts).
        Limit: Math.min(size, READ_MAX),
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const entry = memberEntry.parse(item);
      lastRead = String(item[list.sortKey]);
      if (!matches(entry)) continue;
      if (ids.length === limit) return { ids, next: lastKept };
      ids.push(entry.userId);
      lastKept = lastRead;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
    if (!ExclusiveStartKey) return { ids };
    size *= 8;
  }
  return { ids, ...(lastRead !== undefined && { next: lastRead }) };
}

/** Queries of one list a request makes at most (21, 168, 1,344, then 2,500 entries). */
const READS = 6;
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
        ...memberWordWrites(undefined, account),
        ...extra,
      ],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new EmailTaken();
    throw error;
  }
}

/**
 * Sets fields of a member (and moves them to their role's partition of GSI1 when the role changes,
 * to the archived or listed partition of GSI4 when archived or restored), with their search entries,
 * only while the member is as `account` says. False when the member changed meanwhile.
 */
export async function updateMember(
  account: AccountRecord,
  set: Partial<Pick<AccountRecord, 'firstName' | 'lastName' | 'role' | 'isDeleted' | 'isVerified' | 'verifiedNote' | 'verifiedAt'>>,
  remove: ('isDeleted' | 'isVerified' | 'verifiedNote' | 'verifiedAt')[],
  extra: ExtraWrites,
): Promise<boolean> {
  const after: AccountRecord = { ...account, ...set };
  for (const field of remove) delete after[field];
  const fields: Record<string, unknown> = {
    ...set,
    ...(set.role && userRoleIndex(set.role, account.createdAt, account.userId)),
    ...((set.isDeleted || remove.includes('isDeleted')) && memberIndex(after)),
  };
  const names = Object.keys(fields);
  const clauses = [
    ...(names.length > 0 ? [`SET ${names.map((field) => `#${field} = :${field}`).join(', ')}`] : []),
    ...(remove.length > 0 ? [`REMOVE ${remove.map((field) => `#${field}`).join(', ')}`] : []),
  ];
  // Read a moment ago: a change made meanwhile (another admin's edit, an archive, a restore, a ban) is
  // not overwritten blindly, the statistics' counters move once, and the search entries replaced are those read.
  const asRead = indexedAsRead(account);
  return conditionalWrite(
    transact({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName,
            Key: userKey(account.userId),
            UpdateExpression: clauses.join(' '),
            ConditionExpression: `${notAdmin.ConditionExpression} AND ${asRead.condition}`,
            ExpressionAttributeNames: { ...Object.fromEntries(['role', ...names, ...remove].map((field) => [`#${field}`, field])), ...asRead.names },
            ExpressionAttributeValues: {
              ':admin': 'admin',
              ...Object.fromEntries(names.map((field) => [`:${field}`, fields[field]])),
              ...asRead.values,
            },
          },
        },
        ...memberWordWrites(account, after),
        ...extra,
      ],
    }),
  );
}
