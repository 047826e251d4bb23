/**
 * For a test file that needs a stack unlike the pool's (its state in a folder, to run an operator
 * script on it or restart it; the product's real answer floors): forks one for the file, from a copy
 * of the run's seeded state as the pool's stacks start (seeded-state.ts), and points every helper at
 * it (API clients, the outbox, the table), as stack-setup.ts points them at the slot's stack.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { forkStack, type RunDynamo, runDynamoArgs, type SeededKind, seedArgs, stopStack, type TestStack } from './stack-pool';

export interface OwnStackOptions {
  /** Keeps the state in this folder, as `npm start` does; the folder is removed once the stack stops. */
  dataDir?: string;
  /** Registration and forgot-password answer no sooner than the product's AUTH_TIMINGS. */
  realAnswerTimes?: boolean;
  /** `logins`: the README's logins without the rest of the catalogue, for a file that reads none (decision 234). */
  seeded?: SeededKind;
}

/** The folder of the run's seeded state of that kind, from the pool (seeded now if nobody asked for it yet). */
export async function seededStateFolder(kind: SeededKind = 'demo'): Promise<string> {
  const response = await fetch(`${inject('stackPool')}/seeded-state/${kind}`);
  if (!response.ok) throw new Error(`No seeded state: ${await response.text()}`);
  return ((await response.json()) as { folder: string }).folder;
}

/** The run's DynamoDB Local, where a stack without a folder of its own keeps its database. */
async function runDynamo(): Promise<RunDynamo> {
  const response = await fetch(`${inject('stackPool')}/dynamodb`);
  if (!response.ok) throw new Error(`No DynamoDB Local for the run: ${await response.text()}`);
  return (await response.json()) as RunDynamo;
}

export function onStackOfItsOwn(label: string, options: OwnStackOptions = {}): () => TestStack {
  let stack: (TestStack & { child: ChildProcess }) | undefined;
  beforeAll(async () => {
    const kind = options.seeded ?? 'demo';
    const args = [
      ...['--seeded-from', await seededStateFolder(kind), ...seedArgs(kind)],
      ...(options.dataDir ? ['--data-dir', options.dataDir] : runDynamoArgs(await runDynamo())),
      ...(options.realAnswerTimes ? ['--real-answer-times'] : []),
    ];
    const { child, ready } = forkStack(label, args);
    stack = { child, ...(await ready) };
    Object.assign(process.env, { TEST_STACK_URL: stack.url, TEST_STACK_ENV: JSON.stringify(stack.env) });
  }, 120_000);
  afterAll(async () => {
    if (stack) await stopStack(stack.child);
    if (options.dataDir) rmSync(options.dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!stack) throw new Error(`${label}: not started`);
    return stack;
  };
}
