/**
 * The one API client of the SPA: same-origin JSON calls under /api with credentials, a bearer
 * token kept in memory, and a single shared refresh for every request that meets a 401.
 */
import { SHELL_MSG } from '@shared/shell-messages';
import { API_PREFIX } from '@shared/api-prefix';
import type { BodyInputOf, RouteKey } from '@shared/routes';
import type { ResponseOf } from '@shared/schemas/responses';

/** What a call of the route table takes: its path parameters, query string and body. */
export interface CallInput<K extends RouteKey> {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: BodyInputOf<K>;
}

export type SessionKind = 'user' | 'admin';

export interface ApiErrorBody {
  msg?: string;
  errors?: { msg?: string }[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.msg ?? SHELL_MSG.anErrorOccurred);
    this.name = 'ApiError';
  }
}

/** The text to show for a failed call: the server's msg (or its errors joined), else the fallback. */
export function errorText(error: unknown, fallback: string = SHELL_MSG.anErrorOccurred, options: { joinErrors?: boolean } = {}): string {
  if (!(error instanceof ApiError)) return fallback;
  const listed = (error.body.errors ?? []).map((e) => e.msg).filter((m): m is string => Boolean(m));
  if (options.joinErrors && listed.length > 0) return listed.join('\n');
  return error.body.msg ?? fallback;
}

const REFRESH_PATH: Record<SessionKind, string> = {
  user: '/auth/refresh-token',
  admin: '/admin/auth/refresh-token',
};

/** Calls whose 401 means "wrong credentials" or "no session", never "token expired". */
const NO_REFRESH = /^\/(admin\/)?auth\/(login|refresh-token)$/;

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Told when a refresh fails, so the session can forget the user. */
  onSessionLost?: () => void;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? API_PREFIX;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let accessToken: string | undefined;
  let kind: SessionKind = 'user';
  let pendingRefresh: Promise<string> | undefined;
  let onSessionLost = options.onSessionLost;

  async function send(method: string, path: string, body: unknown, token: string | undefined): Promise<{ status: number; data: unknown }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, {});
    }
    const text = await response.text();
    let data: unknown = {};
    try {
      data = text ? JSON.parse(text) : {};
    } catch {
      data = {};
    }
    return { status: response.status, data };
  }

  /** One refresh at a time: every caller waiting on a 401 shares it and its outcome. */
  function refresh(): Promise<string> {
    pendingRefresh ??= (async () => {
      try {
        const { status, data } = await send('POST', REFRESH_PATH[kind], undefined, undefined);
        const token = (data as { accessToken?: unknown }).accessToken;
        if (status !== 200 || typeof token !== 'string') throw new ApiError(status || 401, { msg: SHELL_MSG.sessionExpired });
        accessToken = token;
        return token;
      } finally {
        pendingRefresh = undefined;
      }
    })();
    return pendingRefresh;
  }

  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const sentWith = accessToken;
    let result = await send(method, path, body, sentWith);
    if (result.status === 401 && !NO_REFRESH.test(path)) {
      try {
        // Another request may have refreshed already while this one was in flight.
        const token = accessToken !== sentWith && accessToken ? accessToken : await refresh();
        result = await send(method, path, body, token);
      } catch (error) {
        accessToken = undefined;
        onSessionLost?.();
        throw error;
      }
    }
    if (result.status < 200 || result.status >= 300) throw new ApiError(result.status, (result.data ?? {}) as ApiErrorBody);
    return result.data as T;
  }

  /**
   * A call of the route table by its key (`'GET /api/offers/{id}'`): path parameters filled in, the
   * query string appended, body and answer typed by the route's entry. Only types come from the
   * table, so the browser loads none of its schemas.
   */
  function call<K extends RouteKey>(key: K, input: CallInput<K> = {}): Promise<ResponseOf<K>> {
    const [method, template] = key.split(' ') as [string, string];
    const path = template.slice(API_PREFIX.length).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(input.query ?? {})) if (value !== undefined && value !== '') query.set(name, String(value));
    return request<ResponseOf<K>>(method, query.size > 0 ? `${path}?${query}` : path, input.body);
  }

  return {
    request,
    call,
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
    refresh,
    setAccessToken(token: string | undefined) {
      accessToken = token;
    },
    hasAccessToken: () => accessToken !== undefined,
    /** Which refresh cookie this tab's session lives on (the admin area has its own). */
    setSessionKind(next: SessionKind) {
      kind = next;
    },
    get sessionKind(): SessionKind {
      return kind;
    },
    setOnSessionLost(listener: (() => void) | undefined) {
      onSessionLost = listener;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client. */
export const api = createApiClient();
