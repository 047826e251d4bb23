/**
 * The table's stream, read locally as AWS Lambda's event source mappings read it: one reader, and
 * for each consumer (the notifications function, the jobs function) the records that pass its
 * mapping's filter (functions/platform/stream-filters.ts) go to its handler in order, as a
 * DynamoDBStreamEvent; records it reports failed are retried, then dropped with an error. Each
 * consumer has its own queue, as each mapping polls on its own: a long export build never holds up
 * a push.
 *
 * Polling: AWS polls a shard about four times a second. By default the stack tells the reader when
 * a handler wrote to the table (`nudge`): it reads at once, then every 2 ms, backing off to 32, while
 * DynamoDB Local makes the record readable, and otherwise every second, for writes the handlers did
 * not make (a test's own, an operator script's). A write whose keys no consumer's filter can pass
 * (most of them: a user, an order, a message) wakes no read: its record waits for the next one, and
 * no consumer would have received it. A message reaches the other side in milliseconds,
 * without empty reads that would take DynamoDB Local's CPU from the writes: polling every 100 ms cost
 * an idle stack a tenth of a core (node 1.4 s and the JVM 2 s of CPU in 30 s; every second: 0.3 s
 * and none), and a CI run keeps 3 to 5 stacks up for 15 minutes (decision 231).
 * With `pollMs` it ignores the nudges and, once it has read everything, waits that long before it
 * reads again, as the event source mapping does: the delay AWS adds, to measure what the write
 * path's own push saves (bench/realtime-latency.ts).
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetShardIteratorCommand, type Shard } from '@aws-sdk/client-dynamodb-streams';
import { Agent, request } from 'node:http';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { keysMayPass, matchesStreamFilter, type StreamFilter } from '../../functions/platform/stream-filters';
import { LOCAL_CREDENTIALS, localAuthorization, localCalls } from './dynamodb';

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

/** A Lambda fed by the stream: its name (for the log), its mapping's filter and its handler. */
export interface StreamConsumer {
  name: string;
  filter: StreamFilter;
  handler: StreamHandler;
}

/** The pauses between reads after a write, until the record shows. */
const BURST_PAUSES_MS = [2, 2, 2, 4, 4, 8, 16, 32];
/** Reads while no handler wrote: for writes made around the handlers only (see above). */
const IDLE_POLL_MS = 1000;
const RETRIES = 3;

/**
 * A write as the table client's middleware sees it: its command's name and input, whose attribute
 * values are plain (the document client marshals them later) or marshalled (`{ S: … }`).
 */
export interface TableWrite {
  command: string;
  input: unknown;
}

type Item = Record<string, unknown>;
interface WriteInput {
  Item?: Item;
  Key?: Item;
  TransactItems?: { Put?: { Item?: Item }; Update?: { Key?: Item }; Delete?: { Key?: Item } }[];
  RequestItems?: Record<string, { PutRequest?: { Item?: Item }; DeleteRequest?: { Key?: Item } }[]>;
}

/** A string attribute as a stream record holds it. */
const marshalled = (item: Item): Item =>
  Object.fromEntries(Object.entries(item).map(([name, value]) => [name, typeof value === 'string' ? { S: value } : value]));

/** The items a write touches (a put's item, an update's or a delete's key), in a transaction or a batch too, marshalled. */
function writtenItems({ input }: TableWrite): Item[] {
  const { Item, Key, TransactItems = [], RequestItems = {} } = (input ?? {}) as WriteInput;
  return [
    Item,
    Key,
    ...TransactItems.map((action) => action.Put?.Item ?? action.Update?.Key ?? action.Delete?.Key),
    ...Object.values(RequestItems).flatMap((requests) => requests.map((request) => request.PutRequest?.Item ?? request.DeleteRequest?.Key)),
  ]
    .filter((item): item is Item => item !== undefined)
    .map(marshalled);
}

/** Whether a consumer can receive the record of this write: a read is worth waking for. */
export function concernsConsumers(consumers: Pick<StreamConsumer, 'filter'>[], write: TableWrite): boolean {
  return writtenItems(write).some((item) => consumers.some(({ filter }) => keysMayPass(filter, item)));
}

export interface TableStreamOptions {
  /** Read every so many ms, ignoring nudges (AWS's polling); unset, nudged reads. */
  pollMs?: number;
  /** The region of the table's database in DynamoDB Local (dynamodb.ts, databaseFile). */
  region?: string;
}

export async function startTableStream(
  endpoint: string,
  tableName: string,
  consumers: StreamConsumer[],
  { pollMs, region = LOCAL_CREDENTIALS.AWS_REGION }: TableStreamOptions = {},
) {
  const credentials = { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY };
  const options = { endpoint, region, credentials };
  const table = new DynamoDBClient(options);
  const streams = new DynamoDBStreamsClient(options);
  localCalls(streams);
  const { Table } = await table.send(new DescribeTableCommand({ TableName: tableName }));
  table.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${tableName} has no stream`);

  const shards = async (): Promise<Shard[]> => (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription?.Shards ?? [];
  const iteratorOf = async (shardId: string | undefined, type: 'LATEST' | 'TRIM_HORIZON' | 'AFTER_SEQUENCE_NUMBER', after?: string) =>
    (await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: after }))).ShardIterator;

  // Start at the open shard's end: events written before this run were for connections long gone.
  let shard = (await shards()).find((candidate) => !candidate.SequenceNumberRange?.EndingSequenceNumber);
  let iterator = shard && (await iteratorOf(shard.ShardId, 'LATEST'));
  let lastSequence: string | undefined;
  /** Empty reads since the last write: where the burst's pauses are (past them, idle). */
  let emptyReads = BURST_PAUSES_MS.length;
  let stopped = false;
  let wake: (() => void) | undefined;
  /** Writes reported so far: a write during a read restarts the burst once the read is done. */
  let writes = 0;

  const agent = new Agent({ keepAlive: true });
  const { hostname, port } = new URL(endpoint);
  const authorization = localAuthorization(LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, region, 'dynamodb');

  /**
   * One GetRecords, its answer taken as the wire has it: the records Lambda hands a function are these
   * (ApproximateCreationDateTime in epoch seconds), and reading them without the SDK's deserializer
   * costs about a fifteenth of the CPU (decision 331). An error carries DynamoDB's name, for resume().
   */
  function getRecords(shardIterator: string): Promise<{ Records?: DynamoDBRecord[]; NextShardIterator?: string }> {
    const body = JSON.stringify({ ShardIterator: shardIterator });
    return new Promise((resolveRead, rejectRead) => {
      const call = request(
        {
          hostname,
          port,
          method: 'POST',
          path: '/',
          agent,
          headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDBStreams_20120810.GetRecords', authorization },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              if (response.statusCode === 200) return resolveRead(answer);
              const error = new Error(answer.message ?? answer.Message ?? `GetRecords answered ${response.statusCode}`);
              error.name = String(answer.__type ?? 'StreamReadError').replace(/^.*#/, '');
              rejectRead(error);
            } catch (error) {
              rejectRead(error);
            }
          });
          response.on('error', rejectRead);
        },
      );
      call.on('error', rejectRead);
      call.end(body);
    });
  }

  /** A closed shard continues in its child, read from its start. */
  async function nextShard(): Promise<void> {
    const child = (await shards()).find((candidate) => candidate.ParentShardId === shard?.ShardId);
    if (!child) return;
    shard = child;
    lastSequence = undefined;
    iterator = await iteratorOf(shard.ShardId, 'TRIM_HORIZON');
  }

  /**
   * After a failed read. An iterator stays valid for 15 minutes, so a read that failed on its way
   * (a busy machine, a dropped connection) is simply tried again with it: jumping to LATEST would skip
   * what was written meanwhile. A trimmed iterator points before the oldest record the shard keeps,
   * so everything kept is newer than it: the reader goes on from that oldest record (DynamoDB Local
   * answers so a reader that started on a shard with no record yet, once its first are written). An
   * expired one is replaced right after the last record seen.
   */
  async function resume(error: unknown): Promise<void> {
    const name = (error as { name?: string }).name;
    if (name === 'TrimmedDataAccessException') iterator = await iteratorOf(shard?.ShardId, 'TRIM_HORIZON');
    else if (name === 'ExpiredIteratorException')
      iterator = lastSequence ? await iteratorOf(shard?.ShardId, 'AFTER_SEQUENCE_NUMBER', lastSequence) : await iteratorOf(shard?.ShardId, 'LATEST');
  }

  async function deliverTo({ name, filter, handler }: StreamConsumer, records: DynamoDBRecord[]): Promise<void> {
    let pending = records.filter((record) => matchesStreamFilter(filter, record));
    for (let attempt = 0; pending.length > 0; attempt++) {
      const { batchItemFailures } = await handler({ Records: pending }).catch(() => ({
        batchItemFailures: pending.map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber ?? '' })),
      }));
      const failed = new Set(batchItemFailures.map((failure) => failure.itemIdentifier));
      pending = pending.filter((record) => failed.has(record.dynamodb?.SequenceNumber ?? ''));
      if (pending.length > 0 && attempt >= RETRIES) {
        console.error(`${name}: ${pending.length} record(s) failed ${RETRIES + 1} times and were dropped`);
        return;
      }
    }
  }

  /** Each consumer's deliveries, one after another in the stream's order. */
  const queues = consumers.map(() => Promise.resolve());
  function deliver(records: DynamoDBRecord[]): void {
    consumers.forEach((consumer, index) => {
      queues[index] = queues[index].then(() => deliverTo(consumer, records));
    });
  }

  // DynamoDB Local places a LATEST iterator at its first read, not when it is made: read once now, so
  // that a write right after the start is delivered, not skipped.
  if (iterator) {
    const first = await getRecords(iterator);
    iterator = first.NextShardIterator;
    const records = first.Records ?? [];
    if (records.length > 0) {
      lastSequence = records[records.length - 1].dynamodb?.SequenceNumber;
      deliver(records);
    }
  }

  const loop = (async () => {
    while (!stopped) {
      let found = 0;
      try {
        if (!iterator) await nextShard();
        if (iterator) {
          const writesBefore = writes;
          const answer = await getRecords(iterator);
          iterator = answer.NextShardIterator;
          const records = answer.Records ?? [];
          found = records.length;
          if (writes !== writesBefore) emptyReads = 0;
          else if (found > 0) emptyReads = BURST_PAUSES_MS.length;
          if (found > 0) {
            lastSequence = records[found - 1].dynamodb?.SequenceNumber;
            deliver(records);
          }
        }
      } catch (error) {
        if (stopped) break;
        console.error('Table stream:', error);
        await resume(error).catch(() => undefined);
      }
      if (found === 0 && !stopped) {
        const pause = pollMs ?? BURST_PAUSES_MS[emptyReads] ?? IDLE_POLL_MS;
        emptyReads += 1;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  })();

  return {
    /** A handler wrote to the table (this write, or one not described): look now, then again shortly. */
    nudge(write?: TableWrite) {
      if (pollMs || (write && !concernsConsumers(consumers, write))) return;
      writes += 1;
      emptyReads = 0;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await Promise.all(queues);
      streams.destroy();
      agent.destroy();
    },
  };
}
