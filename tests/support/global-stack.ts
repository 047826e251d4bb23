/** Starts one local stack for the integration and browser tests, in memory, on a free port. */
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/local/ports';
import { startLocalStack } from '../../scripts/local/stack';
import { TEST_SEED } from './seed-settings';

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    stackEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startLocalStack({ port: await freePort(), seed: TEST_SEED });
  project.provide('stackUrl', stack.url);
  project.provide('stackEnv', stack.env);
  return () => stack.stop();
}
