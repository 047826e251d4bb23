/**
 * Lighthouse performance and accessibility of the public pages, served by the local stack from
 * the built SPA (web/dist), in Debian's Chromium with a throwaway profile and home folder, with
 * both of Lighthouse's presets: desktop, and mobile (its default: a mid-range phone on slow 4G).
 *
 * Run: npx tsx bench/lighthouse.ts [--strict] [--build] [--runs N]
 *   --build  rebuild web/dist first (otherwise it is built only when missing: a stale build
 *            measures old code)
 *   --runs   performance runs per page and preset (default 3; the median is the figure)
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { type Budget, budget, ROOT, runBench, writeResults } from './lib/results';
import { type BenchStack, startStack } from './lib/stack';
import { median, round } from './lib/stats';
import { QUIET_CHROMIUM_FLAGS } from '../tests/support/chromium';

/** The pages issue 6 budgets first, then the other public pages of earlier issues. */
const PAGES = ['/', '/experts', '/teacher/{id}', '/login', '/register', '/forgot-password', '/contact-us', '/faq-page', '/privacy', '/admin/login'];
const CATEGORIES = ['performance', 'accessibility'] as const;
type Category = (typeof CATEGORIES)[number];
const RUNS = Number(argValue('--runs') ?? 3);
/** Lighthouse's presets: desktop, and its default mobile configuration (undefined config). */
const PRESETS = { desktop: desktopConfig, mobile: undefined } as const;
type Preset = keyof typeof PRESETS;
/** Issue 6's budgets: performance at least 95, accessibility 100. */
const MIN_SCORE: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100 };
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', ...QUIET_CHROMIUM_FLAGS];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const DIST = join(ROOT, 'web/dist');

runBench(async () => {
  if (process.argv.includes('--build') || !existsSync(join(DIST, 'index.html'))) {
    console.log('  building the SPA into web/dist');
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
    await warmUp(stack);
    const { pages, skipped } = await resolvePages(stack);
    for (const { path, reason } of skipped) console.log(`  skipped ${path}: ${reason} (no figure rather than a made-up one)`);
    const launched = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROME_FLAGS,
      userDataDir: xdg('profile'),
      // Its own home and XDG folders, so nothing is written to the user's.
      envVars: { ...process.env, HOME: home, XDG_CONFIG_HOME: xdg('config'), XDG_CACHE_HOME: xdg('cache'), XDG_DATA_HOME: xdg('data') },
      logLevel: 'silent',
    });
    chrome = launched;
    const audit = async (url: string, categories: readonly Category[], preset: Preset) => {
      const result = await lighthouse(
        `${stack.url}${url}`,
        { port: launched.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
        PRESETS[preset],
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      return result.lhr;
    };
    const results = [];
    for (const preset of Object.keys(PRESETS) as Preset[]) {
      console.log(`lighthouse (${preset} preset; scores 0-100; performance: median of ${RUNS} runs, pages taken in turn)`);
      // Round after round over every page, so that a busy spell of the machine falls on all pages
      // alike rather than on the runs of one. Accessibility is deterministic: the first run only.
      const runs = pages.map((page) => ({ page, lhrs: [] as Lhr[] }));
      for (let run = 0; run < RUNS; run++) {
        for (const { page, lhrs } of runs) lhrs.push(await audit(page.url, run === 0 ? CATEGORIES : ['performance'], preset));
      }
      for (const { page, lhrs } of runs) {
        const [first, ...rest] = lhrs;
        const performanceRuns = [first, ...rest].map((lhr) => score(lhr, 'performance'));
        const scores = { performance: median(performanceRuns), accessibility: score(first, 'accessibility') };
        const metricRuns = Object.fromEntries(METRICS.map((id) => [id, [first, ...rest].map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN)]));
        const result = {
          preset,
          path: page.path,
          url: page.url,
          scores,
          performanceRuns,
          // Medians over the runs, each metric on its own.
          metrics: Object.fromEntries(METRICS.map((id) => [id, round(median(metricRuns[id]), 3)])),
          // What the largest paint was: where to look when LCP moves.
          lcpElement: lcpElement(first),
          // The audits that cost points in the first run: where to look when a score drops.
          failingAudits: Object.fromEntries(
            CATEGORIES.map((c) => [
              c,
              (first.categories[c]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (first.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
            ]),
          ),
          // Lighthouse's own measure of the host's CPU (higher is faster): simulated throttling
          // multiplies what this host took, so scores of two days compare only at like indexes.
          benchmarkIndex: median([first, ...rest].map((lhr) => lhr.environment.benchmarkIndex)),
          runtimeError: first.runtimeError?.message,
          runWarnings: first.runWarnings,
        };
        results.push(result);
        const m = result.metrics;
        console.log(
          `  ${page.path.padEnd(17)} performance ${String(scores.performance).padStart(3)} (${performanceRuns.join(', ')})  accessibility ${scores.accessibility}  ` +
            `FCP ${Math.round(m['first-contentful-paint'])} LCP ${Math.round(m['largest-contentful-paint'])} TBT ${Math.round(m['total-blocking-time'])} CLS ${m['cumulative-layout-shift']}`,
        );
      }
    }
    const budgets: Budget[] = results.flatMap((p) => CATEGORIES.map((c) => budget(`${p.preset} ${p.path} ${c}`, p.scores[c], 'min', MIN_SCORE[c], 'score')));
    writeResults(
      'lighthouse',
      {
        presets:
          'desktop (lighthouse/core/config/desktop-config.js: simulated throttling, desktop screen) and mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown, phone screen)',
        lighthouse: '12.8.2',
        browser: `${CHROMIUM} ${CHROME_FLAGS.join(' ')}`,
        served:
          'local stack serving web/dist, brotli-compressed as CloudFront serves it; every file requested once before the first audit, so that no run pays the one-time compression',
        runs: `${RUNS} per page and preset, pages taken in turn; performance and metrics are medians`,
        metricsUnit: 'ms, except cumulative-layout-shift (unitless); lcpElement and failing audits are from the first run',
        skipped,
        pages: results,
      },
      budgets,
    );
  } finally {
    chrome?.kill();
    await stack.stop();
    rmSync(home, { recursive: true, force: true });
  }
});

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * The pages with their URLs: `/teacher/{id}` takes the first expert of the directory of the stack
 * just started (its demo data). Without an answer it is skipped, with the reason.
 */
async function resolvePages(stack: BenchStack) {
  const skipped: { path: string; reason: string }[] = [];
  const pages: { path: string; url: string }[] = [];
  for (const path of PAGES) {
    if (!path.includes('{id}')) pages.push({ path, url: path });
    else {
      const expert = await firstExpertId(stack);
      if ('id' in expert) pages.push({ path, url: path.replace('{id}', expert.id) });
      else skipped.push({ path, reason: expert.reason });
    }
  }
  return { pages, skipped };
}

async function firstExpertId(stack: BenchStack): Promise<{ id: string } | { reason: string }> {
  const call = 'GET /api/user/professors?limit=1';
  try {
    const response = await fetch(`${stack.url}/api/user/professors?limit=1`);
    if (!response.ok) return { reason: `${call} answered ${response.status}` };
    const id = ((await response.json()) as { items?: { _id?: unknown }[] }).items?.[0]?._id;
    return typeof id === 'string' ? { id } : { reason: `${call} listed no expert` };
  } catch (error) {
    return { reason: `${call} failed: ${(error as Error).message}` };
  }
}

/**
 * The local server compresses each file on its first request and keeps the result (brotli at its
 * highest level: up to a second for the main chunk), as a CDN serves from its cache. Lighthouse
 * takes the server's response time of each request into its simulation, so the first audit would
 * pay that once-only cost: every built file is requested once beforehand.
 */
async function warmUp(stack: BenchStack): Promise<void> {
  const files = ['/', ...readdirSync(join(DIST, 'assets')).map((file) => `/assets/${file}`)];
  for (const file of files) await (await fetch(`${stack.url}${file}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
}

function lcpElement(lhr: Lhr): string | undefined {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.selector;
}

function argValue(flag: string): string | undefined {
  const index = process.argv.indexOf(flag);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const score = (lhr: Lhr, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
