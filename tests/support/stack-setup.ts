/**
 * Setup file of the stack project: before a test file loads, finds the stack of this worker slot
 * (started on first use, see stack-pool.ts) and puts its configuration into the environment, so that
 * the product's modules a test imports (repositories, handlers) reach the same table as the stack.
 * The files share their worker's loaded packages (isolate: false), each starting afresh (fresh-file.ts).
 */
import { inject } from 'vitest';
import { startFileAfresh } from './fresh-file';

startFileAfresh();

const slot = Number(process.env.VITEST_POOL_ID ?? '1');
const response = await fetch(`${inject('stackPool')}/stacks/${slot}`);
if (!response.ok) throw new Error(`No test stack for worker slot ${slot}: ${await response.text()}`);
const stack = (await response.json()) as { url: string; env: Record<string, string> };

// Lambdas run Node.js 22 on AWS; the tests may run on Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
Object.assign(process.env, stack.env, { TEST_STACK_URL: stack.url, TEST_STACK_ENV: JSON.stringify(stack.env) });
