import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  QueryCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitDynamoEndpoint } from '../../tests/support/local-table';
import { ensureTable, LOCAL_CREDENTIALS, localCalls, untilIndexActive } from './dynamodb';

const TABLE = 'local-calls-test';
const credentials = { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY };
const clientIn = (region: string) => new DynamoDBClient({ endpoint: unitDynamoEndpoint(), region, credentials });

let local: DynamoDBClient;
let signed: DynamoDBClient;
/** The Authorization header of each request the local client sent, as it left the client. */
const sent: string[] = [];

beforeAll(async () => {
  await ensureTable(unitDynamoEndpoint(), TABLE);
  local = clientIn(LOCAL_CREDENTIALS.AWS_REGION);
  localCalls(local);
  local.middlewareStack.add(
    (next) => async (args) => {
      sent.push((args.request as { headers: Record<string, string> }).headers.authorization);
      return next(args);
    },
    { step: 'deserialize', name: 'recordAuthorization' },
  );
  signed = clientIn(LOCAL_CREDENTIALS.AWS_REGION);
}, 30_000);

afterAll(() => {
  local?.destroy();
  signed?.destroy();
});

describe('a local client of DynamoDB Local (localCalls)', () => {
  it('sends its key and region unsigned, and reaches the same database as a signed client of that key and region', async () => {
    await local.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'written-unsigned' }, sk: { S: 'ITEM' }, note: { S: 'kept' } } }));

    expect(sent.at(-1)).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/eu-west-3\/dynamodb\/aws4_request, SignedHeaders=host, Signature=unsigned$/);
    const { Item } = await signed.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'written-unsigned' }, sk: { S: 'ITEM' } } }));
    expect(Item?.note).toEqual({ S: 'kept' });
  });

  it('keeps the region’s own database: another region’s local client does not see the table', async () => {
    const elsewhere = clientIn('ap-south-2');
    localCalls(elsewhere);
    try {
      expect((await elsewhere.send(new ListTablesCommand({}))).TableNames).not.toContain(TABLE);
      expect((await local.send(new ListTablesCommand({}))).TableNames).toContain(TABLE);
    } finally {
      elsewhere.destroy();
    }
  });
});

describe('DynamoDB Local with its description memo (TableSchemaMemo, decision 347)', () => {
  const MEMO_TABLE = 'description-memo-test';
  // A database of its own: the unit files' tables, many with a time to live, can fill the default
  // region's pool of threads, and a new index would then never be built (untilIndexActive).
  const memo = clientIn('memo-test');
  afterAll(() => memo.destroy());
  const key = (name: string, type: 'HASH' | 'RANGE' = 'HASH') => ({ AttributeName: name, KeyType: type });
  const stringAttributes = (...names: string[]) => names.map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const }));

  it('is what the tests run on', () => {
    const port = new URL(unitDynamoEndpoint()).port;
    const javas = execFileSync('pgrep', ['-af', 'TableSchemaMemo'], { encoding: 'utf8' });
    expect(javas.split('\n').some((line) => line.includes(' TableSchemaMemo ') && line.includes(`-port ${port}`))).toBe(true);
  });

  it('answers from a table’s new description at once: a new index, time to live, a table made again with other keys', async () => {
    await memo.send(
      new CreateTableCommand({
        TableName: MEMO_TABLE,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: stringAttributes('pk'),
        KeySchema: [key('pk')],
      }),
    );
    await memo.send(new PutItemCommand({ TableName: MEMO_TABLE, Item: { pk: { S: 'before' }, colour: { S: 'blue' } } }));
    const byColour = new QueryCommand({
      TableName: MEMO_TABLE,
      IndexName: 'by-colour',
      KeyConditionExpression: 'colour = :colour',
      ExpressionAttributeValues: { ':colour': { S: 'blue' } },
    });
    await expect(memo.send(byColour)).rejects.toThrow(/does not have the specified index/);

    await memo.send(
      new UpdateTableCommand({
        TableName: MEMO_TABLE,
        AttributeDefinitions: stringAttributes('colour'),
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: 'by-colour', KeySchema: [key('colour')], Projection: { ProjectionType: 'ALL' } } }],
      }),
    );
    // DynamoDB Local builds a new index in the background: half a second alone, seconds on a machine busy with the whole suite.
    await untilIndexActive(memo, MEMO_TABLE, 'by-colour');
    await memo.send(new PutItemCommand({ TableName: MEMO_TABLE, Item: { pk: { S: 'after' }, colour: { S: 'blue' } } }));
    expect((await memo.send(byColour)).Items?.map((item) => item.pk.S).sort()).toEqual(['after', 'before']);

    await memo.send(new UpdateTimeToLiveCommand({ TableName: MEMO_TABLE, TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true } }));
    expect((await memo.send(new DescribeTimeToLiveCommand({ TableName: MEMO_TABLE }))).TimeToLiveDescription).toMatchObject({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: 'expiresAt',
    });

    await memo.send(new DeleteTableCommand({ TableName: MEMO_TABLE }));
    await memo.send(
      new CreateTableCommand({
        TableName: MEMO_TABLE,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: stringAttributes('pk', 'sk'),
        KeySchema: [key('pk'), key('sk', 'RANGE')],
      }),
    );
    await expect(memo.send(new PutItemCommand({ TableName: MEMO_TABLE, Item: { pk: { S: 'no-sort-key' } } }))).rejects.toThrow(/key/i);
    await memo.send(new PutItemCommand({ TableName: MEMO_TABLE, Item: { pk: { S: 'both' }, sk: { S: 'keys' } } }));
    const { Item } = await memo.send(new GetItemCommand({ TableName: MEMO_TABLE, Key: { pk: { S: 'both' }, sk: { S: 'keys' } } }));
    expect(Item).toEqual({ pk: { S: 'both' }, sk: { S: 'keys' } });
    await expect(memo.send(byColour)).rejects.toThrow(/does not have the specified index/);
  }, 30_000);
});
