/**
 * Initial JavaScript of the SPA (gzip): the real app built from web/ with its own Vite config,
 * against a bare React 19 + react-router-dom data-router app built with the same Vite and React
 * plugin (the floor any app on this stack pays before its first line of product code). Also the
 * JavaScript each page with charts fetches when it opens (the chart library's share: decision 203).
 *
 * Run: npx tsx bench/spa-bundle.ts [--strict]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { BARE_APP_SOURCE, buildBareApp } from './lib/bare-app';
import { type InitialJs, type LazyPageJs, measureInitialJs, measureLazyPage } from './lib/initial-js';
import { budget, KB, ROOT, runBench, writeResults } from './lib/results';
import { round } from './lib/stats';

const BUDGET_GZIP_BYTES = 110 * KB;
/** The lazy pages that draw charts, as the Vite manifest names them. */
const CHART_PAGES = ['src/features/admin/routes/stats.tsx', 'src/features/dashboard/routes/dashboard.tsx'];

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
    rmSync(BARE_APP_SOURCE, { recursive: true, force: true });
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

async function buildBaseline(outDir: string): Promise<InitialJs> {
  await buildBareApp(outDir);
  return measureInitialJs(outDir);
}
