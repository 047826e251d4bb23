/**
 * The local stack's controls change state at a POST from anything that reaches it, a page of another
 * site open in the developer's browser included. Such a page can send a "simple" request (a form, or
 * text/plain) with no CORS preflight; it cannot send application/json without one, and no local server
 * answers a preflight that would allow it. So every control (/_local/..., the local Stripe's JSON
 * controls) takes application/json only, and the local Stripe's hosted pages, which a browser posts
 * as forms, take a post from their own origin only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** application/json, with at most a charset: a type no cross-site page can send unasked. */
const JSON_CONTENT_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?[\w.:-]+"?\s*)?$/i;

export const UNSUPPORTED_MEDIA_TYPE = 'unsupported_media_type';

/** True when the request says application/json; otherwise answers 415 with a JSON error, its body left unread. */
export function acceptJsonOnly(request: IncomingMessage, response: ServerResponse): boolean {
  if (JSON_CONTENT_TYPE.test(request.headers['content-type'] ?? '')) return true;
  request.resume();
  response
    .writeHead(415, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify({ error: 'This control takes JSON only: send it with content-type: application/json.', code: UNSUPPORTED_MEDIA_TYPE }));
  return false;
}

/**
 * True when a post comes from the origin it is sent to: its Origin header (a browser sends it with
 * every form post), or its Referer's origin when Origin is absent. The Host is this server's own
 * name, since the stack answers no other (host-check.ts). Neither header, or `Origin: null`, is refused.
 */
export function isSameOriginPost(request: IncomingMessage): boolean {
  const host = request.headers.host;
  if (!host) return false;
  const from = request.headers.origin ?? originOf(request.headers.referer);
  return from !== undefined && from.toLowerCase() === `http://${host.toLowerCase()}`;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Posts a form as a browser posts a page's own form, from the page's origin (for scripts and tests that press a hosted page's button). */
export function postForm(url: string, form: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { origin: new URL(url).origin }, body: new URLSearchParams(form), redirect: 'manual' });
}
