import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';
import { SESSION_HINT_COOKIE, SESSION_HINT_SCRIPT, SESSION_HINT_SCRIPT_HASH } from './session-hint';

describe('the session hint’s line of script', () => {
  it('is allowed by the CSP by the hash of its exact text, and no other inline script is', () => {
    expect(SESSION_HINT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64')}'`);
    const scriptSources = contentSecurityPolicy('wss://app.example.com')
      .split('; ')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSources).toBe(`script-src 'self' ${SESSION_HINT_SCRIPT_HASH}`);
  });

  it('marks the page as resuming a session only when the hint cookie says 1', () => {
    const run = (cookie: string) => {
      const documentElement = { dataset: {} as Record<string, string> };
      new Function('document', SESSION_HINT_SCRIPT)({ cookie, documentElement });
      return documentElement.dataset.session;
    };
    expect(run(`cookieConsent=true; ${SESSION_HINT_COOKIE}=1`)).toBe('resuming');
    expect(run(`${SESSION_HINT_COOKIE}=1; cookieConsent=true`)).toBe('resuming');
    expect(run('cookieConsent=true')).toBeUndefined();
    expect(run(`${SESSION_HINT_COOKIE}=0`)).toBeUndefined();
    expect(run(`not${SESSION_HINT_COOKIE}=1`)).toBeUndefined();
  });
});
