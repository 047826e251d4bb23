/**
 * Calls sent back for revision before calls stopped being delivered (decision 250) waited with no
 * deadline; they now have one, the refund in full 7 days after the request for changes. `npm start`
 * (local state) and `npm run migrate` (a stage, after its deploy) date them once: every order is
 * read once, each whose stored deadline is not the one the rules now give gets it, and a marker
 * records that it ran. An order that moves meanwhile gets its deadline from that move.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '../../platform/clock';
import { config } from '../../platform/config';
import { migrationKey } from '../../platform/keys';
import { db } from '../../platform/table';
import { dueAtOf } from './order';
import * as repo from './repository';

const MIGRATION = 'deadlines-dated';

/** Orders given their deadline now; undefined when it had run before. */
export async function dateMissingDeadlines(): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: migrationKey(MIGRATION), ConsistentRead: true }));
  if (Item) return undefined;
  let dated = 0;
  for await (const order of repo.allOrders()) {
    if (dueAtOf(order) === order.dueAt) continue;
    if (await repo.commitMove([repo.orderChange(order, {}, nowIso())])) dated++;
  }
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...migrationKey(MIGRATION), at: nowIso(), dated } }));
  return dated;
}
