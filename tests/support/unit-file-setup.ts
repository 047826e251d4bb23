/**
 * Setup file of the unit project, whose files share their worker (isolate: false in
 * vitest.config.ts: loading the AWS SDK and the tree's modules once per file was half the project's
 * time). Each file still starts as in a fresh process (fresh-file.ts).
 */
import { startFileAfresh } from './fresh-file';

startFileAfresh();
