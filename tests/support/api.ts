/**
 * A small API client for integration tests, like a browser: it keeps the cookies the server sets
 * (per path) and sends the bearer token it is given.
 */
import { inject } from 'vitest';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

export function stackUrl(): string {
  return inject('stackUrl');
}

export class ApiClient {
  private readonly cookies = new Map<string, { value: string; path: string }>();
  accessToken?: string;

  constructor(readonly baseUrl: string = stackUrl()) {}

  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, init: { raw?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
    const url = `${this.baseUrl}/api${path}`;
    const headers: Record<string, string> = { ...init.headers };
    if (body !== undefined || init.raw !== undefined) headers['content-type'] ??= 'application/json';
    if (this.accessToken) headers.authorization ??= `Bearer ${this.accessToken}`;
    const cookie = this.cookieHeader(`/api${path}`);
    if (cookie) headers.cookie = cookie;
    const response = await fetch(url, { method, headers, body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.store(line);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers, setCookies };
  }

  get = <T = Record<string, unknown>>(path: string) => this.request<T>('GET', path);
  post = <T = Record<string, unknown>>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  setCookie(name: string, value: string, path: string): void {
    this.cookies.set(name, { value, path });
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    const maxAge = attributes.find((a) => a.toLowerCase().startsWith('max-age='));
    if (value === '' || maxAge === 'Max-Age=0') this.cookies.delete(name);
    else this.cookies.set(name, { value, path });
  }

  private cookieHeader(path: string): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}
