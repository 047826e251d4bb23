/**
 * Lighthouse performance and accessibility of the public pages, served by the local stack from
 * the built SPA (web/dist), in Debian's Chromium with a throwaway profile and home folder, with
 * both of Lighthouse's presets: desktop, and mobile (its default: a mid-range phone on slow 4G).
 *
 * Run: npx tsx bench/lighthouse.ts [--strict]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { type Budget, budget, ROOT, runBench, writeResults } from './lib/results';
import { startStack } from './lib/stack';
import { median, round } from './lib/stats';

const PAGES = ['/', '/login', '/register', '/forgot-password', '/contact-us', '/faq-page', '/privacy', '/admin/login'];
const CATEGORIES = ['performance', 'accessibility'] as const;
type Category = (typeof CATEGORIES)[number];
const PERFORMANCE_RUNS = 3;
/** Lighthouse's presets: desktop, and its default mobile configuration (undefined config). */
const PRESETS = { desktop: desktopConfig, mobile: undefined } as const;
type Preset = keyof typeof PRESETS;
const MIN_SCORE = 95;
const CHROMIUM = '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps trying hosts it cannot reach.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

runBench(async () => {
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) {
    console.log('  web/dist is missing: building the SPA first');
    await build({ configFile: join(ROOT, 'web/vite.config.ts'), logLevel: 'error' });
  }
  const home = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const xdg = (name: string) => {
    mkdirSync(join(home, name), { recursive: true });
    return join(home, name);
  };
  const stack = await startStack();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROME_FLAGS,
      userDataDir: xdg('profile'),
      // Its own home and XDG folders, so nothing is written to the user's.
      envVars: { ...process.env, HOME: home, XDG_CONFIG_HOME: xdg('config'), XDG_CACHE_HOME: xdg('cache'), XDG_DATA_HOME: xdg('data') },
      logLevel: 'silent',
    });
    const audit = async (path: string, categories: readonly Category[], preset: Preset) => {
      const result = await lighthouse(`${stack.url}${path}`, { port: chrome!.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] }, PRESETS[preset]);
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      return result.lhr;
    };
    const pages = [];
    for (const preset of Object.keys(PRESETS) as Preset[]) {
      console.log(`lighthouse (${preset} preset; scores 0-100; performance: median of ${PERFORMANCE_RUNS} runs)`);
      for (const path of PAGES) {
        const lhr = await audit(path, CATEGORIES, preset);
        // Performance varies from run to run on a busy machine: the median of a few runs is the
        // figure Lighthouse's own docs recommend. Accessibility is deterministic: one run.
        const performanceRuns = [score(lhr, 'performance')];
        while (performanceRuns.length < PERFORMANCE_RUNS) performanceRuns.push(score(await audit(path, ['performance'], preset), 'performance'));
        const scores = { performance: median(performanceRuns), accessibility: score(lhr, 'accessibility') };
        pages.push({
          preset,
          path,
          scores,
          performanceRuns,
          metrics: Object.fromEntries(METRICS.map((id) => [id, round(lhr.audits[id]?.numericValue ?? Number.NaN, 3)])),
          // The audits that cost points: where to look when a score drops.
          failingAudits: Object.fromEntries(
            CATEGORIES.map((c) => [
              c,
              (lhr.categories[c]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
            ]),
          ),
          runtimeError: lhr.runtimeError?.message,
          runWarnings: lhr.runWarnings,
        });
        console.log(`  ${path.padEnd(17)} performance ${scores.performance} (${performanceRuns.join(', ')})  accessibility ${scores.accessibility}`);
      }
    }
    const budgets: Budget[] = pages.flatMap((p) => CATEGORIES.map((c) => budget(`${p.preset} ${p.path} ${c}`, p.scores[c], 'min', MIN_SCORE, 'score')));
    writeResults(
      'lighthouse',
      {
        presets: 'desktop (lighthouse/core/config/desktop-config.js: simulated throttling, desktop screen) and mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown, phone screen)',
        lighthouse: '12.8.2',
        browser: `${CHROMIUM} ${CHROME_FLAGS.join(' ')}`,
        served: 'local stack serving web/dist, brotli-compressed as CloudFront serves it',
        metricsUnit: 'ms, except cumulative-layout-shift (unitless); metrics and failing audits are from the first run',
        pages,
      },
      budgets,
    );
  } finally {
    chrome?.kill();
    await stack.stop();
    rmSync(home, { recursive: true, force: true });
  }
});

const score = (lhr: { categories: Record<string, { score: number | null } | undefined> }, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
