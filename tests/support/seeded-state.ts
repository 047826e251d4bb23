/**
 * The run's seeded state: the test seed is written once, by a stack that keeps its state in a folder
 * (as `npm start` does) and stops, and every test stack starts from a copy of that folder (stack-child.ts
 * `--seeded-from`), as `npm start` restarts on its .local folder: DynamoDB Local's database file, the
 * local S3's objects (the experts' photos), the local Stripe's state (the demo's payments) and the
 * access-token keys. A start from a copy seeds nothing (seed.ts finds every account) and costs about a
 * third of a first start's CPU (measured on 2 cores: 2.6 s of node and 3 s of JVM against 6-7.6 s and
 * 10-12 s). The folders live on tmpfs where the machine has one: DynamoDB Local then works on a file
 * in memory, as fast as its in-memory mode.
 * Each kind (stack-pool.ts's SeededKind) is seeded when first asked for.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkStack, type RunDynamo, runDynamoArgs, type SeededKind, seedArgs, stopStack } from './stack-pool';

const MEMORY_FOLDER = '/dev/shm';

/** A new empty folder for a stack's state, in memory where the machine allows it. */
export function stateFolder(prefix: string): string {
  return mkdtempSync(join(existsSync(MEMORY_FOLDER) ? MEMORY_FOLDER : tmpdir(), `marketplace-${prefix}`));
}

/**
 * Seeds a stack's state of that kind into a new folder and answers it once that stack has stopped.
 * Given the run's DynamoDB Local, the seeding stack's database lives there while it seeds and is left
 * in the folder at its stop (stack-child.ts): the seed costs no JVM start of its own.
 */
export async function seedState(kind: SeededKind, dynamo?: Promise<RunDynamo>): Promise<{ folder: string; remove(): void }> {
  const folder = stateFolder(`seeded-${kind}-`);
  const onRunDynamo = dynamo ? runDynamoArgs(await dynamo) : [];
  const { child, ready } = forkStack(`seeded state (${kind})`, ['--data-dir', folder, ...seedArgs(kind), ...onRunDynamo]);
  try {
    await ready;
  } finally {
    await stopStack(child);
  }
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
