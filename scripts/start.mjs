/**
 * `npm start` and `npm run dev`: bundles scripts/start.ts (the whole local product) and runs the
 * bundle in this process, which node loads natively instead of module by module through tsx's
 * hooks (scripts/local/node-bundle.mjs, decision 338). The bundle is written anew at every start,
 * so it is never older than the sources.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForNode } from './local/node-bundle.mjs';

const root = resolve(import.meta.dirname, '..');
const bundle = join(root, 'node_modules/.cache/start/start.mjs');
await bundleForNode(join(root, 'scripts/start.ts'), bundle);
await import(pathToFileURL(bundle).href);
