/**
 * A room's signalling relay on the local stack (docs/rooms.md): from the moment one participant's
 * socket sends a candidate to the moment the other's socket receives it, against a bare `ws` echo
 * server's round trip measured in the same run (the channel's floor). The room is the demo's free
 * introduction of Alice with Nadia, its clock moved to the room's opening; both sides join it first.
 *
 * Run: npx tsx bench/room-signalling.ts [--runs N] [--strict]
 */
import { WebSocket } from 'ws';
import { budget, runBench, writeResults } from './lib/results';
import { apiOf, startEchoServer } from './lib/stack-api';
import { startStack } from './lib/stack';
import { type LatencySummary, round, summarise } from './lib/stats';

const RELAYS = 500;
const WARM_UP_RELAYS = 100;
const ECHOES = 500;
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
/** The target, as the chat's fast path. */
const RELAY_P95_BUDGET_MS = 50;
const STUDENT = 'alice.student@demo.test';
const EXPERT = 'nadia.benali@demo.test';

runBench(async () => {
  const runs: { run: number; relayMs: LatencySummary; bareWsEchoMs: LatencySummary; dynamoCallsPerRelay: Record<string, number> }[] = [];
  for (let run = 1; run <= RUNS; run++) runs.push({ run, ...(await measureRun()) });
  const worst = (key: 'p95' | 'p50') => Math.max(...runs.map((entry) => entry.relayMs[key]));
  writeResults(
    'room-signalling',
    {
      measured:
        'one participant sends roomCandidate, the other receives it (one-way, through the local WebSocket gateway and the realtime handler), one at a time; the floor: a bare ws echo round trip in the same run',
      relays: RELAYS,
      runs,
    },
    [budget('signalling relay p95 (worst run)', worst('p95'), 'max', RELAY_P95_BUDGET_MS, 'ms')],
  );
});

async function measureRun() {
  const echo = await startEchoServer();
  const stack = await startStack();
  try {
    const api = apiOf(stack);
    const student = await api.login(STUDENT);
    const expert = await api.login(EXPERT);
    const { chats } = await api.call<{ chats: { _id: string; orderKind: string; scheduledDate?: string }[] }>(
      'GET',
      '/chats?limit=50',
      undefined,
      student.token,
    );
    const intro = chats.find((chat) => chat.orderKind === 'intro' && chat.scheduledDate);
    if (!intro?.scheduledDate) throw new Error('The demo has no booked introduction of Alice');
    const { now } = await (await fetch(`${stack.url}/_local/clock`)).json();
    const ahead = Date.parse(intro.scheduledDate) - 5 * 60_000 - Date.parse(now);
    if (ahead > 0) await api.clock(`${Math.ceil(ahead / 1000)}s`);
    const [from, to] = await Promise.all([api.connect(student.token), api.connect(expert.token)]);
    for (const socket of [from, to]) {
      const joined = nextEvent(socket, (event) => event.type === 'roomJoined' || event.type === 'error');
      socket.send(JSON.stringify({ action: 'joinRoom', orderId: intro._id }));
      const answer = await joined;
      if (answer.type !== 'roomJoined') throw new Error(`joinRoom: ${JSON.stringify(answer)}`);
    }
    // The signalling limit (240 a minute per socket) holds in the bench too: new sockets as the count nears it.
    let sockets = { from, to };
    let n = 0;
    for (; n < WARM_UP_RELAYS; n++) await relayOn(sockets, intro._id, n);
    const before = await stack.dynamoCalls();
    const latencies: number[] = [];
    for (let measured = 0; measured < RELAYS; measured++, n++) {
      if (n % 200 === 199) sockets = await rejoin(api, student.token, expert.token, intro._id, sockets);
      latencies.push(await relayOn(sockets, intro._id, n));
    }
    const after = await stack.dynamoCalls();
    const dynamoCallsPerRelay = Object.fromEntries(
      Object.entries(after)
        .map(([name, count]) => [name, round((count - (before[name] ?? 0)) / RELAYS)] as const)
        .filter(([, perRelay]) => perRelay > 0),
    );
    for (const socket of [sockets.from, sockets.to]) socket.close();
    return { relayMs: summarise(latencies), bareWsEchoMs: await measureEcho(echo.url), dynamoCallsPerRelay };
  } finally {
    await stack.stop();
    await echo.close();
  }
}

async function relayOn(sockets: { from: WebSocket; to: WebSocket }, orderId: string, n: number): Promise<number> {
  const candidate = `candidate:${n} 1 udp 2122260223 127.0.0.1 ${50000 + (n % 10000)} typ host`;
  const received = nextEvent(sockets.to, (event) => event.type === 'roomCandidate' && event.candidate?.candidate === candidate);
  const started = performance.now();
  sockets.from.send(JSON.stringify({ action: 'roomCandidate', orderId, instance: 'bench', candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0 } }));
  await received;
  return performance.now() - started;
}

/** Fresh sockets for both sides, in the room: the limit counts per socket. */
async function rejoin(api: ReturnType<typeof apiOf>, studentToken: string, expertToken: string, orderId: string, old: { from: WebSocket; to: WebSocket }) {
  old.from.close();
  old.to.close();
  const [from, to] = await Promise.all([api.connect(studentToken), api.connect(expertToken)]);
  for (const socket of [from, to]) {
    const joined = nextEvent(socket, (event) => event.type === 'roomJoined');
    socket.send(JSON.stringify({ action: 'joinRoom', orderId }));
    await joined;
  }
  return { from, to };
}

interface Event {
  type: string;
  candidate?: { candidate: string };
}

function nextEvent(socket: WebSocket, match: (event: Event) => boolean): Promise<Event> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('message', onMessage);
      reject(new Error('no matching event within 10 s'));
    }, 10_000);
    const onMessage = (data: Buffer) => {
      const event = JSON.parse(data.toString()) as Event;
      if (!match(event)) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve(event);
    };
    socket.on('message', onMessage);
  });
}

/** Round trips on a bare echo server: the channel's floor. */
async function measureEcho(url: string): Promise<LatencySummary> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const latencies: number[] = [];
  for (let n = 0; n < ECHOES; n++) {
    const started = performance.now();
    const answered = new Promise((resolve) => socket.once('message', resolve));
    socket.send(JSON.stringify({ n }));
    await answered;
    latencies.push(performance.now() - started);
  }
  socket.close();
  return summarise(latencies);
}
