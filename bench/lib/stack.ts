/** Starts the local stack in a child process (stack-child.ts) and talks to it over IPC. */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './results';

export interface BenchStack {
  /** http://localhost:<port>: SPA, /api, /ws. */
  url: string;
  endpoints: { dynamodb: string; s3: string; outbox: string };
  env: Record<string, string>;
  /** The seeded admin's authenticator secret: a benchmark signs in as the admin with its current code. */
  adminTotpSecret: string;
  /** DynamoDB calls made by the handlers since the stack started, by command (GetItem, ...). */
  dynamoCalls(): Promise<Record<string, number>>;
  /** Calls and their summed wall time since the stack started: DynamoDB by command, and the @connections API (PostToConnection, DeleteConnection). */
  callTimings(): Promise<CallTimings>;
  stop(): Promise<void>;
}

export type CallTimings = Record<string, { count: number; ms: number }>;

type Message =
  | { type: 'ready'; url: string; endpoints: BenchStack['endpoints']; env: Record<string, string>; adminTotpSecret: string }
  | { type: 'dynamo-calls'; calls: Record<string, number> }
  | { type: 'call-timings'; timings: CallTimings }
  | { type: 'stopped' };

/** `env` adds to (or overrides) the stack's environment, e.g. STREAM_POLL_MS or REALTIME_FAST_PATH. */
export async function startStack(env: Record<string, string> = {}): Promise<BenchStack> {
  const child = fork(join(ROOT, 'bench/lib/stack-child.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    // Handler warnings (e.g. the refresh-token reuse warnings a load test provokes) are noise here.
    env: { ...process.env, LOG_LEVEL: 'ERROR', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stopChild = () => child.kill('SIGTERM');
  process.once('exit', stopChild);
  // A loaded machine (2 cores shared) takes well over a minute to start DynamoDB Local and seed it.
  const ready = await nextMessage(child, 'ready', 180_000);
  if (ready.type !== 'ready') throw new Error('unexpected message');
  return {
    url: ready.url,
    endpoints: ready.endpoints,
    env: ready.env,
    adminTotpSecret: ready.adminTotpSecret,
    async dynamoCalls() {
      child.send({ type: 'dynamo-calls' });
      const reply = await nextMessage(child, 'dynamo-calls', 10_000);
      return reply.type === 'dynamo-calls' ? reply.calls : {};
    },
    async callTimings() {
      child.send({ type: 'call-timings' });
      const reply = await nextMessage(child, 'call-timings', 10_000);
      return reply.type === 'call-timings' ? reply.timings : {};
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.send({ type: 'stop' });
      await nextMessage(child, 'stopped', 20_000).catch(stopChild);
      process.off('exit', stopChild);
    },
  };
}

function nextMessage(child: ChildProcess, type: Message['type'], timeoutMs: number): Promise<Message> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`local stack: no "${type}" within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: Message) => message.type === type && done(undefined, message);
    const onExit = (code: number | null) => done(new Error(`local stack exited (code ${code}) before "${type}"`));
    function done(error?: Error, message?: Message) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error || !message) reject(error ?? new Error(`local stack: no "${type}"`));
      else resolve(message);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}
