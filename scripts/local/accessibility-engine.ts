/**
 * axe-core, the accessibility engine the browser tests run on every page they reach, served by the
 * local stack at the app's own origin: a page's CSP (`script-src 'self'`) lets it load there, in
 * the browser tests (tests/support/browser.ts) as in a developer's console (README). Sent through
 * the DevTools protocol instead, its 650 KB cost a test up to 0.7 s of both processes' CPU on every
 * page checked; loaded as a script, the browser reads it from its cache and V8 from its code cache.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';

export const ACCESSIBILITY_ENGINE_PATH = '/_local/axe.min.js';

let source: Buffer | undefined;

export function serveAccessibilityEngine(response: ServerResponse): void {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'));
  response
    .writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    })
    .end(source);
}
