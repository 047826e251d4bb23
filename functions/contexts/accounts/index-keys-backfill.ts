/**
 * State written before the members index (GSI4, decision 181), the activity index (GSI2
 * `ACTIVE#`, decision 168) or the admin's search entries (decision 206) holds member accounts
 * whose index keys are missing or of an older form: the admin's users list and retention do not see
 * them. `npm start` (local state) and `npm run migrate` (a deployed stage, after its deploy) complete
 * them once, with the keys the item mapper builds today, and write the search entries of an account
 * whose members-index key changed (the entries came with its present form); afterwards every
 * account is as the mapper makes it and nothing is written. An operator's run, never a request's: it
 * reads every member through GSI1 by role.
 */
import { paginateQuery, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { GSI1, usersOfRole } from '../../platform/keys';
import { db } from '../../platform/table';
import { type AccountRecord, fromAccountItem, toAccountItem } from './account';
import { memberWordItems } from './member-index';

const MEMBER_ROLES = ['user', 'professor'] as const;

async function* membersOf(role: (typeof MEMBER_ROLES)[number]): AsyncGenerator<Record<string, unknown>> {
  const pages = paginateQuery(
    { client: db },
    { TableName: config.tableName, IndexName: GSI1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': usersOfRole(role).gsi1pk } },
  );
  for await (const page of pages) yield* page.Items ?? [];
}

/**
 * The attributes the stored item lacks or holds otherwise than the mapper gives them: its index
 * keys, and, unless deleted, a last activity (its last login, else its creation).
 */
function staleAttributes(stored: Record<string, unknown>, account: AccountRecord): [string, unknown][] {
  const lastActiveAt = account.isDeleted ? undefined : (account.lastActiveAt ?? account.lastLoginAt ?? account.createdAt);
  const item: Record<string, unknown> = toAccountItem({ ...account, ...(lastActiveAt && { lastActiveAt }) });
  return Object.entries(item).filter(([name, value]) => (/^gsi\d/.test(name) || name === 'lastActiveAt') && stored[name] !== value);
}

async function complete(stored: Record<string, unknown>, account: AccountRecord, stale: [string, unknown][]): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: { pk: stored.pk, sk: stored.sk },
      UpdateExpression: `SET ${stale.map(([name]) => `#${name} = :${name}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(stale.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(stale.map(([name, value]) => [`:${name}`, value])),
    }),
  );
  if (stale.some(([name]) => name === 'gsi4pk')) {
    for (const Item of memberWordItems(account)) await db.send(new PutCommand({ TableName: config.tableName, Item }));
  }
}

/** Completes the member accounts whose index keys are missing or of an older form; answers how many. */
export async function completeMemberIndexKeys(): Promise<number> {
  let completed = 0;
  for (const role of MEMBER_ROLES) {
    for await (const stored of membersOf(role)) {
      const account = fromAccountItem(stored);
      const stale = staleAttributes(stored, account);
      if (stale.length === 0) continue;
      await complete(stored, account, stale);
      completed++;
    }
  }
  return completed;
}
