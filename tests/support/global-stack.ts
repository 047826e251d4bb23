/**
 * The stack project's global setup: a pool of local stacks (stack-pool.ts), one per worker slot,
 * each on a free port in a process of its own, started when a file of that slot first needs it,
 * from a copy of the run's seeded state (seeded-state.ts). The demo's is seeded from the start, while
 * vitest starts its workers and loads the first files; the logins' when a file first asks for it.
 * Each test file finds its stack through stack-setup.ts and tests/support/stack.ts.
 */
import type { TestProject } from 'vitest/node';
import { seedState } from './seeded-state';
import { createStackPool, type SeededKind, serveStackPool } from './stack-pool';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the workers ask for their stack; tests read theirs with stackUrl() and stackEnv() (stack.ts). */
    stackPool: string;
  }
}

export default async function setup(project: TestProject) {
  const seeded = new Map<SeededKind, ReturnType<typeof seedState>>();
  const seededFolder = async (kind: SeededKind) => {
    const state = seeded.get(kind) ?? seedState(kind);
    seeded.set(kind, state);
    return (await state).folder;
  };
  // Its failure reaches the files that wait for it, not the setup.
  seededFolder('demo').catch(() => undefined);
  const pool = createStackPool(seededFolder);
  const server = await serveStackPool(pool);
  project.provide('stackPool', server.url);
  return async () => {
    await server.close();
    await pool.stopAll();
    for (const state of seeded.values()) (await state.catch(() => undefined))?.remove();
  };
}
