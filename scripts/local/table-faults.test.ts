/**
 * The fault proxy in front of the unit project's DynamoDB Local, with the real AWS SDK v3 pointed at
 * it, as the handlers' table client is (maxAttempts 3): what the SDK's retries do with each fault,
 * including the hazards a lost answer leaves to the product (a write applied twice, a condition
 * failing on the write's own first try), and how DynamoDB Local answers a transaction's retry.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { unitDynamoEndpoint, withLocalTable } from '../../tests/support/local-table';
import { LOCAL_CREDENTIALS } from './dynamodb';
import { asLambda } from './table-access';
import { createTableFaults, InvalidTableFaultError, routeArmedCallsThroughProxy, startTableFaultProxy, TABLE_FAULTS_PATH } from './table-faults';

const TABLE = 'table-faults-unit';
const MAX_ATTEMPTS = 3;

/** A document client as the handlers' (functions/platform/table.ts), at `endpoint`. */
function documentClient(endpoint: string) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint,
      region: LOCAL_CREDENTIALS.AWS_REGION,
      credentials: { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
      maxAttempts: MAX_ATTEMPTS,
    }),
  );
}

/**
 * A proxy, a client through it, and one straight to DynamoDB Local to see what was stored; and the
 * product's table client (`db`) with a proxy as the local stack sets it up (the calls made as a
 * Lambda go through it while a fault is armed), loaded once DYNAMODB_ENDPOINT names DynamoDB Local.
 */
const loaded = withLocalTable(TABLE, async () => {
  const proxy = await startTableFaultProxy(unitDynamoEndpoint());
  const lambdaProxy = await startTableFaultProxy(unitDynamoEndpoint());
  process.env.DYNAMODB_ENDPOINT = unitDynamoEndpoint();
  const { db, conditionalWrite } = await import('../../functions/platform/table');
  await routeArmedCallsThroughProxy(lambdaProxy);
  return { proxy, lambdaProxy, db, conditionalWrite, client: documentClient(proxy.endpoint), table: documentClient(unitDynamoEndpoint()) };
});

afterAll(async () => {
  const { proxy, lambdaProxy } = loaded();
  await Promise.all([proxy.stop(), lambdaProxy.stop()]);
});

beforeEach(() => {
  loaded().proxy.faults.clear();
  loaded().lambdaProxy.faults.clear();
});

const stored = async (pk: string) => (await loaded().table.send(new GetCommand({ TableName: TABLE, Key: { pk, sk: 'ITEM' }, ConsistentRead: true }))).Item;

const addOne = (pk: string) =>
  new UpdateCommand({ TableName: TABLE, Key: { pk, sk: 'ITEM' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } });

/** What a rejected call threw, to look at more than one of its fields. */
async function rejection(call: Promise<unknown>): Promise<Error & { $metadata: { attempts?: number } }> {
  try {
    await call;
  } catch (error) {
    return error as Error & { $metadata: { attempts?: number } };
  }
  throw new Error('The call succeeded');
}

describe('table faults: DynamoDB’s throttling, before the table', () => {
  it.each(['ProvisionedThroughputExceededException', 'ThrottlingException'] as const)(
    'is retried by the SDK (%s): the put succeeds on its second attempt',
    async (exception) => {
      const { proxy, client } = loaded();
      proxy.faults.arm({ mode: 'throttle', operations: ['PutItem'], count: 1, exception });
      const put = await client.send(new PutCommand({ TableName: TABLE, Item: { pk: `THROTTLED#${exception}`, sk: 'ITEM' } }));
      expect(put.$metadata.attempts).toBe(2);
      expect(await stored(`THROTTLED#${exception}`)).toEqual({ pk: `THROTTLED#${exception}`, sk: 'ITEM' });
      expect(proxy.faults.state()).toEqual({ faults: [], counters: { PutItem: { passed: 1, throttle: 1, 'server-error': 0, 'after-commit': 0 } } });
    },
  );

  it('fails the call once the SDK’s attempts are spent, and nothing is written', async () => {
    const { proxy, client } = loaded();
    proxy.faults.arm({ mode: 'throttle', operations: ['PutItem'], count: MAX_ATTEMPTS + 1 });
    const error = await rejection(client.send(new PutCommand({ TableName: TABLE, Item: { pk: 'THROTTLED#always', sk: 'ITEM' } })));
    expect(error.name).toBe('ProvisionedThroughputExceededException');
    expect(error.$metadata.attempts).toBe(MAX_ATTEMPTS);
    expect(await stored('THROTTLED#always')).toBeUndefined();
    expect(proxy.faults.state()).toMatchObject({ faults: [{ mode: 'throttle', count: 1 }], counters: { PutItem: { passed: 0, throttle: MAX_ATTEMPTS } } });
  });
});

describe('table faults: DynamoDB’s 500, before the table', () => {
  it('is retried by the SDK and applied once', async () => {
    const { proxy, client } = loaded();
    proxy.faults.arm({ mode: 'server-error', operations: ['UpdateItem'], count: 1 });
    expect((await client.send(addOne('SERVER-ERROR#1'))).$metadata.attempts).toBe(2);
    expect(await stored('SERVER-ERROR#1')).toMatchObject({ n: 1 });
    expect(proxy.faults.state().counters).toEqual({ UpdateItem: { passed: 1, throttle: 0, 'server-error': 1, 'after-commit': 0 } });
  });
});

describe('table faults: an answer lost after the table applied the request (after-commit)', () => {
  it('has the SDK’s retry apply an unconditional update again: the counter is added to twice', async () => {
    const { proxy, client } = loaded();
    proxy.faults.arm({ mode: 'after-commit', operations: ['UpdateItem'], count: 1 });
    expect((await client.send(addOne('AFTER-COMMIT#add'))).$metadata.attempts).toBe(2);
    expect(await stored('AFTER-COMMIT#add')).toMatchObject({ n: 2 });
    expect(proxy.faults.state().counters).toEqual({ UpdateItem: { passed: 1, throttle: 0, 'server-error': 0, 'after-commit': 1 } });
  });

  it('has the SDK’s retry of a conditional put fail on the put’s own first try, which was stored', async () => {
    const { proxy, client } = loaded();
    proxy.faults.arm({ mode: 'after-commit', operations: ['PutItem'], count: 1 });
    const put = new PutCommand({ TableName: TABLE, Item: { pk: 'AFTER-COMMIT#put', sk: 'ITEM' }, ConditionExpression: 'attribute_not_exists(pk)' });
    const error = await rejection(client.send(put));
    expect(error.name).toBe('ConditionalCheckFailedException');
    expect(error.$metadata.attempts).toBe(2);
    expect(await stored('AFTER-COMMIT#put')).toEqual({ pk: 'AFTER-COMMIT#put', sk: 'ITEM' });
  });

  it('has DynamoDB Local honour the ClientRequestToken the SDK fills in and keeps for its retry: the retried transaction succeeds and is applied once', async () => {
    const { proxy } = loaded();
    const client = documentClient(proxy.endpoint);
    const tokens: unknown[] = [];
    // Innermost: sees each attempt's request as sent.
    client.middlewareStack.add(
      (next) => async (args) => {
        tokens.push(JSON.parse(new TextDecoder().decode((args.request as { body: Uint8Array }).body)).ClientRequestToken);
        return next(args);
      },
      { step: 'deserialize', name: 'clientRequestTokens' },
    );
    proxy.faults.arm({ mode: 'after-commit', operations: ['TransactWriteItems'], count: 1 });
    const transaction = (n: number) =>
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: TABLE,
              Key: { pk: 'AFTER-COMMIT#transaction', sk: 'ITEM' },
              UpdateExpression: 'ADD n :n',
              ExpressionAttributeValues: { ':n': n },
            },
          },
          // Run twice, it would cancel the transaction.
          { Put: { TableName: TABLE, Item: { pk: 'AFTER-COMMIT#transaction-once', sk: 'ITEM' }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      });
    const written = transaction(1);
    expect((await client.send(written)).$metadata.attempts).toBe(2);
    expect(tokens).toEqual([expect.any(String), tokens[0]]);
    expect(await stored('AFTER-COMMIT#transaction')).toMatchObject({ n: 1 });

    // The same token with other writes is refused, as DynamoDB refuses it, and changes nothing.
    const other = transaction(5);
    other.input.ClientRequestToken = tokens[0] as string;
    expect((await rejection(client.send(other))).name).toBe('IdempotentParameterMismatchException');
    expect(await stored('AFTER-COMMIT#transaction')).toMatchObject({ n: 1 });
  });
});

describe('the product’s table client after a lost answer (decision 281)', () => {
  it('adds to a counter once and answers the count, and tells a conditional write that its first try made from one that lost a race', async () => {
    const { lambdaProxy, db, conditionalWrite } = loaded();
    const key = (pk: string) => ({ pk, sk: 'ITEM' });
    lambdaProxy.faults.arm({ mode: 'after-commit', operations: ['UpdateItem'], count: 1 });
    const added = await asLambda('orders', () => db.send(new UpdateCommand({ ...addOne('OWN-WRITE#add').input, ReturnValues: 'ALL_NEW' })));
    expect([added.Attributes?.n, added.$metadata.attempts]).toEqual([1, 2]);
    expect(await stored('OWN-WRITE#add')).toMatchObject({ n: 1 });

    await loaded().table.send(new PutCommand({ TableName: TABLE, Item: { ...key('OWN-WRITE#password'), hash: 'old' } }));
    const change = (from: string, to: string) =>
      asLambda('auth', () =>
        conditionalWrite(
          db.send(
            new UpdateCommand({
              TableName: TABLE,
              Key: key('OWN-WRITE#password'),
              UpdateExpression: 'SET #hash = :to',
              ConditionExpression: '#hash = :from',
              ExpressionAttributeNames: { '#hash': 'hash' },
              ExpressionAttributeValues: { ':from': from, ':to': to },
            }),
          ),
        ),
      );
    // Only the write whose body holds the text: the other calls pass.
    lambdaProxy.faults.arm({ mode: 'after-commit', operations: ['UpdateItem'], match: ':to', count: 1 });
    await asLambda('auth', () => db.send(addOne('OWN-WRITE#passing')));
    expect(lambdaProxy.faults.state().faults).toEqual([{ mode: 'after-commit', operations: ['UpdateItem'], match: ':to', count: 1 }]);
    expect(await change('old', 'new')).toBe(true);
    expect(lambdaProxy.faults.state().faults).toEqual([]);
    expect(await change('old', 'other')).toBe(false);
    expect(await stored('OWN-WRITE#password')).toMatchObject({ hash: 'new' });

    lambdaProxy.faults.arm({ mode: 'after-commit', operations: ['PutItem'], count: 1 });
    const claim = (by: string) =>
      asLambda('orders', () =>
        conditionalWrite(
          db.send(new PutCommand({ TableName: TABLE, Item: { ...key('OWN-WRITE#claim'), by }, ConditionExpression: 'attribute_not_exists(pk)' })),
        ),
      );
    expect(await claim('me')).toBe(true);
    expect(await claim('you')).toBe(false);
    expect(await stored('OWN-WRITE#claim')).toMatchObject({ by: 'me' });
    expect(lambdaProxy.faults.state().counters).toMatchObject({ UpdateItem: { 'after-commit': 2 }, PutItem: { 'after-commit': 1 } });
  });
});

describe('table faults: which requests a fault strikes', () => {
  it('strikes, on the local stack’s proxy, only the calls the product’s table client makes as a Lambda', async () => {
    const { lambdaProxy, db } = loaded();
    // With nothing armed, no call goes through the proxy.
    expect((await asLambda('orders', () => db.send(addOne('ORDER#unarmed')))).$metadata.attempts).toBe(1);
    expect(lambdaProxy.faults.state()).toEqual({ faults: [], counters: {} });
    lambdaProxy.faults.arm({ mode: 'server-error', count: 1 });
    // The seed's and the local controls' calls: outside any Lambda.
    expect((await db.send(addOne('LAMBDA#seed'))).$metadata.attempts).toBe(1);
    expect(lambdaProxy.faults.state()).toEqual({ faults: [{ mode: 'server-error', count: 1 }], counters: {} });
    expect((await asLambda('orders', () => db.send(addOne('ORDER#lambda')))).$metadata.attempts).toBe(2);
    expect(lambdaProxy.faults.state()).toEqual({ faults: [], counters: { UpdateItem: { passed: 1, throttle: 0, 'server-error': 1, 'after-commit': 0 } } });
  });

  it('gives each request to the first armed fault of its operation that strikes; a count is used up, a share draws from its seed', () => {
    const faults = createTableFaults();
    faults.arm({ mode: 'after-commit', operations: ['DynamoDB_20120810.UpdateItem'], count: 2 });
    faults.arm({ mode: 'throttle', share: 0.25, seed: 7 });
    expect(faults.state().faults).toEqual([
      { mode: 'after-commit', operations: ['UpdateItem'], count: 2 },
      { mode: 'throttle', share: 0.25, seed: 7 },
    ]);
    expect([faults.take('UpdateItem')?.mode, faults.take('UpdateItem')?.mode]).toEqual(['after-commit', 'after-commit']);
    expect(faults.state().faults).toEqual([{ mode: 'throttle', share: 0.25, seed: 7 }]);

    // The same seed and the same requests: the same draws, at about the share.
    const draws = (seed: number) => {
      const again = createTableFaults();
      again.arm({ mode: 'throttle', share: 0.25, seed });
      return Array.from({ length: 400 }, () => again.take('GetItem') !== undefined);
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    const struck = draws(7).filter(Boolean).length;
    expect(struck).toBeGreaterThan(60);
    expect(struck).toBeLessThan(140);
    expect(faults.arm({ mode: 'server-error', share: 1 })).toMatchObject({ seed: expect.any(Number) });
  });

  it('refuses a fault it cannot arm, saying why', () => {
    const faults = createTableFaults();
    for (const [spec, reason] of [
      [{ mode: 'explode' }, /"mode" is one of throttle, server-error, after-commit/],
      [{ mode: 'throttle', operations: ['PutItems'] }, /"operations" is a list of some of GetItem/],
      [{ mode: 'throttle', operations: [] }, /"operations"/],
      [{ mode: 'throttle', operations: 'PutItem' }, /"operations"/],
      [{ mode: 'throttle', operations: [3] }, /"operations"/],
      [{ mode: 'throttle', count: 0 }, /"count" is a whole number of requests from 1 to 100/],
      [{ mode: 'throttle', count: 1.5 }, /"count"/],
      [{ mode: 'throttle', share: 0 }, /"share" is a number above 0 and at most 1/],
      [{ mode: 'throttle', share: 1.5 }, /"share"/],
      [{ mode: 'throttle', share: 0.5, count: 2 }, /"count" or "share", not both/],
      [{ mode: 'throttle', seed: 3 }, /"seed" goes with "share" only/],
      [{ mode: 'throttle', share: 0.5, seed: -1 }, /"seed" is a whole number/],
      [{ mode: 'server-error', exception: 'ThrottlingException' }, /"exception" is for the mode throttle only/],
      [{ mode: 'after-commit', match: '' }, /"match" is a text of 1 to 200 characters/],
      [{ mode: 'after-commit', match: 7 }, /"match"/],
    ] as const) {
      expect(() => faults.arm(spec as never), JSON.stringify(spec)).toThrow(InvalidTableFaultError);
      expect(() => faults.arm(spec as never)).toThrow(reason);
    }
    expect(faults.state().faults).toEqual([]);
  });
});

describe('table faults: the JSON control', () => {
  let control: Server;
  let url: string;
  const post = (body: string, contentType = 'application/json') => fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });

  beforeEach(async () => {
    const { proxy } = loaded();
    control = createServer((request, response) => void proxy.serve(request, response));
    await new Promise<void>((resolveListen) => control.listen(0, '127.0.0.1', resolveListen));
    url = `http://127.0.0.1:${(control.address() as AddressInfo).port}${TABLE_FAULTS_PATH}`;
    return () => new Promise<void>((resolveClose) => control.close(() => resolveClose()));
  });

  it('arms on POST, lists with the counters on GET, clears both on DELETE; a bad body is 400 and a non-JSON one 415, arming nothing', async () => {
    const armed = await post(JSON.stringify({ mode: 'after-commit', operations: ['UpdateItem'], count: 2 }));
    expect(armed.status).toBe(200);
    expect(await armed.json()).toEqual({ faults: [{ mode: 'after-commit', operations: ['UpdateItem'], count: 2 }], counters: {} });
    await post(JSON.stringify({ mode: 'throttle', operations: ['GetItem'], share: 0.1, seed: 42, exception: 'ThrottlingException' }));

    // Its first two attempts applied and their answers lost, its third answered: added to three times.
    expect((await loaded().client.send(addOne('CONTROL#1'))).$metadata.attempts).toBe(3);
    expect(await stored('CONTROL#1')).toMatchObject({ n: 3 });
    const listed = await fetch(url);
    expect(await listed.json()).toEqual({
      faults: [{ mode: 'throttle', operations: ['GetItem'], exception: 'ThrottlingException', share: 0.1, seed: 42 }],
      counters: { UpdateItem: { passed: 1, throttle: 0, 'server-error': 0, 'after-commit': 2 } },
    });

    for (const bad of [
      '{"mode": "throttle", "count": 0}',
      '{"mode": "throttle", "operation": "PutItem"}',
      '[{"mode": "throttle"}]',
      '"throttle"',
      '{"mode": ',
    ]) {
      const refused = await post(bad);
      expect(refused.status, bad).toBe(400);
      expect(await refused.json()).toEqual({ error: expect.any(String) });
    }
    const notJson = await post('mode=throttle', 'application/x-www-form-urlencoded');
    expect(notJson.status).toBe(415);
    expect((await (await fetch(url)).json()).faults).toHaveLength(1);

    const cleared = await fetch(url, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ faults: [], counters: {} });
    expect(loaded().proxy.faults.state()).toEqual({ faults: [], counters: {} });
  });
});
