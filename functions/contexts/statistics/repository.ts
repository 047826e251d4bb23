/** DynamoDB access of the admin's statistics. Keys come from platform/keys.ts only, item shapes from statistics.ts only. */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { STATISTICS_COUNTERS, STATISTICS_DAYS, statisticsDayKey } from '../../platform/keys';
import { countersWrite } from './counter-writes';
import { conditionalWrite, db } from '../../platform/table';
import { type CounterDelta, type Counters, type DaySnapshot, fromCountersItem, fromSnapshotItem, sumOfShards, toSnapshotItem } from './statistics';

/** The counters now: one Query of their shards' partition. */
export async function counters(): Promise<Counters> {
  const { Items = [] } = await db.send(
    new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': STATISTICS_COUNTERS } }),
  );
  return sumOfShards(Items.map(fromCountersItem));
}

/** Adds to the counters outside a transaction: the demo seed, for what it writes as it is. */
export async function addToCounters(delta: CounterDelta): Promise<void> {
  for (const { Update } of countersWrite(delta)) await db.send(new UpdateCommand(Update));
}

/** The snapshots from `fromDay` on, oldest first: one Query of the days' partition (a page holds a year of them). */
export async function snapshotsSince(fromDay: string): Promise<DaySnapshot[]> {
  const snapshots: DaySnapshot[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND sk >= :from',
        ExpressionAttributeValues: { ':pk': STATISTICS_DAYS, ':from': fromDay },
        ExclusiveStartKey,
      }),
    );
    snapshots.push(...(page.Items ?? []).map(fromSnapshotItem));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return snapshots;
}

export async function hasSnapshot(day: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: statisticsDayKey(day), ProjectionExpression: 'pk' }));
  return Item !== undefined;
}

/** Stores a day's snapshot once; false when it is there already (two runs of the job at once). */
export async function putSnapshot(snapshot: DaySnapshot): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...statisticsDayKey(snapshot.day), ...toSnapshotItem(snapshot) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** Writes a day's snapshot as it is (the demo seed's history). */
export async function seedSnapshot(snapshot: DaySnapshot): Promise<void> {
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...statisticsDayKey(snapshot.day), ...toSnapshotItem(snapshot) } }));
}
