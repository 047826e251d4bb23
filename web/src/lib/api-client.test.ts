import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorText } from './api-client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const bearer = (init: RequestInit) => (init.headers as Record<string, string>).authorization;

/** A stubbed network: the browser boundary of the client. */
function network(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, count: (suffix: string) => calls.filter((c) => c.url.endsWith(suffix)).length };
}

describe('api client', () => {
  it('calls a route of the table by its key, with its path parameters, query string and body', async () => {
    const net = network(() => json(200, []));
    const client = createApiClient({ fetch: net.fetch });
    await client.call('GET /api/user/professors', { query: { q: 'claire dubois', page: 2, minRating: undefined, sort: '' } });
    await client.call('PATCH /api/offers/update/{id}', { params: { id: 'a/b' }, body: { title: 'A new title here', description: 'A new description.', price: 10, lessonType: 'Document' } });
    expect(net.calls.map((c) => [c.init.method, c.url])).toEqual([
      ['GET', '/api/user/professors?q=claire+dubois&page=2'],
      ['PATCH', '/api/offers/update/a%2Fb'],
    ]);
    expect(JSON.parse(String(net.calls[1].init.body))).toMatchObject({ title: 'A new title here', price: 10 });
  });

  it('sends JSON with credentials and the bearer token once one is set', async () => {
    const net = network(() => json(200, { ok: true }));
    const client = createApiClient({ fetch: net.fetch });
    await client.post('/auth/contact', { a: 1 });
    client.setAccessToken('t1');
    await client.get('/auth/user');
    expect(net.calls[0].init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(bearer(net.calls[0].init)).toBeUndefined();
    expect(bearer(net.calls[1].init)).toBe('Bearer t1');
  });

  it('makes concurrent 401s share ONE refresh and retries each with the new token', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const net = network(async (url, init) => {
      if (url.endsWith('/auth/refresh-token')) {
        await refreshGate;
        return json(200, { accessToken: 'fresh' });
      }
      return bearer(init) === 'Bearer fresh' ? json(200, { url }) : json(401, { msg: 'expired' });
    });
    const client = createApiClient({ fetch: net.fetch });
    client.setAccessToken('stale');
    const results = Promise.all([client.get('/chats'), client.get('/user/favorites'), client.get('/auth/user')]);
    await vi.waitFor(() => expect(net.count('/auth/refresh-token')).toBe(1));
    releaseRefresh();
    expect(await results).toEqual([{ url: '/api/chats' }, { url: '/api/user/favorites' }, { url: '/api/auth/user' }]);
    expect(net.count('/auth/refresh-token')).toBe(1);
    const retries = net.calls.filter((c) => !c.url.endsWith('/refresh-token') && bearer(c.init) === 'Bearer fresh');
    expect(retries).toHaveLength(3);
  });

  it('retries a late 401 with the token another request already refreshed, without a second refresh', async () => {
    let slowRelease!: () => void;
    const slow = new Promise<void>((resolve) => (slowRelease = resolve));
    const net = network(async (url, init) => {
      if (url.endsWith('/auth/refresh-token')) return json(200, { accessToken: 'fresh' });
      if (url.endsWith('/slow') && bearer(init) === 'Bearer stale') await slow;
      return bearer(init) === 'Bearer fresh' ? json(200, {}) : json(401, {});
    });
    const client = createApiClient({ fetch: net.fetch });
    client.setAccessToken('stale');
    const late = client.get('/slow');
    await client.get('/fast');
    slowRelease();
    await late;
    expect(net.count('/auth/refresh-token')).toBe(1);
  });

  it('rejects every waiting request when the refresh fails, and tells the session', async () => {
    const lost = vi.fn();
    const net = network((url) => (url.endsWith('/auth/refresh-token') ? json(401, { msg: 'no session' }) : json(401, { msg: 'expired' })));
    const client = createApiClient({ fetch: net.fetch, onSessionLost: lost });
    client.setAccessToken('stale');
    const outcomes = await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const o of outcomes) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(net.count('/auth/refresh-token')).toBe(1);
    expect(net.calls.filter((c) => !c.url.endsWith('/refresh-token'))).toHaveLength(3);
    expect(lost).toHaveBeenCalled();
    expect(client.hasAccessToken()).toBe(false);
  });

  it('never refreshes for a 401 from login or refresh calls', async () => {
    const net = network(() => json(401, { msg: 'Invalid email or password' }));
    const client = createApiClient({ fetch: net.fetch });
    await expect(client.post('/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toThrow('Invalid email or password');
    await expect(client.post('/admin/auth/login', {})).rejects.toBeInstanceOf(ApiError);
    await expect(client.refresh()).rejects.toBeInstanceOf(ApiError);
    await expect(client.post('/admin/auth/refresh-token')).rejects.toBeInstanceOf(ApiError);
    expect(net.calls.map((c) => c.url)).toEqual(['/api/auth/login', '/api/admin/auth/login', '/api/auth/refresh-token', '/api/admin/auth/refresh-token']);
  });

  it('retries only once: a second 401 after the refresh is the answer', async () => {
    const net = network((url) => (url.endsWith('/refresh-token') ? json(200, { accessToken: 'fresh' }) : json(401, { msg: 'still no' })));
    const client = createApiClient({ fetch: net.fetch });
    await expect(client.get('/x')).rejects.toThrow('still no');
    expect(net.count('/x')).toBe(2);
    expect(net.count('/refresh-token')).toBe(1);
  });

  it('refreshes on the admin endpoint for an admin session', async () => {
    const net = network((url, init) => (url.endsWith('/admin/auth/refresh-token') ? json(200, { accessToken: 'adm' }) : bearer(init) === 'Bearer adm' ? json(200, {}) : json(401, {})));
    const client = createApiClient({ fetch: net.fetch });
    client.setSessionKind('admin');
    await client.get('/admin/statistics');
    expect(net.count('/admin/auth/refresh-token')).toBe(1);
  });

  it('surfaces the server msg, the joined errors for registration, else the fallback', () => {
    const validation = new ApiError(400, { msg: 'Validation failed', errors: [{ msg: 'Name is required' }, { msg: 'Invalid email address' }] });
    expect(errorText(validation)).toBe('Validation failed');
    expect(errorText(validation, undefined, { joinErrors: true })).toBe('Name is required\nInvalid email address');
    expect(errorText(new ApiError(500, {}))).toBe('An error occurred');
    expect(errorText(new TypeError('offline'), 'Activation failed')).toBe('Activation failed');
  });
});
