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
    await client.call('PATCH /api/offers/update/{id}', {
      params: { id: 'a/b' },
      body: { title: 'A new title here', description: 'A new description.', price: 10, lessonType: 'Document' },
    });
    expect(net.calls.map((c) => [c.init.method, c.url])).toEqual([
      ['GET', '/api/user/professors?q=claire+dubois&page=2'],
      ['PATCH', '/api/offers/update/a%2Fb'],
    ]);
    expect(JSON.parse(String(net.calls[1].init.body))).toMatchObject({ title: 'A new title here', price: 10 });
  });

  it('sends JSON with credentials and the bearer token once one is set', async () => {
    const net = network(() => json(200, { ok: true }));
    const client = createApiClient({ fetch: net.fetch });
    await client.call('POST /api/auth/contact', { body: { firstName: 'A', lastName: 'B', email: 'a@b.co', message: 'Hello' } });
    client.setAccessToken('t1');
    await client.call('GET /api/auth/user');
    expect(net.calls[0].init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"firstName":"A","lastName":"B","email":"a@b.co","message":"Hello"}',
    });
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
    const results = Promise.all([client.call('GET /api/chats'), client.call('GET /api/user/favorites'), client.call('GET /api/auth/user')]);
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
      if (url.endsWith('/chats') && bearer(init) === 'Bearer stale') await slow;
      return bearer(init) === 'Bearer fresh' ? json(200, {}) : json(401, {});
    });
    const client = createApiClient({ fetch: net.fetch });
    client.setAccessToken('stale');
    const late = client.call('GET /api/chats');
    await client.call('GET /api/chats/unread-count');
    slowRelease();
    await late;
    expect(net.count('/auth/refresh-token')).toBe(1);
  });

  it('rejects every waiting request when the refresh fails, and tells the session', async () => {
    const lost = vi.fn();
    const net = network((url) => (url.endsWith('/auth/refresh-token') ? json(401, { msg: 'no session' }) : json(401, { msg: 'expired' })));
    const client = createApiClient({ fetch: net.fetch, onSessionLost: lost });
    client.setAccessToken('stale');
    const outcomes = await Promise.allSettled([client.call('GET /api/chats'), client.call('GET /api/user/favorites'), client.call('GET /api/auth/user')]);
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
    await expect(client.call('POST /api/auth/login', { body: { email: 'a@b.co', password: 'x' } })).rejects.toThrow('Invalid email or password');
    await expect(client.call('POST /api/admin/auth/login', { body: { email: 'a@b.co', password: 'x', code: '123456' } })).rejects.toBeInstanceOf(ApiError);
    await expect(client.refresh()).rejects.toBeInstanceOf(ApiError);
    client.setSessionKind('admin');
    await expect(client.refresh()).rejects.toBeInstanceOf(ApiError);
    expect(net.calls.map((c) => c.url)).toEqual(['/api/auth/login', '/api/admin/auth/login', '/api/auth/refresh-token', '/api/admin/auth/refresh-token']);
  });

  it('retries only once: a second 401 after the refresh is the answer', async () => {
    const net = network((url) => (url.endsWith('/refresh-token') ? json(200, { accessToken: 'fresh' }) : json(401, { msg: 'still no' })));
    const client = createApiClient({ fetch: net.fetch });
    await expect(client.call('GET /api/chats')).rejects.toThrow('still no');
    expect(net.count('/chats')).toBe(2);
    expect(net.count('/refresh-token')).toBe(1);
  });

  it('refreshes on the admin endpoint for an admin session', async () => {
    const net = network((url, init) =>
      url.endsWith('/admin/auth/refresh-token') ? json(200, { accessToken: 'adm' }) : bearer(init) === 'Bearer adm' ? json(200, {}) : json(401, {}),
    );
    const client = createApiClient({ fetch: net.fetch });
    client.setSessionKind('admin');
    await client.call('GET /api/admin/statistics');
    expect(net.count('/admin/auth/refresh-token')).toBe(1);
  });

  it('types path parameters from the route: a missing one, or one a route does not have, fails to compile', async () => {
    const net = network(() => json(200, {}));
    const client = createApiClient({ fetch: net.fetch });
    // @ts-expect-error the offer's id is missing
    await client.call('GET /api/offers/{id}');
    // @ts-expect-error the offer's id is missing
    await client.call('GET /api/offers/{id}', { params: {} });
    // @ts-expect-error a route without parameters takes none
    await client.call('GET /api/chats', { params: { id: 'c1' } });
    await client.call('DELETE /api/user/favorites/{offerId}', { params: { offerId: 'o1' } });
    expect(net.calls.at(-1)?.url).toBe('/api/user/favorites/o1');
  });

  it('gives the stable code of an error answer, and none for a network failure', async () => {
    const answered = createApiClient({ fetch: network(() => json(403, { msg: 'Not your offer', code: 'not_your_offer' })).fetch });
    const refused = await answered.call('DELETE /api/offers/delete/{id}', { params: { id: 'o1' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('not_your_offer');
    const offline = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const failed = await offline.call('GET /api/chats').catch((error: unknown) => error);
    expect((failed as ApiError).status).toBe(0);
    expect((failed as ApiError).code).toBeUndefined();
  });

  it('surfaces the server msg, the joined errors for registration, else the fallback', () => {
    const validation = new ApiError(400, { msg: 'Validation failed', errors: [{ msg: 'Name is required' }, { msg: 'Invalid email address' }] });
    expect(errorText(validation)).toBe('Validation failed');
    expect(errorText(validation, undefined, { joinErrors: true })).toBe('Name is required\nInvalid email address');
    expect(errorText(new ApiError(500, {}))).toBe('An error occurred');
    expect(errorText(new TypeError('offline'), 'Activation failed')).toBe('Activation failed');
  });
});
