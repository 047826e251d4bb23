/**
 * Browser end-to-end support: Debian's Chromium headless shell driven by playwright-core, with an
 * axe-core check of every page the journeys reach.
 */
import type { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, onTestFinished } from 'vitest';
import { adminCode, PASSWORD } from './accounts';
import { CHROMIUM, TEST_CHROMIUM_ARGS } from './chromium';
import { EVENTUALLY_MS } from './eventually';
import { ApiClient, parseSetCookie, stackUrl } from './api';
import { TEST_SEED } from './seed-settings';
import { ACCESSIBILITY_ENGINE_PATH } from '../../scripts/local/accessibility-engine';

/**
 * The worker's Chromium, launched by its first browser file and kept for the next ones (the stack
 * project's files share their worker: isolate: false), as Playwright's own runner keeps one browser
 * per worker: a launch costs about 2 CPU-seconds. Each test still gets a fresh context (cookies,
 * storage, cache) or a finished test's, emptied (`browserForFile`). Playwright gives the launch a fresh temporary profile (it refuses
 * --user-data-dir with launch()); HOME and XDG folders point into a temp folder removed at exit.
 * A browser that went away (a crash) is launched anew.
 */
async function workerBrowser(): Promise<Browser> {
  const holder = globalThis as { workerBrowser?: Promise<Browser> };
  const running = await holder.workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  holder.workerBrowser = launch();
  return holder.workerBrowser;
}

async function launch(): Promise<Browser> {
  const home = mkdtempSync(join(tmpdir(), 'e2e-chromium-'));
  process.once('exit', () => rmSync(home, { recursive: true, force: true }));
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_RUNTIME_DIR: join(home, 'runtime'),
  } as Record<string, string>;
  return chromium.launch({ executablePath: CHROMIUM, args: TEST_CHROMIUM_ARGS, env });
}

/** A page at a desktop or phone size, in a fresh context or a finished test's emptied one; left when its test ends or, for a journey told in several tests, when the file ends. */
type NewPage = (options?: { mobile?: boolean; timezoneId?: string; untilFileEnds?: boolean }) => Promise<Page>;

const requireCjs = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(requireCjs.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core gives each violation its rule's impact (every check of a rule takes the rule's), so a
 * rule of minor or moderate impact can never fail this check: those are not run. They were about a
 * third of axe's rules, among them `region`, which walks the whole page. A rule without an impact
 * still runs.
 */
const axeRules = (requireCjs('axe-core') as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules;
const RULES_THAT_CANNOT_FAIL = Object.fromEntries(
  axeRules.filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate').map((rule) => [rule.id, { enabled: false }]),
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Puts axe-core in the page, once per document: as a script of the stack's own origin
 * (scripts/local/accessibility-engine.ts), which the browser caches and compiles once per context
 * (decision 310). A page of another origin is sent the source through the DevTools protocol, as all
 * were: 650 KB each time, up to 0.7 s of CPU a page on a loaded machine.
 */
async function loadAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  if (new URL(page.url()).origin !== new URL(stackUrl()).origin) {
    await page.evaluate(AXE_SOURCE);
    return;
  }
  const loaded = await page.evaluate(
    (path) =>
      new Promise<boolean>((resolve) => {
        const script = document.createElement('script');
        script.src = path;
        script.onload = () => {
          script.remove();
          resolve(true);
        };
        script.onerror = () => {
          script.remove();
          resolve(false);
        };
        (document.head ?? document.documentElement).append(script);
      }),
    ACCESSIBILITY_ENGINE_PATH,
  );
  if (!loaded) throw new Error(`${ACCESSIBILITY_ENGINE_PATH} did not load in ${page.url()}`);
}

/** The page states this file's checks passed (size, focus, hover and the document's hash). */
const checkedStates = new Set<string>();

/**
 * Runs axe-core in the page and fails on any serious or critical violation, naming the rule and
 * the elements. The script is evaluated through the DevTools protocol, so the page's CSP stays on.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // Hidden is gone from view: a page painted before its scripts holds its loading screen hidden until they remove it.
  await page.waitForSelector('.loading-screen, .boot-screen', { state: 'hidden' });
  // Measure what stays on screen: a toast fading in is half transparent for a moment, and axe would
  // blend its colours. Short transitions are waited for; long ones (a toast's countdown bar) and endless ones are not.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().activeDuration) < 2000)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // The same document at the same size, with the same element focused and hovered, gives the same
  // result: a file that comes back to a page in a state it already checked does not check it again.
  const state = await page.evaluate(async () => {
    const pathOf = (element: Element | null | undefined): string => {
      const steps: string[] = [];
      for (let at = element; at?.parentElement; at = at.parentElement) steps.unshift(`${at.tagName}${[...at.parentElement.children].indexOf(at)}`);
      return steps.join('>');
    };
    const hovered = [...document.querySelectorAll(':hover')].pop();
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(document.documentElement.outerHTML));
    const hash = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${innerWidth}x${innerHeight} ${pathOf(document.activeElement)} ${pathOf(hovered)} ${hash}`;
  });
  if (checkedStates.has(state)) return;
  await loadAxe(page);
  const violations = await page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], rules });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, RULES_THAT_CANNOT_FAIL);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length > 0) {
    const report = blocking.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => JSON.stringify(n.target)).join('\n    ')}`).join('\n');
    throw new Error(`Accessibility violations on ${label}:\n${report}`);
  }
  checkedStates.add(state);
}

/**
 * Resolves once React has taken the page over (hydrateRoot or createRoot marks its container). A
 * prerendered page is on screen before that: a link clicked then is a plain page load, not the
 * app's navigation (decision 290). From then on React handles a click even mid-hydration.
 */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
}

/**
 * Opens a path and checks it once the app runs it and the loading screen is gone. What a prerendered
 * page shows before its scripts run is checked in prerendered-pages.test.ts.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await appTookOver(page);
  await expectAccessible(page, path);
}

/** Signs the demo admin in at /admin/login as a person does: address, password, then the authenticator's code. */
export async function logInAsAdmin(page: Page): Promise<void> {
  await visit(page, '/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(TEST_SEED.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(TEST_SEED.adminPassword);
  await page.getByLabel('Authentication code', { exact: true }).fill(await adminCode());
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/** Signs a member in on /login, as they would, and waits for the page to leave it. */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await visit(page, '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** A cookie the login set, as the browser stores it from the stack's answer. */
function browserCookie(line: string): Parameters<BrowserContext['addCookies']>[0][number] {
  const { maxAgeSeconds, ...cookie } = parseSetCookie(line);
  return {
    ...cookie,
    domain: new URL(stackUrl()).hostname,
    ...(maxAgeSeconds !== undefined && { expires: Math.floor(Date.now() / 1000) + maxAgeSeconds }),
  };
}

/** Logs in through the API and gives the page's context the cookies the answer set. */
async function holdSession(page: Page, loginPath: string, body: Record<string, string>): Promise<void> {
  const response = await new ApiClient().post(loginPath, body);
  if (response.status !== 200) throw new Error(`${loginPath} answered ${response.status}: ${JSON.stringify(response.body)}`);
  await page.context().addCookies(response.setCookies.map(browserCookie));
}

/**
 * Signs a member in as a browser that signed in earlier holds the session: the login goes through
 * the API, the page's context gets its cookies, and the next page opened resumes the session. For
 * journeys whose subject is not the login form; e2e/account.test.ts fills that one as a person does.
 */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await holdSession(page, '/auth/login', { email, password });
}

/** The admin's session, as `signIn` gives a member's; e2e/admin.test.ts fills the admin login with its code. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await holdSession(page, '/admin/auth/login', { email: TEST_SEED.adminEmail, password: TEST_SEED.adminPassword, code: await adminCode() });
}

/** The window a page is made with: a desktop's, or a phone's. */
const viewportOf = (mobile: boolean) => (mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });

/** A fresh context (cookies, storage, cache) with one page. */
async function openPage(mobile: boolean, timezoneId: string | undefined): Promise<Page> {
  const context = await (await workerBrowser()).newContext({
    baseURL: stackUrl(),
    ...(timezoneId && { timezoneId }),
    viewport: viewportOf(mobile),
    isMobile: mobile,
    hasTouch: mobile,
  });
  context.setDefaultTimeout(EVENTUALLY_MS);
  // A first load fetches the SPA while the other files' stacks start beside it on 2 cores.
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  noteLastingChanges(page);
  return page;
}

/**
 * What the worker knows of its tabs, kept on globalThis as its Chromium is: a file's setup loads this
 * module anew, and a tab outlives its file (`browserForFile`).
 */
interface WorkerTabs {
  /** Emptied tabs by the size, time zone and stack they were made for; the last emptied is the first taken. */
  idle: Map<string, Page[]>;
  /** Contexts a test changed for good (an init script, an exposed function, a fake clock): closed after it, never given to another test. */
  changedForGood: WeakSet<BrowserContext>;
  /** Playwright's own listeners of each page and context, there before a test adds any, which must stay. */
  ownListeners: WeakMap<Page | BrowserContext, Map<string | symbol, Set<unknown>>>;
}
const worker = globalThis as { workerTabs?: WorkerTabs };
worker.workerTabs ??= { idle: new Map(), changedForGood: new WeakSet(), ownListeners: new WeakMap() };
const workerTabs = worker.workerTabs;

/** Marks the page's context when a test makes a change no emptying undoes. */
function noteLastingChanges(page: Page): void {
  const context = page.context();
  const marking = <T extends object>(target: T, methods: string[]) => {
    const methodsOf = target as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const name of methods) {
      const method = methodsOf[name].bind(target);
      methodsOf[name] = (...args: unknown[]) => {
        workerTabs.changedForGood.add(context);
        return method(...args);
      };
    }
  };
  marking(page, ['addInitScript', 'exposeFunction', 'exposeBinding']);
  marking(context, ['addInitScript', 'exposeFunction', 'exposeBinding']);
  marking(context.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'runFor', 'fastForward', 'resume']);
  workerTabs.ownListeners.set(page, listenersOf(page));
  workerTabs.ownListeners.set(context, listenersOf(context));
}

/** A page or a context as what it is underneath: Node's EventEmitter (Playwright's types name only its on and off). */
const emitterOf = (target: Page | BrowserContext) => target as unknown as EventEmitter;

/** An emitter's listeners by event: Playwright's own are there before a test adds any, and must stay. */
const listenersOf = (target: Page | BrowserContext) => {
  const emitter = emitterOf(target);
  return new Map(emitter.eventNames().map((name) => [name, new Set(emitter.listeners(name))]));
};

/** Removes the listeners tests added (a console watcher, a request log), keeping Playwright's own. */
function removeTestListeners(target: Page | BrowserContext): void {
  const emitter = emitterOf(target);
  const own = workerTabs.ownListeners.get(target);
  for (const name of emitter.eventNames())
    for (const listener of emitter.listeners(name)) if (!own?.get(name)?.has(listener)) emitter.off(name, listener as (...args: unknown[]) => void);
}

/**
 * Leaves a finished test's tab as a new visitor finds one: the page unloaded (its sockets and timers
 * end, as when a tab closes), the context's cookies, permissions and the app's stored data gone
 * (the app keeps nothing in session storage), the test's listeners and routes removed, its window
 * the size it was made with. False when it cannot be: the test closed it, opened another tab in
 * its context, or changed the context for good.
 */
async function emptied(page: Page, mobile: boolean): Promise<boolean> {
  const context = page.context();
  if (page.isClosed() || context.pages().length !== 1 || workerTabs.changedForGood.has(context)) return false;
  try {
    removeTestListeners(page);
    removeTestListeners(context);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('about:blank');
    const devtools = await context.newCDPSession(page);
    await devtools.send('Storage.clearDataForOrigin', {
      origin: new URL(stackUrl()).origin,
      storageTypes: 'local_storage,indexeddb,cache_storage,service_workers',
    });
    await devtools.detach();
    await context.clearCookies();
    await context.clearPermissions();
    await page.setViewportSize(viewportOf(mobile));
    return true;
  } catch {
    return false;
  }
}

/** How many emptied tabs a worker keeps between its files: as many as a file's tests hold at once (two members in a call). */
const IDLE_TABS_KEPT = 4;

/** The worker's emptied tabs of a size, time zone and stack (a context's base URL is its stack's). */
function idleTabsOf(kind: string): Page[] {
  const tabs = workerTabs.idle.get(kind) ?? [];
  workerTabs.idle.set(kind, tabs);
  return tabs;
}

/** Closes the worker's emptied tabs beyond IDLE_TABS_KEPT. */
async function keepFewIdleTabs(): Promise<void> {
  let kept = 0;
  const surplus: Page[] = [];
  for (const tabs of workerTabs.idle.values()) {
    const keep = Math.min(tabs.length, IDLE_TABS_KEPT - kept);
    kept += keep;
    surplus.push(...tabs.splice(keep));
  }
  await Promise.allSettled(surplus.map((page) => page.context().close()));
}

/**
 * Pages for the calling test file's tests, in the worker's Chromium, each in a context of its own.
 * A test's pages are left when it ends, as a user closes the tab: a page left open keeps its socket,
 * its timers and, in a room, a whole call running through the file's later tests. The next test of
 * the worker, in this file or a later one, that asks for a page of the same size and time zone on
 * the same stack gets that tab back, emptied (`emptied`): a new context and its first page cost the
 * browser half a CPU-second more than a page loaded in a tab already open, most of it a new renderer
 * process (decision 339). A journey told in several tests keeps its page until the file ends
 * (`untilFileEnds`).
 */
export function browserForFile(): { newPage: NewPage } {
  const keptContexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.allSettled(keptContexts.splice(0).map((context) => context.close()));
    await keepFewIdleTabs();
  });
  return {
    async newPage({ mobile = false, timezoneId, untilFileEnds = false } = {}) {
      const tabs = idleTabsOf(JSON.stringify([mobile, timezoneId ?? null, stackUrl()]));
      let page = untilFileEnds ? undefined : tabs.pop();
      if (page?.isClosed()) page = undefined;
      page ??= await openPage(mobile, timezoneId);
      const opened = page;
      if (untilFileEnds) keptContexts.push(opened.context());
      else
        onTestFinished(async () => {
          if (await emptied(opened, mobile)) tabs.push(opened);
          else await opened.context().close();
        });
      return opened;
    },
  };
}
