import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import { MSG } from '../../shared/texts';
import type { Account } from '../../shared/schemas/account';
import type { Caller } from './access-token';
import { type Domain, routeKey, routesOf } from '../../shared/routes';
import type { Actions } from './http';
import { Conflict, Contention } from './errors';
import { CONTENTION_MESSAGE, UNHANDLED_ERROR_MESSAGE } from './logger';

const ORIGIN_SECRET = 'unit-test-origin-secret';
const APP_URL = 'https://app.example.com';
const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
vi.stubEnv('ORIGIN_SECRET', ORIGIN_SECRET);
vi.stubEnv('APP_URL', APP_URL);
vi.stubEnv('ACCESS_TOKEN_PUBLIC_KEY', JSON.stringify(publicKey.export({ format: 'jwk' })));
vi.stubEnv('ACCESS_TOKEN_PRIVATE_KEY', JSON.stringify(privateKey.export({ format: 'jwk' })));
const { createDomainHandler } = await import('./http');
const { signAccessToken } = await import('../contexts/accounts/access-token-signer');
const { verifyAccessToken } = await import('./access-token');

const event = (routeKey: string, init: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    routeKey,
    requestContext: { http: { sourceIp: '127.0.0.1' }, requestId: 'r1' },
    ...init,
    headers: { [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET, 'content-type': 'application/json', ...init.headers },
  }) as APIGatewayProxyEventV2;

const IN_AN_HOUR = Math.floor(Date.now() / 1000) + 3600;
const loginBody = JSON.stringify({ email: 'a@b.co', password: 'x' });

/** Every session is open here: what is under test is the token and the request handling around it. */
const openSession = async (caller: Caller) => ({ userId: caller.userId });
type TestAccount = Awaited<ReturnType<typeof openSession>>;

const account = (id: string): Account => ({
  _id: id,
  role: 'user',
  email: 'a@b.co',
  firstName: 'A',
  lastName: 'B',
  favorites: [],
  isActivated: true,
  isBanned: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
/** The test's login action answers what it received, inside the route's typed answer. */
const echoOf = (response: { body?: string }) => JSON.parse(JSON.parse(response.body!).accessToken);

/** The test's actions, and for every other route of the domain one that must not be reached. */
function allActions<D extends Domain>(domain: D, actions: Partial<Actions<D, TestAccount>>): Actions<D, TestAccount> {
  const unreached = async () => {
    throw new Error('this test calls no such route');
  };
  return { ...Object.fromEntries(routesOf(domain).map((route) => [routeKey(route), unreached])), ...actions } as Actions<D, TestAccount>;
}

describe('domain handler', () => {
  const handler = createDomainHandler(
    routesOf('auth'),
    allActions('auth', {
      'POST /api/auth/login': async (request) => ({
        body: { user: account('u1'), accessToken: JSON.stringify({ echoed: request.body, clientIp: request.clientIp }) },
      }),
      'POST /api/auth/register': async () => {
        throw new Conflict(MSG.emailTaken);
      },
      'POST /api/auth/activate': async () => {
        throw new Error('secret internals');
      },
      'POST /api/auth/forgot-password': async () => {
        throw new Contention('a hot item');
      },
      'POST /api/auth/reset-password': async () => {
        // As the SDK throws it once its retries are spent.
        throw Object.assign(new Error('The level of configured provisioned throughput for the table was exceeded.'), {
          name: 'ProvisionedThroughputExceededException',
          $metadata: { httpStatusCode: 400, attempts: 3 },
        });
      },
      'POST /api/auth/logout': async () => {
        // As the SDK throws it when every try's answer was lost on the way (the table may have applied it).
        throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET', $metadata: { attempts: 3, totalRetryDelay: 54 } });
      },
      'GET /api/auth/user': async (request) => ({ body: account(request.caller.userId) }),
    }),
    openSession,
  );

  it('validates the body with the route schema and passes the parsed value on', async () => {
    const ok = await handler(event('POST /api/auth/login', { body: JSON.stringify({ email: ' a@b.co ', password: 'x' }) }));
    expect(echoOf(ok).echoed).toEqual({ email: 'a@b.co', password: 'x' });
    const bad = await handler(event('POST /api/auth/login', { body: '{"email":1' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body!)).toEqual({ msg: MSG.invalidJson, code: 'invalid_json' });
  });

  it('answers only requests that bear the edge’s origin secret', async () => {
    for (const secret of [undefined, '', 'guess', `${ORIGIN_SECRET}x`]) {
      const response = await handler(event('POST /api/auth/login', { body: loginBody, headers: { [ORIGIN_VERIFY_HEADER]: secret } }));
      expect(response.statusCode).toBe(403);
      expect(JSON.parse(response.body!)).toEqual({ msg: MSG.directAccess, code: 'direct_access' });
    }
  });

  it('takes the client address from the edge’s viewer-address header', async () => {
    const response = await handler(event('POST /api/auth/login', { body: loginBody, headers: { 'cloudfront-viewer-address': '203.0.113.7:51234' } }));
    expect(echoOf(response).clientIp).toBe('203.0.113.7');
  });

  it('accepts JSON bodies as application/json only (a cross-site form post cannot log anyone in)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await handler(event('POST /api/auth/login', { body: loginBody, headers: { 'content-type': type } }));
      expect(response.statusCode).toBe(415);
      expect(JSON.parse(response.body!)).toEqual({ msg: MSG.jsonOnly, code: 'unsupported_media_type' });
    }
    expect((await handler(event('POST /api/auth/login', { body: loginBody, headers: { 'content-type': 'application/json; charset=utf-8' } }))).statusCode).toBe(
      200,
    );
  });

  it('refuses a state change from another origin, and one with a cookie that does not prove its origin', async () => {
    const from = (headers: Record<string, string>, cookies?: string[]) => handler(event('POST /api/auth/login', { body: loginBody, headers, cookies }));
    expect((await from({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await from({ 'sec-fetch-site': 'cross-site', origin: APP_URL })).statusCode).toBe(403);
    expect((await from({}, ['__Secure-refreshToken=x'])).statusCode).toBe(403);
    expect((await from({ origin: APP_URL }, ['__Secure-refreshToken=x'])).statusCode).toBe(200);
    expect((await from({ 'sec-fetch-site': 'same-origin' }, ['__Secure-refreshToken=x'])).statusCode).toBe(200);
    // A script or a webhook: no browser, no cookie, no ambient authority to abuse.
    expect((await from({})).statusCode).toBe(200);
  });

  it('refuses two cookies of the same name instead of picking one', async () => {
    const response = await handler(
      event('POST /api/auth/login', { body: loginBody, headers: { origin: APP_URL }, cookies: ['__Secure-refreshToken=a', '__Secure-refreshToken=b'] }),
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body!)).toEqual({ msg: MSG.duplicateCookie, code: 'duplicate_cookie' });
  });

  it('logs an error that becomes a 500 as the counted "Unhandled error" line, with the request and correlation ids', async () => {
    const lines: string[] = [];
    const captures = [process.stdout, process.stderr].map((stream) =>
      vi.spyOn(stream, 'write').mockImplementation((chunk) => {
        lines.push(String(chunk));
        return true;
      }),
    );
    try {
      await handler(
        event('POST /api/auth/activate', { body: JSON.stringify({ token: 'a'.repeat(43), password: 'x' }), headers: { 'x-correlation-id': 'checkout-42' } }),
      );
    } finally {
      for (const capture of captures) capture.mockRestore();
    }
    const logged = lines.map((line) => JSON.parse(line)).find((line) => line.message === UNHANDLED_ERROR_MESSAGE);
    expect(logged).toMatchObject({
      level: 'ERROR',
      requestId: 'r1',
      correlationId: 'checkout-42',
      routeKey: 'POST /api/auth/activate',
      error: { message: 'secret internals' },
    });
  });

  it('maps typed errors to their status and hides unknown errors', async () => {
    const conflict = await handler(event('POST /api/auth/register', { body: JSON.stringify({ name: 'A', email: 'a@b.co', password: '12345678' }) }));
    expect(conflict.statusCode).toBe(409);
    expect(JSON.parse(conflict.body!)).toEqual({ msg: MSG.emailTaken, code: 'conflict' });
    const crash = await handler(event('POST /api/auth/activate', { body: JSON.stringify({ token: 'a'.repeat(43), password: 'x' }) }));
    expect(crash.statusCode).toBe(500);
    expect(JSON.parse(crash.body!)).toEqual({ msg: MSG.serverError, code: 'internal' });
  });

  it('asks to try again shortly when writes kept contending, and logs it to be counted', async () => {
    const lines: string[] = [];
    const capture = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    const captures = [process.stdout, process.stderr].map((stream) => vi.spyOn(stream, 'write').mockImplementation(capture));
    try {
      const busy = await handler(event('POST /api/auth/forgot-password', { body: JSON.stringify({ email: 'a@b.co' }) }));
      expect(busy.statusCode).toBe(503);
      expect(busy.headers?.['retry-after']).toBe('1');
      expect(JSON.parse(busy.body!)).toEqual({ msg: MSG.busy, code: 'contention' });
    } finally {
      for (const capture of captures) capture.mockRestore();
    }
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(expect.objectContaining({ level: 'WARN', message: CONTENTION_MESSAGE, what: 'a hot item' }));
  });

  it('asks to try again shortly when the table kept throttling or could not be reached, and logs it as an unhandled error to be counted', async () => {
    const lines: string[] = [];
    const captures = [process.stdout, process.stderr].map((stream) =>
      vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
        lines.push(String(chunk));
        return true;
      }),
    );
    try {
      const throttled = await handler(event('POST /api/auth/reset-password', { body: JSON.stringify({ token: 'a'.repeat(43), password: 'long-enough-1' }) }));
      const unreachable = await handler(event('POST /api/auth/logout', { body: '{}' }));
      for (const busy of [throttled, unreachable]) {
        expect(busy.statusCode).toBe(503);
        expect(busy.headers?.['retry-after']).toBe('1');
        expect(JSON.parse(busy.body!)).toEqual({ msg: MSG.busy, code: 'unavailable' });
      }
    } finally {
      for (const capture of captures) capture.mockRestore();
    }
    const unhandled = lines.map((line) => JSON.parse(line)).filter((line) => line.level === 'ERROR' && line.message === UNHANDLED_ERROR_MESSAGE);
    expect(unhandled.map((line) => line.routeKey)).toEqual(['POST /api/auth/reset-password', 'POST /api/auth/logout']);
  });

  it('still answers 500 to a lost connection that did not come through the SDK', async () => {
    const plain = createDomainHandler(
      routesOf('auth'),
      allActions('auth', {
        'POST /api/auth/logout': async () => {
          throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        },
      }),
      openSession,
    );
    const crash = await plain(event('POST /api/auth/logout', { body: '{}' }));
    expect(crash.statusCode).toBe(500);
    expect(JSON.parse(crash.body!)).toEqual({ msg: MSG.serverError, code: 'internal' });
  });

  it('answers 404 for a route of another domain', async () => {
    expect((await handler(event('GET /api/offers/all'))).statusCode).toBe(404);
  });

  it('treats a missing or forged token as no caller', async () => {
    expect((await handler(event('GET /api/auth/user'))).statusCode).toBe(401);
    const forged = `${(await signAccessToken({ userId: 'u1', role: 'user', sessionId: 's1', kind: 'user' }, IN_AN_HOUR)).slice(0, -4)}AAAA`;
    expect((await handler(event('GET /api/auth/user', { headers: { authorization: `Bearer ${forged}` } }))).statusCode).toBe(401);
  });

  it('answers 404 for an overlong path parameter instead of reaching the table with it', async () => {
    const offers = createDomainHandler(
      routesOf('catalogue'),
      allActions('catalogue', { 'GET /api/offers/professor/{id}/reviews': async () => ({ body: [] }) }),
      openSession,
    );
    expect((await offers(event('GET /api/offers/professor/{id}/reviews', { pathParameters: { id: 'a'.repeat(36) } }))).statusCode).toBe(200);
    expect((await offers(event('GET /api/offers/professor/{id}/reviews', { pathParameters: { id: 'a'.repeat(3000) } }))).statusCode).toBe(404);
  });

  it('refuses an action for a route that is not in the table', () => {
    // The typecheck refuses it too; a handler built from untyped code must still fail at start.
    expect(() => createDomainHandler(routesOf('auth'), { 'GET /api/nope': async () => ({}) } as never, openSession)).toThrow(/not a auth route/);
  });

  it('refuses to start without an action for every route of its domain', () => {
    const { 'POST /api/auth/contact': _contact, ...withoutContact } = allActions('auth', {});
    expect(() => createDomainHandler(routesOf('auth'), withoutContact as never, openSession)).toThrow(/no action for POST \/api\/auth\/contact$/);
  });
});

describe('access tokens', () => {
  it('verify with the public key and name the session and its kind', async () => {
    const token = await signAccessToken({ userId: 'u1', role: 'professor', sessionId: 's1', kind: 'user' }, IN_AN_HOUR);
    expect(token.split('.')[0]).toBe(Buffer.from(JSON.stringify({ alg: 'ES256' })).toString('base64url'));
    expect(await verifyAccessToken(token)).toEqual({ userId: 'u1', role: 'professor', sessionId: 's1', kind: 'user' });
  });

  it('never outlive their session’s end', async () => {
    const sessionEndsAt = Math.floor(Date.now() / 1000) + 60;
    const token = await signAccessToken({ userId: 'u1', role: 'user', sessionId: 's1', kind: 'user' }, sessionEndsAt);
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp).toBe(sessionEndsAt);
  });

  it('never pair an admin role with a user session or the reverse', async () => {
    expect(await verifyAccessToken(await signAccessToken({ userId: 'u1', role: 'admin', sessionId: 's1', kind: 'user' }, IN_AN_HOUR))).toBeUndefined();
    expect(await verifyAccessToken(await signAccessToken({ userId: 'u1', role: 'user', sessionId: 's1', kind: 'admin' }, IN_AN_HOUR))).toBeUndefined();
  });

  it('refuse an HMAC token, even one signed with the public key as its secret (algorithm confusion)', async () => {
    const { SignJWT } = await import('jose');
    const hmac = await new SignJWT({ role: 'admin', sid: 's1', kind: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('marketplace')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(process.env.ACCESS_TOKEN_PUBLIC_KEY));
    expect(await verifyAccessToken(hmac)).toBeUndefined();
  });
});
