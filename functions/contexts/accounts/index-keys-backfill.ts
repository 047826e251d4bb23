/**
 * Local state written before the members index (GSI4, decision 181) and the activity index (GSI2
 * `ACTIVE#`, decision 168) holds member accounts without their keys: the admin's users list and
 * retention do not see them. `npm start` completes them once, with the keys the item mapper builds;
 * afterwards every account has them and nothing is written. Local only: it reads every member
 * through GSI1 by role, which no request path may do.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { GSI1, usersOfRole } from '../../platform/keys';
import { db } from '../../platform/table';
import { type AccountRecord, fromAccountItem, toAccountItem } from './account';

const MEMBER_ROLES = ['user', 'professor'] as const;

async function* membersLackingKeys(role: (typeof MEMBER_ROLES)[number]): AsyncGenerator<AccountRecord> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        // A deleted account keeps no activity (decision 167): only its members-index key can be missing.
        FilterExpression: 'attribute_not_exists(gsi4pk) OR (attribute_not_exists(lastActiveAt) AND NOT isDeleted = :deleted)',
        ExpressionAttributeValues: { ':pk': usersOfRole(role).gsi1pk, ':deleted': true },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) yield fromAccountItem(item);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Sets the index keys the mapper gives the account (and, unless deleted, a last activity: its last login, else its creation). */
async function completeKeys(account: AccountRecord): Promise<void> {
  const lastActiveAt = account.isDeleted ? undefined : (account.lastActiveAt ?? account.lastLoginAt ?? account.createdAt);
  const item: Record<string, unknown> = toAccountItem({ ...account, ...(lastActiveAt && { lastActiveAt }) });
  const set = Object.entries(item).filter(([name]) => /^gsi\d/.test(name) || (name === 'lastActiveAt' && lastActiveAt));
  await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: `SET ${set.map(([name]) => `#${name} = :${name}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(set.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(set.map(([name, value]) => [`:${name}`, value])),
    }),
  );
}

/** Completes the member accounts that lack an index key; answers how many. */
export async function completeMemberIndexKeys(): Promise<number> {
  let completed = 0;
  for (const role of MEMBER_ROLES) {
    for await (const account of membersLackingKeys(role)) {
      await completeKeys(account);
      completed++;
    }
  }
  return completed;
}
