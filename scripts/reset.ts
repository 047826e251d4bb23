/** `npm run reset`: empties the local state (database, uploads, signing key). */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(import.meta.dirname, '..', process.env.LOCAL_DATA_DIR ?? '.local');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Local state removed: ${dataDir}`);
