/**
 * A small API client for integration tests, like a browser on its own device: it keeps the cookies
 * the server sets (per path), sends the bearer token it is given and the app's Origin, as a browser
 * does, and comes from its own loopback address (127.x.y.z), so per-client limits see one client per
 * ApiClient, as they would see one device each.
 */
import { request as httpRequest } from 'node:http';
import { stackUrl } from './stack';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

export { stackUrl };

/** A fresh loopback address: Linux routes all of 127.0.0.0/8 to this machine. */
export const randomClientAddress = () => `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

/** A Set-Cookie line read as a browser reads it: the cookie and the attributes the tests use. */
export interface SetCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
  maxAgeSeconds?: number;
}

export function parseSetCookie(line: string): SetCookie {
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const attribute = (name: string) => attributes.find((part) => part.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
  const flag = (name: string) => attributes.some((part) => part.toLowerCase() === name);
  const sameSite = attribute('samesite')?.toLowerCase();
  const maxAge = attribute('max-age');
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    path: attribute('path') ?? '/',
    httpOnly: flag('httponly'),
    secure: flag('secure'),
    sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
    ...(maxAge !== undefined && { maxAgeSeconds: Number(maxAge) }),
  };
}

export interface RawResponse {
  status: number;
  headers: Headers;
  setCookies: string[];
  text: string;
}

/** One HTTP request from the given local address (node:http, since fetch cannot choose it). */
export function sendFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
        }
        const setCookies = response.headers['set-cookie'] ?? [];
        resolve({ status: response.statusCode ?? 0, headers, setCookies, text: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

export class ApiClient {
  private readonly cookies = new Map<string, { value: string; path: string }>();
  accessToken?: string;
  /**
   * As the admin's page does (decisions 264 and 265): a 401 is met by a refresh through this path
   * with the client's cookie, then the call again; a money decision answered `step_up_required` is
   * sent again with a code from `stepUp`. Unset, the client shows every answer as it came.
   */
  asAdminPage?: { refreshPath: string; stepUp(): Promise<string> };

  constructor(
    readonly baseUrl: string = stackUrl(),
    /** The client's own address; give two clients the same one to play one device. */
    readonly clientAddress: string = randomClientAddress(),
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    init: { raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    let response = await this.send<T>(method, path, body, init);
    const page = this.asAdminPage;
    if (!page || init.raw !== undefined || path === page.refreshPath) return response;
    if (response.status === 401 && this.cookieHeader(`/api${page.refreshPath}`)) {
      const refreshed = await this.send<{ accessToken: string }>('POST', page.refreshPath, {}, {});
      if (refreshed.status !== 200) return response;
      this.accessToken = refreshed.body.accessToken;
      response = await this.send<T>(method, path, body, init);
    }
    if (response.status === 403 && (response.body as { code?: string }).code === 'step_up_required') {
      // Decisions sent at once wait for one code, as one page asks once: a code opens once.
      if (this.steppingUp) {
        await this.steppingUp;
        return this.send<T>(method, path, body, init);
      }
      const retried = page.stepUp().then((code) => this.send<T>(method, path, { ...(body as object), code }, init));
      this.steppingUp = retried.then(
        () => undefined,
        () => undefined,
      );
      try {
        return await retried;
      } finally {
        this.steppingUp = undefined;
      }
    }
    return response;
  }

  private steppingUp?: Promise<void>;

  private async send<T>(method: string, path: string, body: unknown, init: { raw?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>> {
    const url = `${this.baseUrl}/api${path}`;
    const headers: Record<string, string> = { origin: new URL(this.baseUrl).origin, ...init.headers };
    if (body !== undefined || init.raw !== undefined) headers['content-type'] ??= 'application/json';
    if (this.accessToken) headers.authorization ??= `Bearer ${this.accessToken}`;
    const cookie = this.cookieHeader(`/api${path}`);
    if (cookie) headers.cookie ??= cookie;
    const response = await sendFrom(this.clientAddress, url, { method, headers, body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
    for (const line of response.setCookies) this.store(line);
    let parsed: unknown = response.text;
    try {
      parsed = response.text ? JSON.parse(response.text) : {};
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers, setCookies: response.setCookies };
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
    const { name, value, path, maxAgeSeconds } = parseSetCookie(line);
    if (value === '' || maxAgeSeconds === 0) this.cookies.delete(name);
    else this.cookies.set(name, { value, path });
  }

  private cookieHeader(path: string): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}
