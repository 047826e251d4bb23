/**
 * The stack project's global setup: a pool of local stacks (stack-pool.ts), one per worker slot,
 * each on a free port in a process of its own, started when a file of that slot first needs it,
 * from a copy of the run's seeded state (seeded-state.ts). The demo's is seeded from the start, while
 * vitest starts its workers and loads the first files; the logins' when a file first asks for it.
 * Each test file finds its stack through stack-setup.ts and tests/support/stack.ts.
 *
 * One DynamoDB Local for the run: the pool's stacks, those files start without a folder of their own,
 * and the seeds while they seed keep their databases in it, each under a region of its own (decisions
 * 254 and 319; run-dynamo.ts). A JVM costs its start, its warm-up and its idle time once instead of
 * once per stack.
 *
 * One TURN relay for the run (turn-server.ts), when coturn is installed: every stack inherits its
 * TURN_URL and TURN_SECRET, so a room's ICE servers are real credentials a browser can relay through.
 */
import type { TestProject } from 'vitest/node';
import { holdRunDynamo } from './run-dynamo';
import { buildStackBundle } from './stack-bundle';
import { seedState } from './seeded-state';
import { createStackPool, type SeededKind, serveStackPool } from './stack-pool';
import { startTurnServer, turnInstalled } from './turn-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the workers ask for their stack; tests read theirs with stackUrl() and stackEnv() (stack.ts). */
    stackPool: string;
    /** The run's TURN relay (turn-server.ts) that every stack's rooms hand out, or null without coturn. */
    turn: { url: string; secret: string } | null;
  }
}

export default async function setup(project: TestProject) {
  const { dynamo: runDynamo, release: releaseDynamo } = holdRunDynamo();
  // Every stack of the run, the seeds' first, loads this one bundle of its code (stack-bundle.ts).
  await buildStackBundle();
  const seeded = new Map<SeededKind, ReturnType<typeof seedState>>();
  const seededFolder = async (kind: SeededKind) => {
    const state = seeded.get(kind) ?? seedState(kind, runDynamo);
    seeded.set(kind, state);
    return (await state).folder;
  };
  // Its failure reaches the files that wait for it, not the setup.
  seededFolder('demo').catch(() => undefined);
  const turn = turnInstalled() ? await startTurnServer() : undefined;
  if (turn) Object.assign(process.env, { TURN_URL: turn.url, TURN_SECRET: turn.secret });
  project.provide('turn', turn ? { url: turn.url, secret: turn.secret } : null);
  const pool = createStackPool(seededFolder, await runDynamo);
  const server = await serveStackPool(pool);
  project.provide('stackPool', server.url);
  return async () => {
    await server.close();
    await pool.stopAll();
    await releaseDynamo();
    turn?.stop();
    for (const state of seeded.values()) (await state.catch(() => undefined))?.remove();
  };
}
