/**
 * Realtime delivery latency on the local stack: from the moment a student sends
 * `POST /api/chats/{id}/messages` to the moment the expert's open WebSocket receives the
 * `newMessage` event. The path is the production one: the chats handler writes the message and its
 * event in one transaction, the table's stream hands the event to the notifications handler, which
 * looks up the expert's connections and posts through the @connections management API.
 * 1,000 messages, one at a time (after 200 unmeasured ones that warm the JVM and the handlers up),
 * while 100 connections are open (the expert's and those of ten other signed-in members). Measured in the same run: a bare `ws` echo server with as many open
 * connections, and the realtime ping (a two-way route, answered without @connections).
 *
 * Run: npx tsx bench/realtime-latency.ts [--strict]
 */
import { WebSocket, WebSocketServer } from 'ws';
import { DEFAULT_SEED, DEMO_EXPERTS, DEMO_STUDENTS } from '../scripts/local/demo-accounts';
import { freePort } from '../scripts/local/ports';
import { budget, runBench, writeResults } from './lib/results';
import { type BenchStack, startStack } from './lib/stack';
import { round, summarise } from './lib/stats';

const OPEN_CONNECTIONS = 100;
const MESSAGES = 1000;
const PINGS = 1000;
/** Messages sent first and not measured: DynamoDB Local's JVM and the handlers warm up as a long-running service would be. */
const WARM_UP_MESSAGES = 200;
const OTHER_MEMBERS = 10;
/** The target on the local stack. */
const DELIVERY_P99_BUDGET_MS = 50;

runBench(async () => {
  const echo = await startEchoServer();
  const stack = await startStack();
  try {
    const baseline = await measureEcho(echo.url);
    const api = apiOf(stack);
    const student = await api.login(DEMO_STUDENTS[0].email);
    const expert = await api.login(DEMO_EXPERTS[0].email);
    const [offer] = await api.call<{ _id: string }[]>('GET', `/offers/professor/${expert.userId}`, undefined);
    const { chat } = await api.call<{ chat: { _id: string } }>('POST', '/chats/create', { offerId: offer._id, initialMessage: 'Benchmark conversation' }, student.token);

    const expertSocket = await api.connect(expert.token);
    const others: WebSocket[] = [];
    const members = await Promise.all([...DEMO_EXPERTS.slice(1), ...DEMO_STUDENTS.slice(1)].slice(0, OTHER_MEMBERS).map((profile) => api.login(profile.email)));
    for (let n = 0; others.length < OPEN_CONNECTIONS - 1; n++) others.push(await api.connect(members[n % members.length].token));

    for (let n = 0; n < WARM_UP_MESSAGES; n++) {
      const content = `Warm-up message ${n}`;
      const arrived = nextMatching(expertSocket, (event) => event.type === 'newMessage' && event.message?.content === content);
      await api.call('POST', `/chats/${chat._id}/messages`, { content }, student.token);
      await arrived;
    }
    const callsBefore = await stack.dynamoCalls();
    const delivery: number[] = [];
    const postAnswered: number[] = [];
    const afterAnswer: number[] = [];
    for (let n = 0; n < MESSAGES; n++) {
      const content = `Benchmark message ${n}`;
      const started = performance.now();
      const arrived = nextMatching(expertSocket, (event) => event.type === 'newMessage' && event.message?.content === content);
      await api.call('POST', `/chats/${chat._id}/messages`, { content }, student.token);
      postAnswered.push(performance.now() - started);
      await arrived;
      delivery.push(performance.now() - started);
      afterAnswer.push(delivery.at(-1)! - postAnswered.at(-1)!);
    }
    const callsAfter = await stack.dynamoCalls();
    const callsPerMessage = Object.fromEntries(
      Object.entries(callsAfter)
        .map(([command, count]) => [command, round((count - (callsBefore[command] ?? 0)) / MESSAGES)] as const)
        .filter(([, perMessage]) => perMessage > 0),
    );

    const pings: number[] = [];
    for (let n = 0; n < PINGS; n++) {
      const started = performance.now();
      const pong = nextMatching(expertSocket, (event) => event.type === 'pong');
      expertSocket.send(JSON.stringify({ action: 'ping' }));
      await pong;
      pings.push(performance.now() - started);
    }
    for (const socket of [expertSocket, ...others]) socket.close();

    const deliveryMs = summarise(delivery);
    const figures = {
      openConnections: OPEN_CONNECTIONS,
      messages: MESSAGES,
      warmUpMessages: WARM_UP_MESSAGES,
      deliveryMs,
      postAnsweredMs: summarise(postAnswered),
      /** The realtime part: from the POST's answer to the event on the expert's socket (stream, notifications, @connections). */
      deliveredAfterAnswerMs: summarise(afterAnswer),
      realtimePingPongMs: summarise(pings),
      bareWsEchoMs: baseline,
      dynamoCallsPerMessage: callsPerMessage,
      ratioToEcho: { p50: round(deliveryMs.p50 / baseline.p50), p95: round(deliveryMs.p95 / baseline.p95), p99: round(deliveryMs.p99 / baseline.p99) },
    };
    console.log(`realtime-latency (ms; ${MESSAGES} messages, ${OPEN_CONNECTIONS} open connections)`);
    console.log(`  POST message -> other side's newMessage   p50 ${deliveryMs.p50} p95 ${deliveryMs.p95} p99 ${deliveryMs.p99}`);
    console.log(`  POST message answered                    p50 ${figures.postAnsweredMs.p50} p95 ${figures.postAnsweredMs.p95} p99 ${figures.postAnsweredMs.p99}`);
    console.log(`  ... of which after the POST's answer     p50 ${figures.deliveredAfterAnswerMs.p50} p95 ${figures.deliveredAfterAnswerMs.p95} p99 ${figures.deliveredAfterAnswerMs.p99}`);
    console.log(`  /ws ping -> pong (route response)        p50 ${figures.realtimePingPongMs.p50} p95 ${figures.realtimePingPongMs.p95} p99 ${figures.realtimePingPongMs.p99}`);
    console.log(`  bare ws echo                             p50 ${baseline.p50} p95 ${baseline.p95} p99 ${baseline.p99}`);
    console.log(`  DynamoDB calls per message: ${JSON.stringify(callsPerMessage)}`);
    writeResults('realtime-latency', figures, [budget('message delivery p99', deliveryMs.p99, 'max', DELIVERY_P99_BUDGET_MS, 'ms')]);
  } finally {
    await stack.stop();
    await echo.close();
  }
});

interface Event {
  type: string;
  message?: { content: string };
}

function nextMatching(socket: WebSocket, match: (event: Event) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('message', onMessage);
      reject(new Error('no matching event within 10 s'));
    }, 10_000);
    const onMessage = (data: Buffer) => {
      if (!match(JSON.parse(data.toString()) as Event)) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve();
    };
    socket.on('message', onMessage);
  });
}

/** The API as the browser calls it: JSON, the app's Origin, a bearer token. */
function apiOf(stack: BenchStack) {
  async function call<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
    const response = await fetch(`${stack.url}/api${path}`, {
      method,
      headers: { origin: stack.url, ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  return {
    call,
    async login(email: string) {
      const { user, accessToken } = await call<{ user: { _id: string }; accessToken: string }>('POST', '/auth/login', { email, password: DEFAULT_SEED.demoPassword });
      return { userId: user._id, token: accessToken };
    },
    async connect(token: string): Promise<WebSocket> {
      const { ticket } = await call<{ ticket: string }>('POST', '/realtime/ticket', {}, token);
      const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/ws?ticket=${ticket}`, { origin: stack.url });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return socket;
    },
  };
}

/** Round trips on one connection of a bare echo server while OPEN_CONNECTIONS are open. */
async function measureEcho(url: string) {
  const sockets = await Promise.all(
    Array.from({ length: OPEN_CONNECTIONS }, async () => {
      const socket = new WebSocket(url);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return socket;
    }),
  );
  const latencies: number[] = [];
  for (let n = 0; n < MESSAGES; n++) {
    const started = performance.now();
    const answered = new Promise((resolve) => sockets[0].once('message', resolve));
    sockets[0].send(JSON.stringify({ n }));
    await answered;
    latencies.push(performance.now() - started);
  }
  for (const socket of sockets) socket.close();
  return summarise(latencies);
}

async function startEchoServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data.toString())));
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `ws://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
