import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';
import { APP_SCRIPTS_META, FIRST_PAINT_SCRIPT, FIRST_PAINT_SCRIPT_HASH } from './first-paint-script';
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

  it('adds a prerendered page’s scripts once the page has painted: the entry, then its chunks to preload', async () => {
    const added: Record<string, string>[] = [];
    const frames: (() => void)[] = [];
    const document = {
      cookie: '',
      documentElement: { dataset: {} },
      querySelector: (selector: string) =>
        selector === `meta[name="${APP_SCRIPTS_META}"]` ? { content: '/assets/index-1.js /assets/a.js /assets/b.js' } : null,
      createElement: (tag: string) => ({ tag }) as Record<string, string>,
      head: { appendChild: (element: Record<string, string>) => added.push(element) },
    };
    new Function('document', 'requestAnimationFrame', FIRST_PAINT_SCRIPT)(document, (frame: () => void) => frames.push(frame));
    expect(added).toEqual([]);
    for (const frame of frames) frame();
    expect(added).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(added).toEqual([
      { tag: 'script', type: 'module', src: '/assets/index-1.js', crossOrigin: '' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/a.js', crossOrigin: '' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/b.js', crossOrigin: '' },
    ]);
  });
});
