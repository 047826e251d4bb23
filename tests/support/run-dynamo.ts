/**
 * The test run's one DynamoDB Local (decisions 254 and 319), for each project's global setup that needs one:
 * the `stack` project's stacks and seeds, and the `unit` project's repository tables. The first setup
 * starts it, on tmpfs, and the last one done stops it. Projects' global setups run in vitest's one
 * process but load their modules apart, so the JVM is kept on `globalThis`.
 */
import { rmSync } from 'node:fs';
import { SHARED_JVM_OPTIONS, startDynamo } from '../../scripts/local/dynamodb';
import { stateFolder } from './seeded-state';
import type { RunDynamo } from './stack-pool';

interface Held {
  dynamo: Promise<RunDynamo & { stop(): void }>;
  holders: number;
}

const KEY = Symbol.for('marketplace.tests.runDynamo');
const registry = globalThis as typeof globalThis & { [KEY]?: Held };

function start(): Held['dynamo'] {
  const folder = stateFolder('dynamodb-');
  return startDynamo(folder, SHARED_JVM_OPTIONS).then((dynamo) => ({
    endpoint: dynamo.endpoint,
    folder,
    stop() {
      dynamo.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  }));
}

/** The run's DynamoDB Local, started at the first call; `release` once the caller is done with it. */
export function holdRunDynamo(): { dynamo: Promise<RunDynamo>; release(): Promise<void> } {
  const held = registry[KEY] ?? { dynamo: start(), holders: 0 };
  registry[KEY] = held;
  held.holders += 1;
  let released = false;
  return {
    dynamo: held.dynamo.then(({ endpoint, folder }) => ({ endpoint, folder })),
    async release() {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders > 0) return;
      registry[KEY] = undefined;
      (await held.dynamo.catch(() => undefined))?.stop();
    },
  };
}
