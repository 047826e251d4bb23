/**
 * The floor of the SPA's measures: a bare React 19 + react-router-dom data-router app, one route
 * rendering "hello", built with the same Vite and React plugin as the product (what any app on this
 * stack pays before its first line of product code). bench/spa-bundle.ts weighs its initial
 * JavaScript; bench/lighthouse.ts times its pages.
 */
import react from '@vitejs/plugin-react';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { ROOT } from './results';

/** The bare app's sources live under bench/.tmp so that its imports resolve from this repo's node_modules. */
export const BARE_APP_SOURCE = join(ROOT, 'bench/.tmp/spa-baseline');

const HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>baseline</title></head>
  <body><div id="root"></div><script type="module" src="./main.tsx"></script></body>
</html>
`;
const main = (basename: string) => `import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const router = createBrowserRouter([{ path: '/', element: <p>hello</p> }], { basename: ${JSON.stringify(basename)} });
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
`;

/** Builds the bare app into `outDir`, served from `base` (a path ending in a slash). */
export async function buildBareApp(outDir: string, base = '/'): Promise<void> {
  mkdirSync(BARE_APP_SOURCE, { recursive: true });
  writeFileSync(join(BARE_APP_SOURCE, 'index.html'), HTML);
  writeFileSync(join(BARE_APP_SOURCE, 'main.tsx'), main(base === '/' ? '/' : base.replace(/\/$/, '')));
  await build({
    configFile: false,
    root: BARE_APP_SOURCE,
    base,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  });
}
