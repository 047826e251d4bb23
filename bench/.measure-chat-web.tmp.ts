import { build } from 'vite';
import { join } from 'node:path';
import { rmSync, readdirSync, statSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { measureInitialJs } from './lib/initial-js';
const out = '/tmp/chatweb/dist';
rmSync(out, { recursive: true, force: true });
await build({ configFile: join(process.cwd(), 'web/vite.config.ts'), logLevel: 'error', build: { outDir: out, emptyOutDir: true, manifest: true } });
const m = measureInitialJs(out);
console.log('initial gzip KB', (m.totalGzipBytes / 1000).toFixed(2));
for (const f of readdirSync(join(out, 'assets'))) {
  if (!/realtime|messages|unread/.test(f)) continue;
  const b = readFileSync(join(out, 'assets', f));
  console.log(f, (b.length/1000).toFixed(1), 'raw', (gzipSync(b, {level:9}).length/1000).toFixed(2), 'gz');
}
