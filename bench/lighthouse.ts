/**
 * Lighthouse performance and accessibility of the public pages, served as CloudFront serves them:
 * the local stack (the built SPA, web/dist, and its API) behind HTTP/2 over TLS (lib/http2-front.ts),
 * in Debian's Chromium with a throwaway profile and home folder, with both of Lighthouse's presets:
 * desktop, and mobile (its default: a mid-range phone on slow 4G).
 *
 * The pages are judged against two floors measured in the same run, on the same server, page by
 * page in turn (issue 29; an absolute score on a shared machine moves with its load, decision 289):
 * a bare React + router app (lib/bare-app.ts, as bench/spa-bundle.ts builds it) and a plain HTML
 * page of the home page's size.
 *
 * Run: npx tsx bench/lighthouse.ts [--strict] [--build] [--runs N] [--preset mobile|desktop] [--page PATH]
 *   --build  rebuild web/dist first, as `npm run build:web` does (otherwise it is built only when
 *            missing or not prerendered: a stale build measures old code)
 *   --runs   performance runs per page and preset (default 5; the median is the figure)
 *   --preset, --page  one preset, one page (with the floors): to look into a page; the figures
 *            written are then partial
 *   --reports DIR  also write each run's whole Lighthouse report there (<preset>-<page>-<run>.json):
 *            its observed and simulated metrics, the LCP's phases, every request
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { PRERENDERED_PAGES } from '../shared/prerendered-pages';
import { BARE_APP_SOURCE, buildBareApp } from './lib/bare-app';
import { FLOORS_PATH, type StaticFile, startHttp2Front } from './lib/http2-front';
import { type Budget, budget, ROOT, runBench, writeResults } from './lib/results';
import { type BenchStack, startStack } from './lib/stack';
import { median, round } from './lib/stats';
import { QUIET_CHROMIUM_FLAGS } from '../tests/support/chromium';

/** The public pages (issue 29's list). */
const PAGES = ['/', '/experts', '/teacher/{id}', '/login', '/register', '/forgot-password', '/contact-us', '/faq-page', '/privacy'];
/** The floors, measured in turn with the pages. */
const BARE_APP = `${FLOORS_PATH}app/`;
const PLAIN_HTML = `${FLOORS_PATH}plain.html`;
const CATEGORIES = ['performance', 'accessibility'] as const;
type Category = (typeof CATEGORIES)[number];
const RUNS = Number(argValue('--runs') ?? 5);
/** Lighthouse's presets: desktop (its desktop-config.js), and its default mobile configuration (no config). */
const PRESETS = ['desktop', 'mobile'] as const;
type Preset = (typeof PRESETS)[number];
/** Issue 29's budgets, against the floors of the same run. */
const SCORE_BELOW_BARE_APP = 2;
const TBT_OVER_BARE_APP_MS = 50;
/** Every page, `/teacher/{id}` too since its HTML is rendered per expert (decision 297). */
const LCP_OVER_PLAIN_HTML = 1.5;
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', ...QUIET_CHROMIUM_FLAGS, '--ignore-certificate-errors'];
/**
 * Lighthouse and chrome-launcher serve this bench alone: with what they bring (Puppeteer, Sentry,
 * OpenTelemetry) 207 packages, which made every `npm ci` 15 s longer. So they have a lockfile of
 * their own (bench/lighthouse-deps, the versions the root's had), installed on the bench's first run
 * and again whenever that lockfile changes (decision 328).
 */
const DEPS = join(ROOT, 'bench/lighthouse-deps');
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const DIST = join(ROOT, 'web/dist');

runBench(async () => {
  // As `npm run build:web` builds it: Vite's build, then the public pages prerendered (decision 290).
  if (process.argv.includes('--build') || !existsSync(join(DIST, 'index.html')) || !existsSync(join(DIST, PRERENDERED_PAGES[0].file))) {
    console.log('  building the SPA into web/dist (npm run build:web)');
    execFileSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const home = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const xdg = (name: string) => {
    mkdirSync(join(home, name), { recursive: true });
    return join(home, name);
  };
  const { lighthouse, launchChrome, desktopConfig } = await loadLighthouse();
  const floors = await buildFloors(join(home, 'floors'));
  const stack = await startStack();
  const front = await startHttp2Front(stack.url, floors.files);
  let chrome: LaunchedChrome | undefined;
  try {
    await warmUp(stack);
    const { pages: productPages, skipped } = await resolvePages(stack);
    for (const { path, reason } of skipped) console.log(`  skipped ${path}: ${reason} (no figure rather than a made-up one)`);
    const onePage = argValue('--page');
    const pages = [
      { path: 'bare app', url: BARE_APP },
      { path: 'plain HTML', url: PLAIN_HTML },
      ...productPages.filter((page) => onePage === undefined || page.path === onePage),
    ];
    const launched = await launchChrome({
      chromePath: CHROMIUM,
      chromeFlags: CHROME_FLAGS,
      userDataDir: xdg('profile'),
      // Its own home and XDG folders, so nothing is written to the user's.
      envVars: { ...process.env, HOME: home, XDG_CONFIG_HOME: xdg('config'), XDG_CACHE_HOME: xdg('cache'), XDG_DATA_HOME: xdg('data') },
      logLevel: 'silent',
    });
    chrome = launched;
    const reports = argValue('--reports');
    if (reports) mkdirSync(reports, { recursive: true });
    const audit = async (url: string, categories: readonly Category[], preset: Preset) => {
      const result = await lighthouse(
        `${front.url}${url}`,
        { port: launched.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (reports) {
        const name = `${preset}-${url.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${Date.now()}.json`;
        writeFileSync(join(reports, name), JSON.stringify(result.lhr));
      }
      return result.lhr;
    };
    const results: (PageResult & Record<string, unknown>)[] = [];
    const onePreset = argValue('--preset');
    const presets = PRESETS.filter((preset) => onePreset === undefined || preset === onePreset);
    for (const preset of presets) {
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
          // What the largest paint was, in each run: where to look when LCP moves, and never a loading text.
          lcpElements: [first, ...rest].map(lcpElement),
          // The audits that cost points in the first run: where to look when a score drops.
          failingAudits: Object.fromEntries(
            CATEGORIES.map((c) => [
              c,
              (first.categories[c]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (first.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
            ]),
          ),
          // The main thread's long tasks of the first run, longest first: where TBT comes from.
          longTasks: longTasks(first),
          // Lighthouse's own measure of the host's CPU (higher is faster).
          benchmarkIndex: median([first, ...rest].map((lhr) => lhr.environment.benchmarkIndex)),
          protocol: first.audits['network-requests']?.details ? protocolOf(first) : undefined,
          runtimeError: first.runtimeError?.message,
          runWarnings: first.runWarnings,
        };
        results.push(result);
        const m = result.metrics;
        console.log(
          `  ${page.path.padEnd(17)} performance ${String(scores.performance).padStart(3)} (${performanceRuns.join(', ')})  accessibility ${scores.accessibility}  ` +
            `FCP ${Math.round(m['first-contentful-paint'])} LCP ${Math.round(m['largest-contentful-paint'])} TBT ${Math.round(m['total-blocking-time'])} CLS ${m['cumulative-layout-shift']}  LCP element ${result.lcpElements[0]?.label ?? '-'}`,
        );
      }
    }
    const budgets = results.flatMap((page) => pageBudgets(page, results));
    writeResults(
      'lighthouse',
      {
        presets:
          'desktop (lighthouse/core/config/desktop-config.js: simulated throttling, desktop screen) and mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown, phone screen)',
        lighthouse: '12.8.2',
        browser: `${CHROMIUM} ${CHROME_FLAGS.join(' ')}`,
        served:
          'HTTP/2 over TLS (node:http2, a self-signed certificate the browser is told to accept) in front of the local stack serving web/dist, brotli-compressed as CloudFront serves it; every file requested once before the first audit, so that no run pays the one-time compression',
        floors: {
          'bare app': `React 19 + react-router-dom, one route rendering "hello" (bench/lib/bare-app.ts), built by Vite with the React plugin, served at ${BARE_APP}`,
          'plain HTML': `a heading and paragraphs, no script, ${floors.plainHtmlBytes} bytes as the built index.html is, served at ${PLAIN_HTML}`,
        },
        runs: `${RUNS} per page and preset, pages and floors taken in turn; performance and metrics are medians`,
        metricsUnit: 'ms, except cumulative-layout-shift (unitless); failing audits are from the first run',
        skipped,
        pages: results,
      },
      budgets,
    );
  } finally {
    chrome?.kill();
    await front.stop();
    await stack.stop();
    rmSync(home, { recursive: true, force: true });
    rmSync(BARE_APP_SOURCE, { recursive: true, force: true });
  }
});

type PageResult = {
  preset: Preset;
  path: string;
  scores: Record<Category, number>;
  metrics: Record<string, number>;
};

/** A page's budgets against the floors of its preset, measured in the same run (issue 29). */
function pageBudgets(page: PageResult, all: PageResult[]): Budget[] {
  if (page.path === 'bare app' || page.path === 'plain HTML') return [];
  const floor = (path: string) => {
    const found = all.find((result) => result.preset === page.preset && result.path === path);
    if (!found) throw new Error(`no ${path} floor for ${page.preset}`);
    return found;
  };
  const bare = floor('bare app');
  const plain = floor('plain HTML');
  const name = `${page.preset} ${page.path}`;
  return [
    budget(
      `${name} performance >= bare app's (${bare.scores.performance}) - ${SCORE_BELOW_BARE_APP}`,
      page.scores.performance,
      'min',
      bare.scores.performance - SCORE_BELOW_BARE_APP,
      'score',
    ),
    budget(`${name} accessibility`, page.scores.accessibility, 'min', 100, 'score'),
    budget(
      `${name} TBT <= bare app's (${Math.round(bare.metrics['total-blocking-time'])} ms) + ${TBT_OVER_BARE_APP_MS} ms`,
      round(page.metrics['total-blocking-time'], 0),
      'max',
      round(bare.metrics['total-blocking-time'] + TBT_OVER_BARE_APP_MS, 0),
      'ms',
    ),
    budget(
      `${name} LCP <= ${LCP_OVER_PLAIN_HTML} x the plain HTML page's (${Math.round(plain.metrics['largest-contentful-paint'])} ms)`,
      round(page.metrics['largest-contentful-paint'], 0),
      'max',
      round(LCP_OVER_PLAIN_HTML * plain.metrics['largest-contentful-paint'], 0),
      'ms',
    ),
  ];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/** The floors' files, from memory: the bare app built for FLOORS_PATH/app/, and the plain HTML page. */
async function buildFloors(folder: string): Promise<{ files: Map<string, StaticFile>; plainHtmlBytes: number }> {
  const appDir = join(folder, 'app');
  await buildBareApp(appDir, BARE_APP);
  const files = new Map<string, StaticFile>();
  const add = (path: string, body: Buffer, type: string) => files.set(path, { body, type, brotli: brotliCompressSync(body) });
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  for (const file of walk(appDir)) add(`${BARE_APP}${relative(appDir, file)}`, readFileSync(file), CONTENT_TYPES[extname(file)] ?? 'application/octet-stream');
  const plain = plainHtml(statSync(join(DIST, 'index.html')).size);
  add(PLAIN_HTML, plain, CONTENT_TYPES['.html']);
  return { files, plainHtmlBytes: plain.length };
}

/** A page of headings and paragraphs, no script and no stylesheet, of about `bytes`. */
function plainHtml(bytes: number): Buffer {
  const head =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Plain page</title></head><body><main><h1>Find the expert who has done it before</h1>';
  const paragraph = '<p>Book a session with a verified expert, talk it through live, and get the work reviewed by someone who has done it before.</p>';
  const tail = '</main></body></html>';
  const count = Math.max(1, Math.round((bytes - head.length - tail.length) / paragraph.length));
  return Buffer.from(head + paragraph.repeat(count) + tail);
}

function longTasks(lhr: Lhr): { url: string; startTime: number; duration: number }[] {
  const items = (lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? [];
  return items.slice(0, 5).map(({ url, startTime, duration }) => ({
    url: url.replace(/^https:\/\/localhost:\d+/, ''),
    startTime: round(startTime, 0),
    duration: round(duration, 0),
  }));
}

/** The protocol the page's requests were served over (h2 expected), from the network audit. */
function protocolOf(lhr: Lhr): string[] {
  const items = (lhr.audits['network-requests']?.details as { items?: { protocol?: string }[] } | undefined)?.items ?? [];
  return [...new Set(items.map((item) => item.protocol ?? 'unknown'))];
}

interface LaunchedChrome {
  port: number;
  kill(): void;
}

/** The parts of Lighthouse's report (its LHR) this bench reads. */
interface Lhr {
  categories: Partial<Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>>;
  audits: Record<string, { score: number | null; numericValue?: number; details?: unknown } | undefined>;
  environment: { benchmarkIndex: number };
  runtimeError?: { message: string };
  runWarnings: string[];
}

interface LighthouseTools {
  lighthouse(url: string, flags: Record<string, unknown>, config?: unknown): Promise<{ lhr: Lhr } | undefined>;
  launchChrome(options: Record<string, unknown>): Promise<LaunchedChrome>;
  desktopConfig: unknown;
}

async function loadLighthouse(): Promise<LighthouseTools> {
  const packages = (lockfile: string) => {
    if (!existsSync(lockfile)) return undefined;
    const { '': _root, ...installed } = JSON.parse(readFileSync(lockfile, 'utf8')).packages;
    return JSON.stringify(installed);
  };
  if (packages(join(DEPS, 'node_modules/.package-lock.json')) !== packages(join(DEPS, 'package-lock.json'))) {
    console.log('  installing Lighthouse for this bench (npm ci in bench/lighthouse-deps)');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: DEPS, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const load = (path: string) => import(pathToFileURL(join(DEPS, 'node_modules', path)).href);
  const [lighthouse, chromeLauncher, desktop] = await Promise.all([
    load('lighthouse/core/index.js'),
    load('chrome-launcher/dist/index.js'),
    load('lighthouse/core/config/desktop-config.js'),
  ]);
  return { lighthouse: lighthouse.default, launchChrome: chromeLauncher.launch, desktopConfig: desktop.default };
}

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

function lcpElement(lhr: Lhr): { selector?: string; label?: string } | undefined {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node && { selector: node.selector, label: node.nodeLabel };
}

function argValue(flag: string): string | undefined {
  const index = process.argv.indexOf(flag);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const score = (lhr: Lhr, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
