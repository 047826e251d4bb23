import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';
import { APP_SCRIPTS_FALLBACK_MS, APP_SCRIPTS_META, FIRST_PAINT_SCRIPT, FIRST_PAINT_SCRIPT_HASH } from './first-paint-script';
import { COOKIE_CONSENT_NAME, SESSION_HINT_COOKIE } from './shell-limits';

describe('the line of script before the first paint', () => {
  it('is allowed by the CSP by the hash of its exact text, and no other inline script is', () => {
    expect(FIRST_PAINT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`);
    const scriptSources = contentSecurityPolicy('wss://app.example.com')
      .split('; ')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSources).toBe(`script-src 'self' ${FIRST_PAINT_SCRIPT_HASH}`);
  });

  it('marks the page as resuming a session only when the hint cookie says 1, and the cookie question as answered once it is', () => {
    const run = (cookie: string) => {
      const documentElement = { dataset: {} as Record<string, string> };
      new Function('document', FIRST_PAINT_SCRIPT)({ cookie, documentElement, querySelector: () => null });
      return documentElement.dataset;
    };
    expect(run(`${COOKIE_CONSENT_NAME}=true; ${SESSION_HINT_COOKIE}=1`)).toEqual({ session: 'resuming', consent: 'answered' });
    expect(run(`${SESSION_HINT_COOKIE}=1; ${COOKIE_CONSENT_NAME}=false`)).toEqual({ session: 'resuming', consent: 'answered' });
    expect(run(`${SESSION_HINT_COOKIE}=1`)).toEqual({ session: 'resuming' });
    expect(run('')).toEqual({});
    expect(run(`${SESSION_HINT_COOKIE}=0`)).toEqual({});
    expect(run(`not${SESSION_HINT_COOKIE}=1; not${COOKIE_CONSENT_NAME}=true`)).toEqual({});
  });

  /** The line run against a page that lists three scripts, with the browser's paint reports and timers in the test's hands. */
  function pageWithScripts(paintTiming: boolean) {
    const added: Record<string, string>[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    let report: ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void) | undefined;
    let observed: unknown;
    const document = {
      cookie: '',
      documentElement: { dataset: {} },
      querySelector: (selector: string) =>
        selector === `meta[name="${APP_SCRIPTS_META}"]` ? { content: '/assets/index-1.js /assets/a.js /assets/b.js' } : null,
      createElement: (tag: string) => ({ tag }) as Record<string, string>,
      head: { appendChild: (element: Record<string, string>) => added.push(element) },
    };
    const PerformanceObserver = paintTiming
      ? class {
          constructor(callback: typeof report) {
            report = callback;
          }
          observe(options: unknown) {
            observed = options;
          }
        }
      : undefined;
    new Function('document', 'PerformanceObserver', 'setTimeout', FIRST_PAINT_SCRIPT)(document, PerformanceObserver, (run: () => void, ms = 0) =>
      timers.push({ run, ms }),
    );
    const paint = (...names: string[]) => report?.({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, { disconnect: () => {} });
    const runTimers = (upToMs: number) => {
      const due = timers.filter((timer) => timer.ms <= upToMs);
      timers.splice(0, timers.length, ...timers.filter((timer) => timer.ms > upToMs));
      for (const timer of due) timer.run();
    };
    return { added, paint, runTimers, observed: () => observed };
  }

  const SCRIPTS = [
    { tag: 'script', type: 'module', src: '/assets/index-1.js', crossOrigin: '' },
    { tag: 'link', rel: 'modulepreload', href: '/assets/a.js', crossOrigin: '' },
    { tag: 'link', rel: 'modulepreload', href: '/assets/b.js', crossOrigin: '' },
  ];

  it('adds a prerendered page’s scripts once the browser reports its first contentful paint: the entry, then its chunks to preload', () => {
    const page = pageWithScripts(true);
    expect(page.observed()).toEqual({ type: 'paint', buffered: true });
    page.runTimers(0);
    page.paint('first-paint');
    page.runTimers(0);
    expect(page.added).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.added).toEqual([]);
    page.runTimers(0);
    expect(page.added).toEqual(SCRIPTS);
    // The fallback finds them added: once only.
    page.runTimers(APP_SCRIPTS_FALLBACK_MS);
    expect(page.added).toEqual(SCRIPTS);
  });

  it('adds them after a while in a browser that reports no paint', () => {
    const page = pageWithScripts(false);
    page.runTimers(APP_SCRIPTS_FALLBACK_MS - 1);
    expect(page.added).toEqual([]);
    page.runTimers(APP_SCRIPTS_FALLBACK_MS);
    expect(page.added).toEqual(SCRIPTS);
  });
});
