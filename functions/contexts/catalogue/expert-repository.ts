/** Reading accounts for the catalogue: by id, one or a page at a time. Keys from lib/keys.ts only. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { batchGet, db } from '../../platform/table';
import { userKey } from '../../platform/keys';
import type { AccountRecord } from '../accounts/account';

export async function getUser(userId: string): Promise<AccountRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: userKey(userId) }));
  return Item as AccountRecord | undefined;
}

/** Accounts by id in one BatchGetItem (up to 100), as a map by id. */
export async function getUsers(userIds: string[]): Promise<Map<string, AccountRecord>> {
  const items = (await batchGet(config.tableName, userIds.map(userKey))) as AccountRecord[];
  return new Map(items.map((user) => [user.userId, user]));
}
