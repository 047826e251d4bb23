import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages';
import { Conflict } from './errors';

vi.stubEnv('JWT_SECRET', 'unit-test-secret-unit-test-secret');
const { createDomainHandler } = await import('./http');
const { signAccessToken } = await import('./access-token');

const event = (routeKey: string, init: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({ routeKey, headers: {}, requestContext: { http: { sourceIp: '127.0.0.1' } }, ...init }) as APIGatewayProxyEventV2;

describe('domain handler', () => {
  const handler = createDomainHandler('auth', {
    'POST /api/auth/login': async (request) => ({ body: { echoed: request.body } }),
    'POST /api/auth/register': async () => {
      throw new Conflict(MSG.emailTaken);
    },
    'POST /api/auth/activate': async () => {
      throw new Error('secret internals');
    },
    'GET /api/auth/user': async (request) => ({ body: { caller: request.caller } }),
  });

  it('validates the body with the route schema and passes the parsed value on', async () => {
    const ok = await handler(event('POST /api/auth/login', { body: JSON.stringify({ email: ' a@b.co ', password: 'x' }) }));
    expect(JSON.parse(ok.body!)).toEqual({ echoed: { email: 'a@b.co', password: 'x' } });
    const bad = await handler(event('POST /api/auth/login', { body: '{"email":1' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body!)).toEqual({ msg: MSG.invalidJson });
  });

  it('maps typed errors to their status and hides unknown errors', async () => {
    const conflict = await handler(event('POST /api/auth/register', { body: JSON.stringify({ name: 'A', email: 'a@b.co', password: '12345678' }) }));
    expect(conflict.statusCode).toBe(409);
    expect(JSON.parse(conflict.body!)).toEqual({ msg: MSG.emailTaken });
    const crash = await handler(event('POST /api/auth/activate', { body: JSON.stringify({ token: 'a'.repeat(43) }) }));
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('secret internals');
  });

  it('answers 501 for a route of the table without an action yet, and 404 for a foreign route', async () => {
    const later = await handler(event('POST /api/auth/contact', { body: JSON.stringify({ firstName: 'A', lastName: 'B', email: 'a@b.co', message: 'm' }) }));
    expect(later.statusCode).toBe(501);
    expect((await handler(event('GET /api/offers/all'))).statusCode).toBe(404);
  });

  it('authenticates the bearer token before anything else', async () => {
    expect((await handler(event('GET /api/auth/user'))).statusCode).toBe(401);
    const token = await signAccessToken({ userId: 'u1', role: 'user', sessionId: 's1' });
    const response = await handler(event('GET /api/auth/user', { headers: { authorization: `Bearer ${token}` } }));
    expect(JSON.parse(response.body!)).toEqual({ caller: { userId: 'u1', role: 'user', sessionId: 's1' } });
  });

  it('answers 404 for an overlong path parameter instead of reaching the table with it', async () => {
    const offers = createDomainHandler('offers', { 'GET /api/offers/{id}': async () => ({ body: { found: true } }) });
    expect((await offers(event('GET /api/offers/{id}', { pathParameters: { id: 'a'.repeat(36) } }))).statusCode).toBe(200);
    expect((await offers(event('GET /api/offers/{id}', { pathParameters: { id: 'a'.repeat(3000) } }))).statusCode).toBe(404);
  });

  it('refuses an action for a route that is not in the table', () => {
    expect(() => createDomainHandler('auth', { 'GET /api/nope': async () => ({}) })).toThrow(/not a auth route/);
  });
});
