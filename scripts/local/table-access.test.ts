/**
 * The local stack's table rights against DynamoDB Local: a Lambda's calls within its TABLE_ACCESS
 * prefixes go through, any other is refused as IAM refuses it (AccessDeniedException) and writes
 * nothing, a transaction with one refused item included; work outside any Lambda is not restricted.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { withLocalTable } from '../../tests/support/local-table';

const TABLE = 'table-access-unit';
const loaded = withLocalTable(TABLE, () => Promise.all([import('./table-access'), import('../../functions/platform/table')]));
beforeAll(() => loaded()[0].enforceTableAccess());

const refused = { name: 'AccessDeniedException' };

describe('a Lambda’s rights on the local table', () => {
  it('lets a Lambda reach its own prefixes, on the table and its indexes', async () => {
    const [{ asLambda }, { db }] = loaded();
    await asLambda('orders', async () => {
      await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'ORDER#a', sk: 'ORDER' } }));
      await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'LOGIN#admin#a@b.test', sk: 'CODES' } }));
      expect((await db.send(new GetCommand({ TableName: TABLE, Key: { pk: 'CHAT#a', sk: 'CHAT' } }))).Item).toBeUndefined();
      await db.send(
        new QueryCommand({
          TableName: TABLE,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': 'EXPERT#a#WITHDRAWALS' },
        }),
      );
    });
    await asLambda('health', () => db.send(new DescribeTableCommand({ TableName: TABLE })));
  });

  it('refuses, as IAM does, what the Lambda was not granted, and writes nothing of a refused transaction', async () => {
    const [{ asLambda }, { db }] = loaded();
    await expect(asLambda('orders', () => db.send(new GetCommand({ TableName: TABLE, Key: { pk: 'VOICE#OFFER#a', sk: 'STUDENT#b' } })))).rejects.toMatchObject(
      refused,
    );
    // Read only: no write.
    await expect(asLambda('orders', () => db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'CHAT#a', sk: 'CHAT' } })))).rejects.toMatchObject(refused);
    await expect(
      asLambda('catalogue', () =>
        db.send(
          new QueryCommand({
            TableName: TABLE,
            IndexName: 'gsi2',
            KeyConditionExpression: 'gsi2pk = :pk',
            ExpressionAttributeValues: { ':pk': 'WITHDRAWALS#pending' },
          }),
        ),
      ),
    ).rejects.toMatchObject(refused);
    await expect(asLambda('admin', () => db.send(new ScanCommand({ TableName: TABLE })))).rejects.toMatchObject(refused);
    await expect(
      asLambda('orders', () =>
        db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: TABLE, Item: { pk: 'ORDER#t', sk: 'ORDER' } } },
              { Put: { TableName: TABLE, Item: { pk: 'OFFER#t', sk: 'OFFER' } } },
            ],
          }),
        ),
      ),
    ).rejects.toMatchObject(refused);
    expect((await db.send(new GetCommand({ TableName: TABLE, Key: { pk: 'ORDER#t', sk: 'ORDER' } }))).Item).toBeUndefined();
  });

  it('leaves work outside any Lambda unrestricted (the seed, the local controls)', async () => {
    const [, { db }] = loaded();
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'VOICE#EXPERT#a', sk: 'STUDENT#b', rating: 5 } }));
    expect((await db.send(new GetCommand({ TableName: TABLE, Key: { pk: 'VOICE#EXPERT#a', sk: 'STUDENT#b' } }))).Item).toMatchObject({ rating: 5 });
  });
});
