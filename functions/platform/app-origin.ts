/**
 * Where the app is served from, and whether a browser's request comes from there: one rule for the
 * HTTP API's state changes and the WebSocket's handshake, so both accept the same origins.
 *
 * The origins are APP_ORIGINS (comma-separated), which the local stack fills with every host name
 * it answers (scripts/local/host-check.ts: localhost, 127.0.0.1, [::1], HOST and, with HOST=0.0.0.0,
 * the machine's addresses); without it, APP_URL's origin alone (on AWS, the stage's app URL).
 */
import { config } from './config';

let cached: { from: string; origins: ReadonlySet<string> } | undefined;

export function appOrigins(): ReadonlySet<string> {
  const from = config.appOrigins ?? config.appUrl;
  if (cached?.from !== from)
    cached = {
      from,
      origins: new Set(
        from
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .map((entry) => new URL(entry).origin),
      ),
    };
  return cached.origins;
}

export const isAppOrigin = (origin: string | undefined): boolean => origin !== undefined && appOrigins().has(origin);

/**
 * What the browser says of where a request comes from: Sec-Fetch-Site when it sends it, else
 * Origin; a page can forge neither. undefined when it said nothing (a script, a webhook, an old
 * browser's GET). Headers are lower-case.
 */
export function comesFromApp(headers: Readonly<Record<string, string | undefined>>): boolean | undefined {
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = headers.origin;
  if (origin !== undefined) return isAppOrigin(origin);
  return undefined;
}
