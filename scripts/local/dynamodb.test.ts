import { DynamoDBClient, GetItemCommand, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitDynamoEndpoint } from '../../tests/support/local-table';
import { ensureTable, LOCAL_CREDENTIALS, localCalls } from './dynamodb';

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
