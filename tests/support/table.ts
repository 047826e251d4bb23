/**
 * Direct access to the local table for arranging states no API call reaches yet (an expired link,
 * a banned account) and for checking what was stored. Reads and writes the real DynamoDB Local.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type Shard } from '@aws-sdk/client-dynamodb-streams';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, paginateQuery, paginateScan, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { localCalls } from '../../scripts/local/dynamodb';
import { stackEnv } from './stack';

let client: DynamoDBDocumentClient | undefined;

/** Where the stack's table is, and its local credentials: for a client of the table or of its stream. */
function stackTableOptions() {
  const env = stackEnv();
  return {
    endpoint: env.DYNAMODB_ENDPOINT,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  };
}

function table() {
  const env = stackEnv();
  if (!client) {
    const local = new DynamoDBClient(stackTableOptions());
    localCalls(local);
    client = DynamoDBDocumentClient.from(local);
  }
  return { client, name: env.TABLE_NAME };
}

export async function getItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
  const { client, name } = table();
  return (await client.send(new GetCommand({ TableName: name, Key: key }))).Item;
}

export async function setAttributes(key: { pk: string; sk: string }, values: Record<string, unknown>): Promise<void> {
  const { client, name } = table();
  const names = Object.keys(values);
  await client.send(
    new UpdateCommand({
      TableName: name,
      Key: key,
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
    }),
  );
}

/** Removes attributes of an item, as an item stored by an earlier version lacks them. */
export async function removeAttributes(key: { pk: string; sk: string }, names: string[]): Promise<void> {
  const { client, name } = table();
  await client.send(
    new UpdateCommand({
      TableName: name,
      Key: key,
      UpdateExpression: `REMOVE ${names.map((_, i) => `#n${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
    }),
  );
}

/** Removes what a test arranged, so that later files see the seeded table only. */
export async function deleteItem(key: { pk: string; sk: string }): Promise<void> {
  const { client, name } = table();
  await client.send(new DeleteCommand({ TableName: name, Key: key }));
}

/**
 * The items whose `pk` starts with one of `pkStartsWith` (any when omitted) and whose attributes at
 * the given paths (`'audit.target._id'`) equal the values given, for "stored once" and "nothing
 * stored" checks of items no key or index finds. The table filters them, so only those are
 * answered: a pool stack's table holds the generated catalogue and every earlier file's items, and
 * a scan answering all of them was 1.4 MB a page for DynamoDB Local to write and the test to read
 * (a third of the bytes it answered over the stack project). Never used by the product.
 */
export async function itemsWhere({
  pkStartsWith = [],
  equal = {},
}: {
  pkStartsWith?: string[];
  equal?: Record<string, unknown>;
}): Promise<Record<string, unknown>[]> {
  const { client, name } = table();
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const nameOf = (part: string) => {
    const alias = `#n${Object.keys(names).length}`;
    names[alias] = part;
    return alias;
  };
  const prefixes = pkStartsWith.map((prefix, i) => {
    values[`:prefix${i}`] = prefix;
    return `begins_with(${nameOf('pk')}, :prefix${i})`;
  });
  const equalities = Object.entries(equal).map(([path, value], i) => {
    values[`:equal${i}`] = value;
    return `${path.split('.').map(nameOf).join('.')} = :equal${i}`;
  });
  const conditions = [...(prefixes.length > 0 ? [`(${prefixes.join(' OR ')})`] : []), ...equalities];
  const filter = conditions.length > 0 && { FilterExpression: conditions.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateScan({ client }, { TableName: name, ConsistentRead: true, ...filter })) items.push(...(page.Items ?? []));
  return items;
}

/** Every item of one partition of a global index (`gsi2`, `MAILED#PARKED`). */
export async function indexPartitionItems(index: string, pk: string): Promise<Record<string, unknown>[]> {
  const { client, name } = table();
  const items: Record<string, unknown>[] = [];
  const query = {
    TableName: name,
    IndexName: index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${index}pk` },
    ExpressionAttributeValues: { ':pk': pk },
  };
  for await (const page of paginateQuery({ client }, query)) items.push(...(page.Items ?? []));
  return items;
}

/** Every item of one partition. */
export async function partitionItems(pk: string): Promise<Record<string, unknown>[]> {
  const { client, name } = table();
  const { Items = [] } = await client.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }));
  return Items;
}

/**
 * How many items the table holds in all, as DynamoDB Local reports it (DescribeTable's ItemCount,
 * which it keeps exact, unlike DynamoDB): no scan, a few ms where a scan takes tens on the seeded
 * table. It counts every partition, asynchronous consumers' included.
 */
export async function totalItemCount(): Promise<number> {
  const { client, name } = table();
  const count = (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.ItemCount;
  if (count === undefined) throw new Error(`DescribeTable gave no ItemCount for ${name}`);
  return count;
}

/** A change of the table as its stream records it: what happened to which item (`pk sk`). */
export interface TableChange {
  event: 'INSERT' | 'MODIFY' | 'REMOVE';
  key: string;
}

/**
 * The table's changes from now on, read from its stream: `since()` gives those made since its
 * previous call (or since the opening). DynamoDB Local writes a change's record with the change, so
 * every write a call made is there once the call has answered. One stream read (an empty one costs
 * DynamoDB Local about a millisecond of CPU) where the item count's DescribeTable costs it 5 to 40,
 * more as the table grows; and it names every put, update and delete, where a count shows only that
 * the number of items moved.
 */
export async function tableChanges(): Promise<{ since(): Promise<TableChange[]> }> {
  const { client, name } = table();
  const streams = new DynamoDBStreamsClient(stackTableOptions());
  localCalls(streams);
  const StreamArn = (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.LatestStreamArn;
  if (!StreamArn) throw new Error(`Table ${name} has no stream`);
  const shards = async (): Promise<Shard[]> => (await streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription?.Shards ?? [];
  const iteratorOf = async (shard: Shard | undefined, type: 'LATEST' | 'TRIM_HORIZON') =>
    (await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard?.ShardId, ShardIteratorType: type }))).ShardIterator;
  let shard = (await shards()).find((candidate) => !candidate.SequenceNumberRange?.EndingSequenceNumber);
  let iterator = await iteratorOf(shard, 'LATEST');

  async function since(): Promise<TableChange[]> {
    const changes: TableChange[] = [];
    for (;;) {
      if (!iterator) {
        // A closed shard goes on in its child, from the child's start.
        const child = (await shards()).find((candidate) => candidate.ParentShardId === shard?.ShardId);
        if (!child) return changes;
        shard = child;
        iterator = await iteratorOf(shard, 'TRIM_HORIZON');
      }
      const { Records = [], NextShardIterator } = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      iterator = NextShardIterator;
      for (const { eventName, dynamodb } of Records)
        changes.push({ event: eventName as TableChange['event'], key: `${dynamodb?.Keys?.pk?.S} ${dynamodb?.Keys?.sk?.S}` });
      if (Records.length === 0 && iterator) return changes;
    }
  }
  // DynamoDB Local places a LATEST iterator at its first read, not when it is made.
  await since();
  return { since };
}
