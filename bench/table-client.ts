/**
 * The CPU a table call costs the Lambda that makes it: the product's document client
 * (functions/platform/table.ts) against the floor, a document client as the AWS SDK makes it, on
 * the same DynamoDB Local, the product's table (ensureTable) and the same items, in alternating
 * rounds so that a drift in the machine's load falls on both alike. Each round makes the calls a Lambda makes most: a consistent GetItem of
 * a user-sized item, a Query of 20 such items, a PutItem and an UpdateItem. Counted is this
 * process's CPU (the SDK's middleware, serialization, signing and HTTP), not DynamoDB Local's.
 *
 * Run: npx tsx bench/table-client.ts [--strict]
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable, LOCAL_CREDENTIALS, startDynamo } from '../scripts/local/dynamodb';
import { budget, runBench, writeResults } from './lib/results';
import { median, round } from './lib/stats';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const TABLE = 'bench-table-client';
const ROUNDS = 12;
const CALLS_PER_KIND = 150;
const QUERY_ITEMS = 20;
/** The product's client adds its own middleware (decision 281) but drops the SDK's call log (decision 320): no dearer than the SDK's client. */
const RATIO_BUDGET = 1;

/** An item of about a user's size: names, a few numbers, a list and a map. */
const item = (n: number) => ({
  pk: 'USER#bench',
  sk: `ITEM#${String(n).padStart(4, '0')}`,
  firstName: 'Claire',
  lastName: 'Dubois',
  email: `claire.dubois+${n}@demo.test`,
  headline: 'Negotiation and public speaking coach for students and young professionals',
  languages: ['fr', 'en', 'es'],
  rating: { average: 4.8, count: 37 },
  createdAt: '2026-11-29T10:00:00.000Z',
  n,
});

type Db = Pick<DynamoDBDocumentClient, 'send'>;

/** One round of every kind of call; answers the CPU it took in milliseconds. */
async function callRound(db: Db, at: number): Promise<number> {
  const before = process.cpuUsage();
  for (let call = 0; call < CALLS_PER_KIND; call++) {
    const n = (at + call) % QUERY_ITEMS;
    await db.send(new GetCommand({ TableName: TABLE, Key: { pk: 'USER#bench', sk: item(n).sk }, ConsistentRead: true }));
    await db.send(
      new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'USER#bench' }, Limit: QUERY_ITEMS }),
    );
    await db.send(new PutCommand({ TableName: TABLE, Item: item(QUERY_ITEMS + n) }));
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: 'USER#bench', sk: item(n).sk },
        UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :one',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      }),
    );
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

runBench(async () => {
  const dynamo = await startDynamo(undefined);
  try {
    Object.assign(process.env, { ...LOCAL_CREDENTIALS, DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME: TABLE });
    const credentials = { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY };
    const sdkClient = new DynamoDBClient({ endpoint: dynamo.endpoint, region: LOCAL_CREDENTIALS.AWS_REGION, credentials });
    await ensureTable(dynamo.endpoint, TABLE);
    const floor = DynamoDBDocumentClient.from(sdkClient, { marshallOptions: { removeUndefinedValues: true } });
    // Imported once the environment names the table and its endpoint: the module reads them at load.
    const { db: product } = await import('../functions/platform/table');
    for (let n = 0; n < QUERY_ITEMS; n++) await floor.send(new PutCommand({ TableName: TABLE, Item: item(n) }));
    // Warm both: the first calls pay for loading and compiling.
    await callRound(floor, 0);
    await callRound(product, 0);

    const cpuMs = new Map<Db, number[]>([
      [floor, []],
      [product, []],
    ]);
    for (let at = 1; at <= ROUNDS; at++) {
      for (const db of at % 2 === 0 ? [floor, product] : [product, floor]) cpuMs.get(db)?.push(await callRound(db, at));
    }
    const [floorMs, productMs] = [cpuMs.get(floor) ?? [], cpuMs.get(product) ?? []];
    const callsPerRound = CALLS_PER_KIND * 4;
    const perCall = (roundsMs: number[]) => round(median(roundsMs) / callsPerRound, 3);
    const figures = {
      callsPerRound,
      rounds: ROUNDS,
      cpuMsPerCall: { sdkClient: perCall(floorMs), productClient: perCall(productMs) },
      ratio: round(median(productMs) / median(floorMs), 3),
      roundsCpuMs: { sdkClient: floorMs.map((ms) => round(ms, 0)), productClient: productMs.map((ms) => round(ms, 0)) },
    };
    console.log(
      `CPU per table call: the SDK's client ${figures.cpuMsPerCall.sdkClient} ms, the product's ${figures.cpuMsPerCall.productClient} ms (ratio ${figures.ratio})`,
    );
    writeResults('table-client', figures, [budget("product client's CPU per call / the SDK client's", figures.ratio, 'max', RATIO_BUDGET, 'ratio')]);
    sdkClient.destroy();
  } finally {
    dynamo.stop();
  }
});
