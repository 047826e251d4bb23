/**
 * Child process that runs the local stack for a benchmark, so that the load generator and the
 * server do not share one event loop. Talks to its parent over the IPC channel (see stack.ts).
 * It also counts the DynamoDB calls the handlers make, by command, for calls-per-request figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SEED } from '../../scripts/local/demo-accounts';
import { freePort } from '../../scripts/local/ports';
import { startLocalStack } from '../../scripts/local/stack';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-stack-'));
const port = await freePort();
const stack = await startLocalStack({ port, dataDir, seed: DEFAULT_SEED });

// Imported after the stack set the environment: the shared client reads its endpoint at load.
const { db } = await import('../../functions/platform/table');
const calls: Record<string, number> = {};
db.middlewareStack.add(
  (next, context) => (args) => {
    const command = String(context.commandName ?? 'unknown').replace(/Command$/, '');
    calls[command] = (calls[command] ?? 0) + 1;
    return next(args);
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

process.send?.({ type: 'ready', url: stack.url, endpoints: stack.endpoints, env: stack.env });
