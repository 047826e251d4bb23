import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';
import { FIRST_PAINT_SCRIPT, FIRST_PAINT_SCRIPT_HASH } from './first-paint-script';
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
      new Function('document', FIRST_PAINT_SCRIPT)({ cookie, documentElement });
      return documentElement.dataset;
    };
    expect(run(`${COOKIE_CONSENT_NAME}=true; ${SESSION_HINT_COOKIE}=1`)).toEqual({ session: 'resuming', consent: 'answered' });
    expect(run(`${SESSION_HINT_COOKIE}=1; ${COOKIE_CONSENT_NAME}=false`)).toEqual({ session: 'resuming', consent: 'answered' });
    expect(run(`${SESSION_HINT_COOKIE}=1`)).toEqual({ session: 'resuming' });
    expect(run('')).toEqual({});
    expect(run(`${SESSION_HINT_COOKIE}=0`)).toEqual({});
    expect(run(`not${SESSION_HINT_COOKIE}=1; not${COOKIE_CONSENT_NAME}=true`)).toEqual({});
  });
});
