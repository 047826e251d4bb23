/** The local stack of the running test file (set up by stack-setup.ts before the file loads). */

const NO_STACK = 'No test stack: stack tests run in the vitest project "stack", whose setup file (tests/support/stack-setup.ts) finds it';

export function stackUrl(): string {
  const url = process.env.TEST_STACK_URL;
  if (!url) throw new Error(NO_STACK);
  return url;
}

/** The stack's configuration, as its handlers see it (table, buckets, endpoints, keys). */
export function stackEnv(): Record<string, string> {
  const env = process.env.TEST_STACK_ENV;
  if (!env) throw new Error(NO_STACK);
  return JSON.parse(env) as Record<string, string>;
}
