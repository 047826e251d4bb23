/**
 * A proxy between the handlers' table client and DynamoDB Local that fails requests the way
 * DynamoDB fails them, so that a test can see what the product does when the table throttles, errs
 * or loses an answer (issue 28):
 * - `throttle`: DynamoDB's 400 ProvisionedThroughputExceededException (or ThrottlingException),
 *   before the request reaches the table; the SDK retries it after its throttling back-off;
 * - `server-error`: DynamoDB's 500 InternalServerError, before the request reaches the table; the
 *   SDK retries it;
 * - `after-commit`: the request is applied, then its answer lost (the client's connection is
 *   destroyed); the SDK sees a network error and sends the same request again.
 * A fault is armed for some operations (`X-Amz-Target`) or all, and for requests whose body holds a
 * given text (an attribute's name, an expression) or any, for the next `count` matching requests or for a `share` of them drawn from a seeded PRNG (the same seed and the same requests,
 * the same faults). With nothing armed it streams requests and answers through, on kept-alive
 * connections both sides; the local stack sends its calls through it only while a fault is armed
 * (routeArmedCallsThroughProxy).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Agent, createServer, type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { acceptJsonOnly } from './cross-site';
import { sendJson } from './http-gateway';
import { readBody } from './stripe/request-body';
import { runningLambda } from './table-access';

export const TABLE_FAULTS_PATH = '/_local/table/faults';

export const TABLE_FAULT_MODES = ['throttle', 'server-error', 'after-commit'] as const;
export type TableFaultMode = (typeof TABLE_FAULT_MODES)[number];

/** DynamoDB's two throttling errors; the SDK retries both as throttling (THROTTLING_ERROR_CODES). */
export const THROTTLING_EXCEPTIONS = ['ProvisionedThroughputExceededException', 'ThrottlingException'] as const;
export type ThrottlingException = (typeof THROTTLING_EXCEPTIONS)[number];

/** The operations a fault can be armed for: DynamoDB's item and query actions, and DescribeTable (the health check's). */
export const TABLE_OPERATIONS = [
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactGetItems',
  'TransactWriteItems',
  'ExecuteStatement',
  'BatchExecuteStatement',
  'ExecuteTransaction',
  'DescribeTable',
] as const;

/**
 * A fault to arm: for the next `count` matching requests (1 unless a share is given), or for a
 * `share` (0 to 1) of them drawn from a PRNG seeded with `seed` (a random seed unless told, shown
 * once armed, to run the same draws again).
 */
export interface TableFaultSpec {
  mode: TableFaultMode;
  /** Operation names (`PutItem`, or the whole target `DynamoDB_20120810.PutItem`); every operation when omitted. */
  operations?: string[];
  count?: number;
  share?: number;
  seed?: number;
  /** `throttle` only: which throttling error; ProvisionedThroughputExceededException unless told. */
  exception?: ThrottlingException;
  /** A text the request's body holds, such as `passwordHash = :passwordHash`: one write among a handler's calls. */
  match?: string;
}

/** What an armed fault strikes, and how. */
interface FaultTarget {
  mode: TableFaultMode;
  operations?: string[];
  exception?: ThrottlingException;
  match?: string;
}

/** An armed fault as listed: `count` is how many more requests it takes (gone at 0); a share stays armed until cleared. */
export type TableFault = FaultTarget & ({ count: number } | { share: number; seed: number });

/** What befell the requests of one operation that reached the proxy for faults to strike: let through, or failed by each mode. */
export type OperationCounts = Record<'passed' | TableFaultMode, number>;

export interface TableFaultsState {
  faults: TableFault[];
  counters: Record<string, OperationCounts>;
}

/** A fault that cannot be armed; its message says what is expected. */
export class InvalidTableFaultError extends Error {}

const SPEC_FIELDS = ['mode', 'operations', 'count', 'share', 'seed', 'exception', 'match'];
const MAX_MATCH = 200;
const MAX_COUNT = 100;
const MAX_SEED = 2 ** 32 - 1;

/** The operation a request calls: `DynamoDB_20120810.PutItem` -> `PutItem`. */
const operationName = (target: string): string => target.slice(target.lastIndexOf('.') + 1);

/** mulberry32: a small seedable PRNG, uniform in [0, 1), so that a share's draws can be run again. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export type TableFaults = ReturnType<typeof createTableFaults>;

/** The armed faults and the counters, held in memory. */
export function createTableFaults() {
  const armed: { fault: TableFault; strikes: () => boolean }[] = [];
  const counters = new Map<string, OperationCounts>();

  return {
    /** Arms a fault after those already armed; throws InvalidTableFaultError for a bad one. */
    arm(spec: TableFaultSpec): TableFault {
      const fault = validFault(spec);
      let strikes: () => boolean;
      if ('share' in fault) {
        const draw = seededRandom(fault.seed);
        strikes = () => draw() < fault.share;
      } else {
        strikes = () => {
          fault.count -= 1;
          return true;
        };
      }
      armed.push({ fault, strikes });
      return { ...fault };
    },

    /**
     * What befalls a request of `operation`: the first armed fault matching it that strikes (a count
     * always does, and is used up by one; a share as its PRNG draws), or nothing. Counted either way.
     */
    take(operation: string, body?: string): { mode: TableFaultMode; exception?: ThrottlingException } | undefined {
      const index = armed.findIndex(
        ({ fault, strikes }) =>
          (fault.operations === undefined || fault.operations.includes(operation)) &&
          (fault.match === undefined || body?.includes(fault.match) === true) &&
          strikes(),
      );
      const fault = armed[index]?.fault;
      if (fault && 'count' in fault && fault.count === 0) armed.splice(index, 1);
      const counts = counters.get(operation) ?? { passed: 0, throttle: 0, 'server-error': 0, 'after-commit': 0 };
      counters.set(operation, counts);
      counts[fault?.mode ?? 'passed'] += 1;
      return fault && { mode: fault.mode, exception: fault.exception };
    },

    /** Whether any fault is armed. */
    armed(): boolean {
      return armed.length > 0;
    },

    /** Whether a request's body must be read before its fault is known: some armed fault looks into it. */
    readsBodies(): boolean {
      return armed.some(({ fault }) => fault.match !== undefined);
    },

    state(): TableFaultsState {
      return {
        faults: armed.map(({ fault }) => ({ ...fault })),
        counters: Object.fromEntries([...counters].map(([operation, counts]) => [operation, { ...counts }])),
      };
    },

    /** Disarms every fault and zeroes the counters. */
    clear(): void {
      armed.length = 0;
      counters.clear();
    },
  };
}

function validFault(spec: TableFaultSpec): TableFault {
  const { mode, operations, count, share, seed, exception, match } = spec;
  if (!TABLE_FAULT_MODES.includes(mode)) throw new InvalidTableFaultError(`"mode" is one of ${TABLE_FAULT_MODES.join(', ')}, not ${JSON.stringify(mode)}.`);
  const known = (operation: unknown) => typeof operation === 'string' && (TABLE_OPERATIONS as readonly string[]).includes(operationName(operation));
  if (operations !== undefined && (!Array.isArray(operations) || operations.length === 0 || !operations.every(known)))
    throw new InvalidTableFaultError(`"operations" is a list of some of ${TABLE_OPERATIONS.join(', ')}, not ${JSON.stringify(operations)}.`);
  const names = operations?.map(operationName);
  if (exception !== undefined && (mode !== 'throttle' || !THROTTLING_EXCEPTIONS.includes(exception)))
    throw new InvalidTableFaultError(
      `"exception" is for the mode throttle only, one of ${THROTTLING_EXCEPTIONS.join(', ')}; not ${JSON.stringify(exception)}.`,
    );
  if (match !== undefined && (typeof match !== 'string' || match.length === 0 || match.length > MAX_MATCH))
    throw new InvalidTableFaultError(`"match" is a text of 1 to ${MAX_MATCH} characters that the request's body holds, not ${JSON.stringify(match)}.`);
  const named = { mode, ...(names && { operations: names }), ...(exception && { exception }), ...(match !== undefined && { match }) };
  if (share === undefined) {
    if (seed !== undefined) throw new InvalidTableFaultError('"seed" goes with "share" only.');
    const requests = count ?? 1;
    if (!Number.isInteger(requests) || requests < 1 || requests > MAX_COUNT)
      throw new InvalidTableFaultError(`"count" is a whole number of requests from 1 to ${MAX_COUNT}, not ${JSON.stringify(count)}.`);
    return { ...named, count: requests };
  }
  if (count !== undefined) throw new InvalidTableFaultError('Give "count" or "share", not both.');
  if (typeof share !== 'number' || !(share > 0 && share <= 1))
    throw new InvalidTableFaultError(`"share" is a number above 0 and at most 1, not ${JSON.stringify(share)}.`);
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED))
    throw new InvalidTableFaultError(`"seed" is a whole number from 0 to ${MAX_SEED}, not ${JSON.stringify(seed)}.`);
  return { ...named, share, seed: seed ?? randomInt(MAX_SEED) };
}

/** DynamoDB's error answers (JSON 1.0 protocol: the type in the body's __type, which the SDK reads as the error's name). */
const THROTTLING_ANSWERS: Record<ThrottlingException, string> = {
  ProvisionedThroughputExceededException: JSON.stringify({
    __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
    message: 'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
  }),
  ThrottlingException: JSON.stringify({
    __type: 'com.amazon.coral.availability#ThrottlingException',
    message: 'Rate of requests exceeds the allowed throughput.',
  }),
};
const INTERNAL_SERVER_ERROR = JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'Internal server error' });

function answerAsDynamoDb(response: ServerResponse, status: number, body: string): void {
  response
    .writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'content-length': Buffer.byteLength(body), 'x-amzn-requestid': randomUUID() })
    .end(body);
}

/** Each hop's own: the proxy keeps its connections alive on both sides itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'te', 'trailer']);

/** A message's headers as they came (rawHeaders: name, value, name, value...), less each hop's own: no object made per header. */
function endToEnd(rawHeaders: string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[index].toLowerCase())) kept.push(rawHeaders[index], rawHeaders[index + 1]);
  }
  return kept;
}

/**
 * DynamoDB Local (Jetty) closes a connection idle for 30 s: the proxy drops its idle ones at 20 s,
 * so that it never sends a request on one as it closes.
 */
const UPSTREAM_IDLE_MS = 20_000;

export interface TableFaultProxy {
  /** Where the table client is pointed (DYNAMODB_ENDPOINT). */
  endpoint: string;
  faults: TableFaults;
  /** Serves TABLE_FAULTS_PATH: GET the state, POST a fault to arm (JSON), DELETE to clear. */
  serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the proxy on a free loopback port in front of DynamoDB Local at `target`. */
export async function startTableFaultProxy(target: string): Promise<TableFaultProxy> {
  const { hostname, port } = new URL(target);
  const agent = new Agent({ keepAlive: true, timeout: UPSTREAM_IDLE_MS });
  const faults = createTableFaults();
  const server = createServer((request, response) => {
    if (!faults.readsBodies()) return pass(request, response);
    readBody(request).then(
      (body) => pass(request, response, body),
      () => request.socket.destroy(),
    );
  });

  /** Fails the request as its fault says, or forwards it; `body` when it was read to choose the fault. */
  function pass(request: IncomingMessage, response: ServerResponse, body?: string): void {
    const operation = operationName(String(request.headers['x-amz-target'] ?? ''));
    const fault = faults.take(operation, body);
    if (fault?.mode === 'throttle' || fault?.mode === 'server-error') {
      const [status, errorBody] =
        fault.mode === 'throttle' ? [400, THROTTLING_ANSWERS[fault.exception ?? 'ProvisionedThroughputExceededException']] : [500, INTERNAL_SERVER_ERROR];
      if (body !== undefined) answerAsDynamoDb(response, status, errorBody);
      else request.resume().once('end', () => answerAsDynamoDb(response, status, errorBody));
      return;
    }
    const forwarded = httpRequest({ agent, hostname, port, method: request.method, path: request.url, headers: endToEnd(request.rawHeaders) }, (answer) => {
      if (fault?.mode === 'after-commit') {
        // Applied: the answer is read to the end, so the connection to the table stays usable, and lost.
        answer.resume().once('end', () => request.socket.destroy());
        return;
      }
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.rawHeaders));
      answer.pipe(response);
    });
    // The table could not be reached: the client sees its connection fail, as it would without the proxy.
    forwarded.once('error', () => request.socket.destroy());
    // The client went away before its answer: so does the request to the table.
    response.once('close', () => {
      if (!response.writableFinished) forwarded.destroy();
    });
    // Not stream.pipeline: the AbortController it makes for each call, and the DOMException it aborts
    // it with at the end, about doubled the proxy's CPU per call.
    if (body !== undefined) forwarded.end(body);
    else request.pipe(forwarded);
  }
  // As the stack's own server: the SDK keeps idle connections without a limit, and a call sent on one
  // as the server closes it fails (ECONNRESET), as an unarmed fault would.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));

  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    faults,
    async serve(request, response) {
      if (request.method === 'GET') return sendJson(response, 200, faults.state());
      // A DELETE needs a CORS preflight, which no local server allows: taken as it comes.
      if (request.method === 'DELETE') {
        faults.clear();
        return sendJson(response, 200, faults.state());
      }
      if (request.method !== 'POST') return sendJson(response, 405, { error: 'GET, POST or DELETE' });
      if (!acceptJsonOnly(request, response)) return;
      const spec = parseSpec(await readBody(request));
      if (!spec) return sendJson(response, 400, { error: FAULT_USAGE });
      try {
        faults.arm(spec);
      } catch (error) {
        if (!(error instanceof InvalidTableFaultError)) throw error;
        return sendJson(response, 400, { error: error.message });
      }
      sendJson(response, 200, faults.state());
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolveClose) => server.close(resolveClose));
      agent.destroy();
    },
  };
}

const FAULT_USAGE =
  'Send one fault as a JSON object, such as {"mode": "after-commit", "operations": ["UpdateItem"], "count": 2} or {"mode": "throttle", "share": 0.1}, ' +
  `with the fields ${SPEC_FIELDS.join(', ')} only.`;

function parseSpec(text: string): TableFaultSpec | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).some((field) => !SPEC_FIELDS.includes(field))) return undefined;
    return body as TableFaultSpec;
  } catch {
    return undefined;
  }
}

/**
 * Sends the stack's table calls made as a Lambda (table-access.ts, asLambda) through the proxy while
 * a fault is armed: faults strike the product's calls only. Every other call (the seed, the local
 * controls, the stream reader), and every call while none is armed, goes to DynamoDB Local itself,
 * as on `npm start`: an unarmed proxy only let calls through, at about a third of the stack's CPU
 * per table call. Chosen as the request is built, once for all its attempts, so that an SDK retry
 * takes the path its first try took.
 */
export async function routeArmedCallsThroughProxy(proxy: TableFaultProxy): Promise<void> {
  const { db } = await import('../../functions/platform/table');
  const { hostname, port } = new URL(proxy.endpoint);
  db.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { hostname?: string; port?: number };
      if (runningLambda() !== undefined && proxy.faults.armed()) {
        request.hostname = hostname;
        request.port = Number(port);
      }
      return next(args);
    },
    { step: 'build', name: 'localTableFaultRoute' },
  );
}
