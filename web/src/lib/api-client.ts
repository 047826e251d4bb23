/**
 * The one API client of the SPA: same-origin JSON calls (and the forms of upload routes) under /api with credentials, a bearer
 * token kept in memory, and a single shared refresh for every request that meets a 401.
 */
import { SHELL_MSG } from '@shared/shell-texts';
import { API_PREFIX } from '@shared/api-prefix';
import type { ErrorBody, ErrorCode } from '@shared/error-codes';
import type { BodyInputOf, ParamsOf, RouteKey } from '@shared/routes';
import type { ResponseOf } from '@shared/schemas/responses';

/** A route's path parameters: required when its path has any, refused when it has none. */
type ParamsInput<K extends RouteKey> = [keyof ParamsOf<K>] extends [never] ? { params?: never } : { params: ParamsOf<K> };

/** What a call of the route table takes: its path parameters, query string and body. */
export type CallInput<K extends RouteKey> = ParamsInput<K> & {
  query?: Record<string, string | number | undefined>;
  body?: BodyInputOf<K>;
  /** Sent as the Idempotency-Key header: the same key again is the same request (decision 286). */
  idempotencyKey?: string;
};

/** The input may be left out only where nothing in it is required. */
type CallArgs<K extends RouteKey> = [keyof ParamsOf<K>] extends [never] ? [input?: CallInput<K>] : [input: CallInput<K>];

export type SessionKind = 'user' | 'admin';

/** An error answer as it arrived: empty when the network failed, so every field may be missing. */
export type ApiErrorBody = Partial<ErrorBody>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.msg ?? SHELL_MSG.anErrorOccurred);
    this.name = 'ApiError';
  }

  /** What the web branches on: the server's stable code (none for a network failure). */
  get code(): ErrorCode | undefined {
    return this.body.code;
  }
}

/** The code of a failed call, if it was an answer of the API. */
export const errorCode = (error: unknown): ErrorCode | undefined => (error instanceof ApiError ? error.code : undefined);

/** The text to show for a failed call: the server's msg (or its errors joined), else the fallback. */
export function errorText(error: unknown, fallback: string = SHELL_MSG.anErrorOccurred, options: { joinErrors?: boolean } = {}): string {
  if (!(error instanceof ApiError)) return fallback;
  const listed = (error.body.errors ?? []).map((e) => e.msg).filter((m): m is string => Boolean(m));
  if (options.joinErrors && listed.length > 0) return listed.join('\n');
  return error.body.msg ?? fallback;
}

const REFRESH_ROUTE = {
  user: 'POST /api/auth/refresh-token',
  admin: 'POST /api/admin/auth/refresh-token',
} as const satisfies Record<SessionKind, RouteKey>;

/** Calls whose 401 means "wrong credentials" or "no session", never "token expired". */
const NO_REFRESH = new Set<RouteKey>(['POST /api/auth/login', 'POST /api/admin/auth/login', REFRESH_ROUTE.user, REFRESH_ROUTE.admin]);

/** The URL below the API prefix: path parameters filled in, the query string appended. */
function pathOf(key: RouteKey, params: Record<string, string> = {}, query: Record<string, string | number | undefined> = {}): string {
  const template = key.slice(key.indexOf(' ') + 1 + API_PREFIX.length);
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value));
  return search.size > 0 ? `${path}?${search}` : path;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Told when a refresh fails, so the session can forget the account. */
  onSessionLost?: () => void;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? API_PREFIX;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let accessToken: string | undefined;
  let kind: SessionKind = 'user';
  let pendingRefresh: Promise<string> | undefined;
  let onSessionLost = options.onSessionLost;

  async function send(
    key: RouteKey,
    path: string,
    body: unknown,
    token: string | undefined,
    idempotencyKey?: string,
  ): Promise<{ status: number; data: unknown }> {
    const method = key.slice(0, key.indexOf(' '));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    // A form (an upload route) sets its own multipart type and boundary.
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined || isForm ? body : JSON.stringify(body),
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
        const key = REFRESH_ROUTE[kind];
        const { status, data } = await send(key, pathOf(key), undefined, undefined);
        const token = (data as Partial<ResponseOf<typeof key>>).accessToken;
        if (status !== 200 || typeof token !== 'string') throw new ApiError(status || 401, { msg: SHELL_MSG.sessionExpired, code: 'not_authenticated' });
        accessToken = token;
        return token;
      } finally {
        pendingRefresh = undefined;
      }
    })();
    return pendingRefresh;
  }

  /**
   * A call of the route table by its key (`'GET /api/offers/{id}'`): path parameters filled in, the
   * query string appended, body and answer typed by the route's entry. Only types come from the
   * table, so the browser loads none of its schemas.
   */
  async function call<K extends RouteKey>(key: K, ...[input]: CallArgs<K>): Promise<ResponseOf<K>> {
    const { params, query, body, idempotencyKey } = (input ?? {}) as {
      params?: Record<string, string>;
      query?: Record<string, string | number | undefined>;
      body?: unknown;
      idempotencyKey?: string;
    };
    const path = pathOf(key, params, query);
    const sentWith = accessToken;
    let result = await send(key, path, body, sentWith, idempotencyKey);
    if (result.status === 401 && !NO_REFRESH.has(key)) {
      try {
        // Another request may have refreshed already while this one was in flight.
        const token = accessToken !== sentWith && accessToken ? accessToken : await refresh();
        result = await send(key, path, body, token, idempotencyKey);
      } catch (error) {
        accessToken = undefined;
        onSessionLost?.();
        throw error;
      }
    }
    if (result.status < 200 || result.status >= 300) throw new ApiError(result.status, (result.data ?? {}) as ApiErrorBody);
    return result.data as ResponseOf<K>;
  }

  return {
    call,
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
