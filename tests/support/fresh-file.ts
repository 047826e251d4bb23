/**
 * For a project whose files share their worker (isolate: false in vitest.config.ts): each file
 * still starts as in a fresh process. The environment is the one the worker started with (files set
 * APP_URL, AUTH_ANSWER_FLOOR_MS, TEST_STACK_URL... without putting them back), the tree's modules
 * load anew (they read that environment at load), timers are real, and no stub or spy is left.
 * The packages (the AWS SDK, playwright-core, zod) stay loaded: that is what the sharing saves.
 */
import { vi } from 'vitest';

const holder = globalThis as { workerStartEnvironment?: Record<string, string | undefined> };

export function startFileAfresh(): void {
  holder.workerStartEnvironment ??= { ...process.env };
  const started = holder.workerStartEnvironment;
  for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
  Object.assign(process.env, started);
  vi.resetModules();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
}
