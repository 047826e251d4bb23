/**
 * API latency under concurrent load against the local stack: POST /api/auth/login,
 * POST /api/auth/refresh-token and GET /api/auth/user, each compared with raw DynamoDB Local
 * GetItem latency at the same concurrency measured in the same run (the floor any API call that
 * reads the table stands on), plus the DynamoDB calls each request makes.
 *
 * Run: npx tsx bench/api-latency.ts [--strict]
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { performance } from 'node:perf_hooks';
import { userKey } from '../functions/platform/keys';
import { DEFAULT_SEED } from '../scripts/local/demo-accounts';
import { cookieFrom, type LoadResult, runLoad } from './lib/load';
import { budget, runBench, writeResults } from './lib/results';
import { type BenchStack, startStack } from './lib/stack';
import { type LatencySummary, round, summarise } from './lib/stats';

// The SDK's Node 20 deprecation notice is noise in a benchmark's output (Lambdas run Node 22).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const EMAIL = 'alice.student@demo.test';
/** Login is scrypt-bound (N=2^17, ~0.3 s of CPU each): few connections, or it only measures the queue. */
const LOGIN = { connections: 4, durationSeconds: 8 };
const LOAD = { connections: 10, durationSeconds: 10 };
const WARM_UP_SECONDS = 2;
/** A signed-in read may cost at most this much more than the one GetItem it makes (p95). */
const USER_P95_RATIO_BUDGET = 1.5;
/** GET /api/auth/user and its GetItem floor alternate in rounds of this length. */
const INTERLEAVED = { rounds: 5, roundSeconds: 3 };
const JSON_HEADERS = { 'content-type': 'application/json' };
const REFRESH_COOKIE = '__Secure-refreshToken';

interface Session {
  refreshToken: string;
  accessToken: string;
  userId: string;
}

interface EndpointFigures {
  route: string;
  connections: number;
  durationSeconds: number;
  latencyMs: LatencySummary;
  requestsPerSecond: number;
  ok: number;
  non2xx: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** DynamoDB calls one request makes, by command (counted on a single request before the load). */
  dynamoCallsPerRequest: Record<string, number>;
  /** API percentile divided by the GetItem percentile of the same rank. */
  ratioToGetItem?: { p50: number; p95: number; p99: number };
}

runBench(async () => {
  const stack = await startStack();
  try {
    const sessions: Session[] = [];
    const logInOnce = async () => sessions.push(await logIn(stack.url));
    const login = await measure(
      stack,
      'POST /api/auth/login',
      LOGIN,
      () => ({
        method: 'POST',
        path: '/api/auth/login',
        headers: JSON_HEADERS,
        body: JSON.stringify({ email: EMAIL, password: DEFAULT_SEED.demoPassword }),
        // Every login opens a session: they become the refresh benchmark's sessions.
        onResponse: (status, body, _context, headers) => {
          const refreshToken = cookieFrom(headers, REFRESH_COOKIE);
          if (status === 200 && refreshToken) {
            const { accessToken, user } = JSON.parse(body) as { accessToken: string; user: { _id: string } };
            sessions.push({ refreshToken, accessToken, userId: user._id });
          }
        },
      }),
      logInOnce,
    );
    // One session per refresh connection, plus spares for a connection whose session dies.
    while (sessions.length < LOAD.connections + 3) await logInOnce();
    const [first] = sessions;
    const probeSession = sessions.pop();
    if (!probeSession) throw new Error('no session was logged in for the refresh probe');

    // Each connection rotates its own session: it sends the cookie the previous refresh returned,
    // so every refresh is a genuine rotation (no reuse, which the service would treat as theft).
    const spares = sessions.slice(LOAD.connections);
    // A state change that carries a cookie must say it comes from the app, as a browser does.
    const refreshHeaders = (token: string) => ({ ...JSON_HEADERS, origin: stack.url, cookie: `${REFRESH_COOKIE}=${token}` });
    const refreshRequest = (connection: number) => {
      let token: string | undefined = sessions[connection].refreshToken;
      return {
        method: 'POST',
        path: '/api/auth/refresh-token',
        headers: JSON_HEADERS,
        body: '{}',
        setupRequest: (request: object) => ({ ...request, headers: refreshHeaders(token ?? 'none') }),
        onResponse: (status: number, _body: string, _context: unknown, headers: Record<string, string | string[]>) => {
          token = status === 200 ? (cookieFrom(headers, REFRESH_COOKIE) ?? token) : spares.shift()?.refreshToken;
        },
      };
    };
    const userRequest = () => ({ method: 'GET', path: '/api/auth/user', headers: { authorization: `Bearer ${first.accessToken}` } });

    await runLoad({ url: stack.url, connections: LOAD.connections, durationSeconds: WARM_UP_SECONDS, requestFor: userRequest });
    const refreshOnce = () =>
      expectOk(fetch(`${stack.url}/api/auth/refresh-token`, { method: 'POST', headers: refreshHeaders(probeSession.refreshToken), body: '{}' }));
    const userOnce = () => expectOk(fetch(`${stack.url}/api/auth/user`, { headers: { authorization: `Bearer ${first.accessToken}` } }));
    const refresh = await measure(stack, 'POST /api/auth/refresh-token', LOAD, refreshRequest, refreshOnce);
    const { user, getItem } = await measureUserAgainstGetItem(stack, userRequest, userOnce, first.userId);

    const ratioToGetItem = (figures: EndpointFigures) => ({
      p50: round(figures.latencyMs.p50 / getItem.latencyMs.p50),
      p95: round(figures.latencyMs.p95 / getItem.latencyMs.p95),
      p99: round(figures.latencyMs.p99 / getItem.latencyMs.p99),
    });
    for (const figures of [login, refresh, user]) figures.ratioToGetItem = ratioToGetItem(figures);
    console.log('api-latency (ms; ratio = API percentile / GetItem percentile)');
    for (const f of [login, refresh, user]) {
      console.log(
        `  ${f.route.padEnd(30)} p50 ${f.latencyMs.p50} p95 ${f.latencyMs.p95} p99 ${f.latencyMs.p99}  ${f.requestsPerSecond} req/s  non-2xx ${f.non2xx}  x${f.ratioToGetItem?.p50}/${f.ratioToGetItem?.p95}/${f.ratioToGetItem?.p99}  ddb ${JSON.stringify(f.dynamoCallsPerRequest)}`,
      );
    }
    console.log(
      `  ${'DynamoDB Local GetItem'.padEnd(30)} p50 ${getItem.latencyMs.p50} p95 ${getItem.latencyMs.p95} p99 ${getItem.latencyMs.p99}  ${getItem.requestsPerSecond} req/s`,
    );
    writeResults(
      'api-latency',
      {
        target: 'local stack (gateway + handlers in one Node process, DynamoDB Local on disk), load generator in another process',
        latencyNote: 'latencies of 2xx responses only; non-2xx are counted separately',
        login,
        refresh,
        user,
        getItemBaseline: getItem,
      },
      [budget('GET /api/auth/user p95 / GetItem p95', ratioToGetItem(user).p95, 'max', USER_P95_RATIO_BUDGET, 'ratio')],
    );
  } finally {
    await stack.stop();
  }
});

async function measure(
  stack: BenchStack,
  route: string,
  load: { connections: number; durationSeconds: number },
  requestFor: Parameters<typeof runLoad>[0]['requestFor'],
  probe: () => Promise<unknown>,
): Promise<EndpointFigures> {
  const dynamoCallsPerRequest = await countDynamoCalls(stack, probe);
  const result: LoadResult = await runLoad({ url: stack.url, ...load, requestFor });
  return {
    route,
    ...load,
    latencyMs: summarise(result.latencies2xx),
    requestsPerSecond: round(result.latencies2xx.length / result.seconds, 1),
    ok: result.latencies2xx.length,
    non2xx: result.non2xx,
    statuses: result.statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    dynamoCallsPerRequest,
  };
}

/**
 * DynamoDB calls of one request, by command, counted around a single request on an idle stack:
 * under load, requests still in flight when the load stops would blur the count.
 */
async function countDynamoCalls(stack: BenchStack, oneRequest: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await settledDynamoCalls(stack);
  await oneRequest();
  const after = await stack.dynamoCalls();
  return Object.fromEntries(Object.entries(after).flatMap(([command, n]) => (n > (before[command] ?? 0) ? [[command, n - (before[command] ?? 0)]] : [])));
}

/** The call counts once they stop moving: requests of a finished load may still be running. */
async function settledDynamoCalls(stack: BenchStack): Promise<Record<string, number>> {
  let previous = JSON.stringify(await stack.dynamoCalls());
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = await stack.dynamoCalls();
    if (JSON.stringify(current) === previous) return current;
    previous = JSON.stringify(current);
  }
}

async function expectOk(request: Promise<Response>): Promise<void> {
  const response = await request;
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
}

async function logIn(url: string): Promise<Session> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: EMAIL, password: DEFAULT_SEED.demoPassword }),
  });
  const refreshToken = response.headers
    .getSetCookie()
    .join(';')
    .match(new RegExp(`${REFRESH_COOKIE}=([^;]+)`))?.[1];
  if (!response.ok || !refreshToken) throw new Error(`login failed: ${response.status}`);
  const { accessToken, user } = (await response.json()) as { accessToken: string; user: { _id: string } };
  return { refreshToken, accessToken, userId: user._id };
}

/**
 * GET /api/auth/user against its floor, the GetItem it makes (the user item, strongly consistent),
 * in alternating rounds at the same concurrency: a drift in the machine's load falls on both alike.
 */
async function measureUserAgainstGetItem(
  stack: BenchStack,
  requestFor: Parameters<typeof runLoad>[0]['requestFor'],
  probe: () => Promise<unknown>,
  userId: string,
) {
  const dynamoCallsPerRequest = await countDynamoCalls(stack, probe);
  const getItem = getItemLoad(stack, userId);
  await getItem.run(WARM_UP_SECONDS);
  const api: LoadResult[] = [];
  const floor: { latencies: number[]; seconds: number }[] = [];
  for (let round = 0; round < INTERLEAVED.rounds; round++) {
    api.push(await runLoad({ url: stack.url, connections: LOAD.connections, durationSeconds: INTERLEAVED.roundSeconds, requestFor }));
    floor.push(await getItem.run(INTERLEAVED.roundSeconds));
  }
  getItem.close();
  const latencies2xx = api.flatMap((result) => result.latencies2xx);
  const floorLatencies = floor.flatMap((result) => result.latencies);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const statuses: Record<string, number> = {};
  for (const result of api) for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const durationSeconds = INTERLEAVED.rounds * INTERLEAVED.roundSeconds;
  const user: EndpointFigures = {
    route: 'GET /api/auth/user',
    connections: LOAD.connections,
    durationSeconds,
    latencyMs: summarise(latencies2xx),
    requestsPerSecond: round(latencies2xx.length / sum(api.map((result) => result.seconds)), 1),
    ok: latencies2xx.length,
    non2xx: sum(api.map((result) => result.non2xx)),
    statuses,
    errors: sum(api.map((result) => result.errors)),
    timeouts: sum(api.map((result) => result.timeouts)),
    dynamoCallsPerRequest,
  };
  return {
    user,
    getItem: {
      operation: 'DynamoDBDocumentClient GetCommand of the user profile item, strongly consistent (the read GET /api/auth/user makes)',
      connections: LOAD.connections,
      durationSeconds,
      rounds: INTERLEAVED.rounds,
      latencyMs: summarise(floorLatencies),
      requestsPerSecond: round(floorLatencies.length / sum(floor.map((result) => result.seconds)), 1),
    },
  };
}

/** GetItem of the user's profile item with the load's concurrency, from this process. */
function getItemLoad(stack: BenchStack, userId: string) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.endpoints.dynamodb,
      region: stack.env.AWS_REGION,
      credentials: { accessKeyId: stack.env.AWS_ACCESS_KEY_ID, secretAccessKey: stack.env.AWS_SECRET_ACCESS_KEY },
    }),
  );
  const command = () => new GetCommand({ TableName: stack.env.TABLE_NAME, Key: userKey(userId), ConsistentRead: true });
  const loop = async (until: number, latencies: number[]) => {
    while (performance.now() < until) {
      const started = performance.now();
      const { Item } = await client.send(command());
      latencies.push(performance.now() - started);
      if (!Item) throw new Error('GetItem baseline: the user item is missing');
    }
  };
  return {
    async run(seconds: number) {
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(Array.from({ length: LOAD.connections }, () => loop(started + seconds * 1000, latencies)));
      return { latencies, seconds: (performance.now() - started) / 1000 };
    },
    close: () => client.destroy(),
  };
}
