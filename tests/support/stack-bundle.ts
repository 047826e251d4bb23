/**
 * The test stacks' code in one file (decision 322): stack-child.ts with the handlers, the local
 * gateways and the seed, bundled once per run (global-stack.ts) as `npm start` bundles its own
 * (scripts/local/node-bundle.mjs), so that each stack's process loads it natively.
 */
import { join, resolve } from 'node:path';
import { bundleForNode } from '../../scripts/local/node-bundle.mjs';
import { STACK_BUNDLE } from './stack-pool';

const ROOT = resolve(import.meta.dirname, '../..');

/** Bundles stack-child.ts into STACK_BUNDLE. */
export const buildStackBundle = (): Promise<void> => bundleForNode(join(ROOT, 'tests/support/stack-child.ts'), STACK_BUNDLE);
