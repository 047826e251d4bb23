/**
 * The one API client of the SPA: same-origin JSON calls under /api with credentials, a bearer
 * token kept in memory, and a single shared refresh for every request that meets a 401.
 */
import { MSG } from '../../../shared/messages';

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
    super(body.msg ?? MSG.anErrorOccurred);
    this.name = 'ApiError';
  }
}

/** The text to show for a failed call: the server's msg (or its errors joined), else the fallback. */
export function errorText(error: unknown, fallback: string = MSG.anErrorOccurred, options: { joinErrors?: boolean } = {}): string {
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
  const baseUrl = options.baseUrl ?? '/api';
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
        if (status !== 200 || typeof token !== 'string') throw new ApiError(status || 401, { msg: MSG.sessionExpired });
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

  return {
    request,
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
