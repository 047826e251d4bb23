/**
 * Child process that runs the local stack for a benchmark, so that the load generator and the
 * server do not share one event loop. Talks to its parent over the IPC channel (see stack.ts).
 * It also counts the DynamoDB calls the handlers make, by command, for calls-per-request figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SEED } from '../../scripts/local/demo-accounts';
import { startLocalStack } from '../../scripts/local/stack';

/** Calls and their summed wall time, by name: DynamoDB commands, and the @connections API's. */
const timings: Record<string, { count: number; ms: number }> = {};
function timed(name: string, started: number): void {
  timings[name] ??= { count: 0, ms: 0 };
  const entry = timings[name];
  entry.count += 1;
  entry.ms += performance.now() - started;
}

// The handlers' @connections clients are made from this class (one module instance): time their sends.
const management = await import('@aws-sdk/client-apigatewaymanagementapi');
const send = management.ApiGatewayManagementApiClient.prototype.send;
management.ApiGatewayManagementApiClient.prototype.send = function timedSend(this: unknown, ...args: unknown[]) {
  const started = performance.now();
  const name = String((args[0] as { constructor?: { name?: string } })?.constructor?.name ?? 'unknown').replace(/Command$/, '');
  const result = (send as (...a: unknown[]) => Promise<unknown>).apply(this, args);
  return result.finally(() => timed(name, started));
} as typeof send;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-stack-'));
const stack = await startLocalStack({ port: 0, dataDir, seed: DEFAULT_SEED });

// Imported after the stack set the environment: the shared client reads its endpoint at load.
const { db } = await import('../../functions/platform/table');
const calls: Record<string, number> = {};
db.middlewareStack.add(
  (next, context) => async (args) => {
    const command = String(context.commandName ?? 'unknown').replace(/Command$/, '');
    calls[command] = (calls[command] ?? 0) + 1;
    const started = performance.now();
    try {
      return await next(args);
    } finally {
      timed(command, started);
    }
  },
  { step: 'initialize', name: 'benchCallCounter' },
);

let stopping: Promise<void> | undefined;
function stop(): Promise<void> {
  stopping ??= stack.stop().finally(() => rmSync(dataDir, { recursive: true, force: true }));
  return stopping;
}

process.on('message', async (message: { type: string }) => {
  if (message.type === 'dynamo-calls') process.send?.({ type: 'dynamo-calls', calls: { ...calls } });
  if (message.type === 'call-timings') process.send?.({ type: 'call-timings', timings: structuredClone(timings) });
  if (message.type === 'stop') {
    await stop();
    process.send?.({ type: 'stopped' });
    process.exit(0);
  }
});
// The parent died or was interrupted: never leave DynamoDB Local's JVM behind.
const stopAndExit = () => void stop().finally(() => process.exit(0));
process.on('disconnect', stopAndExit);
process.on('SIGINT', stopAndExit);
process.on('SIGTERM', stopAndExit);

process.send?.({ type: 'ready', url: stack.url, endpoints: stack.endpoints, env: stack.env, adminTotpSecret: stack.adminSecondFactor.secret });
