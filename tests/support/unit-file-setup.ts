/**
 * Setup file of the unit project, whose files share their worker (isolate: false in
 * vitest.config.ts: loading the AWS SDK and the tree's modules once per file was half the project's
 * time). Each file still starts as in a fresh process: the environment the worker started with
 * (files set APP_URL, AUTH_ANSWER_FLOOR_MS... without putting them back), the tree's modules loaded
 * anew (they read that environment at load), real timers, and no stubs or spies left.
 */
import { vi } from 'vitest';

const holder = globalThis as { unitFileEnvironment?: Record<string, string | undefined> };
holder.unitFileEnvironment ??= { ...process.env };
const started = holder.unitFileEnvironment;
for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
Object.assign(process.env, started);

vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
