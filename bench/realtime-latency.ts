/**
 * Realtime delivery latency: a message sent on /ws goes through the local WebSocket gateway to
 * the realtime handler, which pushes the answer back through the @connections management API —
 * the path every chat message and order update will take. Measured as the round trip of `ping` to
 * `pong` on concurrent connections, against a bare `ws` echo server measured the same way in the
 * same run.
 *
 * Run: npx tsx bench/realtime-latency.ts [--strict]
 */
import { WebSocket, WebSocketServer } from 'ws';
import { freePort } from '../scripts/local/ports';
import { runBench, writeResults } from './lib/results';
import { startStack } from './lib/stack';
import { round, summarise } from './lib/stats';

const CONNECTIONS = 10;
const ROUND_TRIPS_PER_CONNECTION = 200;

runBench(async () => {
  const echo = await startEchoServer();
  const stack = await startStack();
  try {
    const baseline = await measure(echo.url, {});
    const realtime = await measure(`${stack.url.replace('http', 'ws')}/ws`, { origin: stack.url });
    const figures = {
      connections: CONNECTIONS,
      roundTripsPerConnection: ROUND_TRIPS_PER_CONNECTION,
      realtimePingPongMs: realtime,
      bareWsEchoMs: baseline,
      ratio: { p50: round(realtime.p50 / baseline.p50), p95: round(realtime.p95 / baseline.p95), p99: round(realtime.p99 / baseline.p99) },
    };
    console.log(`realtime-latency (ms; ${CONNECTIONS} connections x ${ROUND_TRIPS_PER_CONNECTION} round trips)`);
    console.log(`  /ws ping -> handler -> @connections -> pong  p50 ${realtime.p50} p95 ${realtime.p95} p99 ${realtime.p99}`);
    console.log(`  bare ws echo                                 p50 ${baseline.p50} p95 ${baseline.p95} p99 ${baseline.p99}`);
    writeResults('realtime-latency', figures);
  } finally {
    await stack.stop();
    await echo.close();
  }
});

/** Round trips on concurrent connections, one message in flight per connection. */
async function measure(url: string, options: { origin?: string }) {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const socket = new WebSocket(url, options);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      for (let i = 0; i < ROUND_TRIPS_PER_CONNECTION; i++) {
        const sent = performance.now();
        const answered = new Promise((resolve) => socket.once('message', resolve));
        socket.send(JSON.stringify({ action: 'ping' }));
        await answered;
        latencies.push(performance.now() - sent);
      }
      socket.close();
    }),
  );
  return summarise(latencies);
}

async function startEchoServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data.toString())));
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `ws://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
