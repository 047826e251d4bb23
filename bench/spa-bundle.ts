/**
 * Initial JavaScript of the SPA (gzip): the real app built from web/ with its own Vite config,
 * against a bare React 19 + react-router-dom data-router app built with the same Vite and React
 * plugin (the floor any app on this stack pays before its first line of product code). Also the
 * JavaScript each page with charts fetches when it opens (the chart library's share: decision 203).
 *
 * Run: npx tsx bench/spa-bundle.ts [--strict]
 */
import react from '@vitejs/plugin-react';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { type InitialJs, type LazyPageJs, measureInitialJs, measureLazyPage } from './lib/initial-js';
import { budget, KB, ROOT, runBench, writeResults } from './lib/results';
import { round } from './lib/stats';

const BUDGET_GZIP_BYTES = 110 * KB;
const BASELINE_DIR = join(ROOT, 'bench/.tmp/spa-baseline');
/** The lazy pages that draw charts, as the Vite manifest names them. */
const CHART_PAGES = ['src/features/admin/routes/stats.tsx', 'src/features/dashboard/routes/dashboard.tsx'];

const BASELINE_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>baseline</title></head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`;
const BASELINE_MAIN = `import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const router = createBrowserRouter([{ path: '/', element: <p>hello</p> }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
`;

runBench(async () => {
  const outRoot = mkdtempSync(join(tmpdir(), 'bench-spa-'));
  try {
    const built = await buildAndMeasure(
      () =>
        build({
          configFile: join(ROOT, 'web/vite.config.ts'),
          logLevel: 'error',
          build: { outDir: join(outRoot, 'spa'), emptyOutDir: true, manifest: true },
        }),
      join(outRoot, 'spa'),
    );
    const spa = 'error' in built ? built : built.initial;
    const baseline = await buildBaseline(join(outRoot, 'baseline'));
    const ratio = 'totalGzipBytes' in spa ? round(spa.totalGzipBytes / baseline.totalGzipBytes) : undefined;

    console.log('spa-bundle (initial JS, gzip level 9)');
    if ('error' in spa) console.log(`  SPA build failed: ${spa.error}`);
    else
      console.log(
        `  SPA       ${(spa.totalGzipBytes / KB).toFixed(1)} KB gzip (${(spa.totalBytes / KB).toFixed(1)} KB raw, ${spa.files.length} files)  x${ratio} baseline`,
      );
    for (const page of 'chartPages' in built ? built.chartPages : []) {
      console.log(`  lazy      ${(page.totalGzipBytes / KB).toFixed(1)} KB gzip when ${page.page} opens (${page.files.length} files)`);
    }
    console.log(
      `  baseline  ${(baseline.totalGzipBytes / KB).toFixed(1)} KB gzip (${(baseline.totalBytes / KB).toFixed(1)} KB raw, ${baseline.files.length} files)`,
    );
    writeResults(
      'spa-bundle',
      {
        measured:
          'module scripts + modulepreloads of index.html + their static imports (Vite manifest); lazy chunks excluded; gzip level 9; 1 KB = 1000 bytes; chartPages: the JS each page with charts fetches on top of it (its chunk and static imports)',
        spa,
        chartPages: 'chartPages' in built ? built.chartPages : undefined,
        baseline: { app: 'React 19 + react-router-dom createBrowserRouter/RouterProvider, one route rendering "hello"', ...baseline },
        ratioToBaseline: ratio,
      },
      'totalGzipBytes' in spa ? [budget('SPA initial JS gzip', spa.totalGzipBytes, 'max', BUDGET_GZIP_BYTES, 'bytes')] : [],
    );
    // The app is written concurrently: a build that fails is reported, and the run fails with it.
    if ('error' in spa) process.exitCode = 1;
  } finally {
    rmSync(outRoot, { recursive: true, force: true });
    rmSync(BASELINE_DIR, { recursive: true, force: true });
  }
});

async function buildAndMeasure(run: () => Promise<unknown>, outDir: string): Promise<{ initial: InitialJs; chartPages: LazyPageJs[] } | { error: string }> {
  try {
    await run();
    const initial = measureInitialJs(outDir);
    return { initial, chartPages: CHART_PAGES.map((page) => measureLazyPage(outDir, page, initial)) };
  } catch (error) {
    return { error: String((error as Error).message ?? error).split('\n')[0] };
  }
}

/** The bare app lives under bench/.tmp so that its imports resolve from this repo's node_modules. */
async function buildBaseline(outDir: string): Promise<InitialJs> {
  mkdirSync(BASELINE_DIR, { recursive: true });
  writeFileSync(join(BASELINE_DIR, 'index.html'), BASELINE_HTML);
  writeFileSync(join(BASELINE_DIR, 'main.tsx'), BASELINE_MAIN);
  await build({
    configFile: false,
    root: BASELINE_DIR,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  });
  return measureInitialJs(outDir);
}
