import { vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { json } from './render-app';

export interface FakeCall {
  method: string;
  /** The path below /api for API calls, else the whole URL (storage). */
  path: string;
  body: unknown;
  init: RequestInit;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/**
 * Stubs fetch with answers per "METHOD path" (path below /api, or the whole URL for other hosts;
 * with its query string, or "?*" for any) and records every call. The session's silent refresh at start answers 401 unless given; any
 * other call without an answer gets the API's 404.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.startsWith('/api/') ? url.slice(4) : url;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method: (init.method ?? 'GET').toUpperCase(), path, body, init };
    calls.push(call);
    // An answer given as "METHOD path?*" serves the path with any query string.
    const handler = handlers[`${call.method} ${path}`] ?? handlers[`${call.method} ${path.split('?')[0]}?*`];
    if (handler) return handler(call);
    if (path.endsWith('/refresh-token')) return json(401, { msg: MSG.notAuthenticated, code: 'not_authenticated' });
    return json(404, { msg: MSG.routeNotFound, code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  /** The calls other than the session's refresh. */
  const apiCalls = () => calls.filter((call) => !call.path.endsWith('/refresh-token'));
  return { calls: apiCalls };
}
