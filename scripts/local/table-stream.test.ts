import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitDynamoEndpoint } from '../../tests/support/local-table';
import { ensureTable, LOCAL_CREDENTIALS } from './dynamodb';
import { STREAM_FILTERS } from '../../functions/platform/stream-filters';
import { concernsConsumers, startTableStream } from './table-stream';

const TABLE = 'stream-test';
let client: DynamoDBClient;
let stream: Awaited<ReturnType<typeof startTableStream>>;
const received: string[] = [];
/** The last record the handler was handed for each item, as it was handed. */
const handed = new Map<string, DynamoDBRecord>();
/** Event ids whose first delivery fails, as a push to a flaky connection would. */
const failOnce = new Set<string>();

async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const pk = record.dynamodb!.NewImage!.pk.S!;
    handed.set(pk, record);
    if (failOnce.delete(pk)) failures.push({ itemIdentifier: record.dynamodb!.SequenceNumber! });
    else received.push(pk);
  }
  return { batchItemFailures: failures };
}

const put = (pk: string, note = 'first') =>
  client.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: pk }, sk: { S: 'EVENT' }, note: { S: note } } }));

/** What the second consumer (export requests) received, as `<pk>:<status>`; it holds each batch until `release` is called. */
const exportsReceived: string[] = [];
let release: () => void = () => undefined;
async function exportsHandler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  await new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const record of event.Records) exportsReceived.push(`${record.dynamodb!.Keys!.pk.S}:${record.dynamodb!.NewImage!.status.S}`);
  return { batchItemFailures: [] };
}
const putExport = (userId: string, status: string) =>
  client.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: `USER#${userId}` }, sk: { S: 'DATA_EXPORT' }, status: { S: status } } }));

beforeAll(async () => {
  const endpoint = unitDynamoEndpoint();
  await ensureTable(endpoint, TABLE);
  client = new DynamoDBClient({
    endpoint,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    credentials: { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  stream = await startTableStream(endpoint, TABLE, [
    { name: 'notifications', filter: STREAM_FILTERS.notifications, handler },
    { name: 'exports', filter: STREAM_FILTERS.dataExports, handler: exportsHandler },
  ]);
}, 30_000);

afterAll(async () => {
  await stream?.stop();
  client?.destroy();
});

// The unit files share one DynamoDB Local: a test waits up to 5 s for a delivery, plus its writes while the others' run.
/**
 * DynamoDB Local behind a proxy that fails every stream read while `failing` holds: 500, as a busy
 * machine or a dropped connection would (the SDK's own retries run out and the reader sees the
 * error), or TrimmedDataAccessException, as DynamoDB Local answers a reader that started on a shard
 * holding no record yet once the shard's first records are written.
 */
async function flakyProxy(target: string): Promise<{ endpoint: string; failing: { on: boolean; refused: number; error: 'busy' | 'trimmed' }; server: Server }> {
  const failing: { on: boolean; refused: number; error: 'busy' | 'trimmed' } = { on: false, refused: 0, error: 'busy' };
  const server = createServer((incoming, answer) => {
    if (failing.on && String(incoming.headers['x-amz-target']).endsWith('.GetRecords')) {
      failing.refused += 1;
      incoming.resume();
      const [status, body] =
        failing.error === 'trimmed'
          ? [
              400,
              {
                __type: 'com.amazonaws.dynamodb.v20120810#TrimmedDataAccessException',
                message: 'The operation attempted to read past the oldest stream record in a shard.',
              },
            ]
          : [500, { __type: 'InternalServerError', message: 'busy' }];
      answer.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
      return;
    }
    const url = new URL(target);
    const forward = request({ host: url.hostname, port: url.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (reply) => {
      answer.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(answer);
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, failing, server };
}

/**
 * A reader of `table` behind the failing proxy: the first event is written while its reads fail with
 * `error` (until the reader has reported a failure), the second once they work again. Answers what
 * its handler received, in order, once both came or 5 s passed, and how many reads the proxy failed.
 */
async function readThroughFailures(table: string, error: 'busy' | 'trimmed', [during, after]: [string, string]) {
  const putEvent = (pk: string) => client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, sk: { S: 'EVENT' } } }));
  const proxy = await flakyProxy(unitDynamoEndpoint());
  proxy.failing.error = error;
  const received: string[] = [];
  const reader = await startTableStream(proxy.endpoint, table, [
    {
      name: 'notifications',
      filter: STREAM_FILTERS.notifications,
      handler: async (event) => {
        for (const record of event.Records) received.push(record.dynamodb!.NewImage!.pk.S!);
        return { batchItemFailures: [] };
      },
    },
  ]);
  const errors: unknown[] = [];
  const logError = console.error;
  console.error = (...args: unknown[]) => void errors.push(args);
  try {
    proxy.failing.on = true;
    await putEvent(during);
    reader.nudge();
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThan(0);
    proxy.failing.on = false;
    await putEvent(after);
    reader.nudge();
    for (const deadline = Date.now() + 5000; received.length < 2 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
    return { received: received.slice(), refused: proxy.failing.refused };
  } finally {
    console.error = logError;
    await reader.stop();
    proxy.server.close();
  }
}

describe('which writes wake the reader', () => {
  const consumers = [{ filter: STREAM_FILTERS.notifications }, { filter: STREAM_FILTERS.dataExports }];
  const write = (command: string, input: unknown) => concernsConsumers(consumers, { command, input });

  it('an event, or a data export request, as the document client and as the raw client send them', () => {
    expect(write('PutItemCommand', { Item: { pk: 'EVENT#1', sk: 'EVENT', type: 'newMessage' } })).toBe(true);
    expect(write('PutItemCommand', { Item: { pk: { S: 'EVENT#1' }, sk: { S: 'EVENT' } } })).toBe(true);
    expect(write('UpdateItemCommand', { Key: { pk: 'USER#1', sk: 'DATA_EXPORT' } })).toBe(true);
    expect(
      write('TransactWriteItemsCommand', {
        TransactItems: [{ Update: { Key: { pk: 'ORDER#1', sk: 'ORDER' } } }, { Put: { Item: { pk: 'EVENT#2', sk: 'EVENT' } } }],
      }),
    ).toBe(true);
    expect(write('BatchWriteItemCommand', { RequestItems: { table: [{ PutRequest: { Item: { pk: { S: 'EVENT#3' }, sk: { S: 'EVENT' } } } }] } })).toBe(true);
  });

  it('not a write that no consumer would receive: a user, an order, a message, in a transaction or not', () => {
    expect(write('PutItemCommand', { Item: { pk: 'USER#1', sk: 'PROFILE' } })).toBe(false);
    expect(write('UpdateItemCommand', { Key: { pk: { S: 'ORDER#1' }, sk: { S: 'ORDER' } } })).toBe(false);
    expect(write('DeleteItemCommand', { Key: { pk: 'CHAT#1', sk: 'MESSAGE#1' } })).toBe(false);
    expect(
      write('TransactWriteItemsCommand', {
        TransactItems: [{ Put: { Item: { pk: 'CHAT#1', sk: 'MESSAGE#2' } } }, { ConditionCheck: { Key: { pk: 'EVENT#9', sk: 'EVENT' } } }],
      }),
    ).toBe(false);
  });
});

describe('the local table stream', { timeout: 15_000 }, () => {
  it('hands inserted event items to the handler in order, and nothing else', async () => {
    await put('EVENT#1');
    await put('USER#1');
    await put('EVENT#2');
    await put('EVENT#1', 'changed'); // the same item changed: a modification, not an insert
    stream.nudge();
    await expect.poll(() => received.slice(), { timeout: 5000 }).toEqual(['EVENT#1', 'EVENT#2']);
  });

  it('hands each record over as Lambda does: its creation time in epoch seconds, its keys and new image as the wire has them', async () => {
    const before = Math.floor(Date.now() / 1000);
    await put('EVENT#wire', 'as sent');
    stream.nudge();
    await expect.poll(() => handed.has('EVENT#wire'), { timeout: 5000 }).toBe(true);
    const record = handed.get('EVENT#wire')!;
    expect(record).toMatchObject({ eventName: 'INSERT', eventSource: 'aws:dynamodb', dynamodb: { StreamViewType: 'NEW_IMAGE' } });
    expect(record.dynamodb!.Keys).toEqual({ pk: { S: 'EVENT#wire' }, sk: { S: 'EVENT' } });
    expect(record.dynamodb!.NewImage).toEqual({ pk: { S: 'EVENT#wire' }, sk: { S: 'EVENT' }, note: { S: 'as sent' } });
    // What the notifications function compares with its clock to skip a stale push.
    const created = record.dynamodb!.ApproximateCreationDateTime;
    expect(typeof created).toBe('number');
    expect(created).toBeGreaterThanOrEqual(before - 60);
    expect(created).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 60);
  });

  it('hands each consumer the records of its own filter, and a consumer still busy holds up no other', async () => {
    await putExport('1', 'building');
    await putExport('1', 'ready'); // the job's own write: no new build
    await putExport('1', 'building'); // asked again
    await put('EVENT#4');
    stream.nudge();
    // The export consumer has not returned yet: the event still reaches the notifications consumer.
    await expect.poll(() => received.includes('EVENT#4'), { timeout: 5000 }).toBe(true);
    await expect
      .poll(
        () => {
          release();
          return exportsReceived.slice();
        },
        { timeout: 5000 },
      )
      .toEqual(['USER#1:building', 'USER#1:building']);
    expect(received).not.toContain('USER#1');
  });

  it('delivers again an event its handler reported failed', async () => {
    failOnce.add('EVENT#3');
    await put('EVENT#3');
    stream.nudge();
    await expect.poll(() => received.includes('EVENT#3'), { timeout: 5000 }).toBe(true);
    expect(failOnce.has('EVENT#3')).toBe(false);
  });

  it('with pollMs, ignores nudges and reads only every pollMs, as the event source mapping polls on AWS', async () => {
    const slowReceived: number[] = [];
    const slow = await startTableStream(
      unitDynamoEndpoint(),
      TABLE,
      [
        {
          name: 'notifications',
          filter: STREAM_FILTERS.notifications,
          handler: async (event) => {
            for (const record of event.Records) if (record.dynamodb!.NewImage!.pk.S === 'EVENT#slow') slowReceived.push(Date.now());
            return { batchItemFailures: [] };
          },
        },
      ],
      { pollMs: 700 },
    );
    try {
      // Right after a read, so the next one is a whole pollMs away.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const written = Date.now();
      await put('EVENT#slow');
      slow.nudge();
      await expect.poll(() => slowReceived.length, { timeout: 5000 }).toBe(1);
      expect(slowReceived[0] - written).toBeGreaterThan(200);
    } finally {
      await slow.stop();
    }
  });

  it('loses nothing written while its reads fail: it reads again from where it was', async () => {
    const { received, refused } = await readThroughFailures(TABLE, 'busy', ['EVENT#during-outage', 'EVENT#after-outage']);
    expect(received).toEqual(['EVENT#during-outage', 'EVENT#after-outage']);
    expect(refused).toBeGreaterThan(0);
  });

  it('after a trimmed read, reads on from the oldest record the shard keeps: nothing written since is lost', async () => {
    // A table of its own: the oldest records its shard keeps are this test's.
    const table = `stream-trimmed-${Date.now()}`;
    await ensureTable(unitDynamoEndpoint(), table);
    const { received } = await readThroughFailures(table, 'trimmed', ['EVENT#while-trimmed', 'EVENT#after']);
    expect(received).toEqual(['EVENT#while-trimmed', 'EVENT#after']);
  });
});
