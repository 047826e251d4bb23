/**
 * Hostile query strings, path parameters and refresh cookies on every route that takes them,
 * generated with fast-check: never a 5xx, and every refusal names a message of shared/texts.ts and
 * a stable code. Bodies: bad-input.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../../shared/routes';
import { ApiClient } from '../support/api';
import { callerTokens, codeOf, controlCharacterCases, fieldNames, KNOWN_MESSAGES, nasty } from '../support/bad-input';
import { allowedCaller, clientFor, concretePath } from '../support/route-calls';
import { ERROR_CODES } from '../../shared/error-codes';

const tokens = callerTokens();

describe('hostile query strings', () => {
  const queryRoutes = ROUTES.filter((route) => route.query);
  it.each(queryRoutes.map((route) => ({ route, key: routeKey(route) })))('$key never answers 5xx and names what is wrong', async ({ route }) => {
    const client = clientFor(tokens, allowedCaller(route));
    const names = fieldNames(route.query!);
    const values = fc.oneof(
      nasty,
      fc.string({ maxLength: 60 }),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom('1', '2', '50', '4.5', 'new', 'rating', 'a b', '%', '&'),
    );
    await fc.assert(
      fc.asyncProperty(fc.record(Object.fromEntries(names.map((name) => [name, values])), { requiredKeys: [] }), async (query) => {
        const response = await client.request('GET', `${concretePath(route)}?${new URLSearchParams(query as Record<string, string>)}`);
        expect(response.status, JSON.stringify({ query, body: response.body })).toBeLessThan(500);
        if (response.status >= 400) expect(KNOWN_MESSAGES.has((response.body as { msg?: string }).msg as string), JSON.stringify(response.body)).toBe(true);
        if (response.status >= 400) expect(ERROR_CODES).toContain(codeOf(response.body));
      }),
      { numRuns: 25 },
    );
  });
});

/** Every query parameter of free text refuses the control characters its text may not hold, named by its message (bodies: bad-input.test.ts). */
describe('control characters in query strings', () => {
  const cases = ROUTES.filter((route) => route.query).flatMap((route) =>
    controlCharacterCases(route.query!).map((entry) => ({ route, key: routeKey(route), ...entry })),
  );
  it.each(cases)('$key refuses $controls in $field, text of $lines line(s)', async ({ route, field, value, message }) => {
    const response = await clientFor(tokens, allowedCaller(route)).request(
      route.method,
      `${concretePath(route)}?${new URLSearchParams({ [field]: String(value) })}`,
    );
    expect(response, JSON.stringify(response.body)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: expect.arrayContaining([{ msg: message }]) },
    });
  });
});

describe('hostile paths and cookies', () => {
  const withParameters = ROUTES.filter((route) => route.path.includes('{'));
  it.each(withParameters.map((route) => ({ route, key: routeKey(route) })))('$key never answers 5xx for odd path parameters', async ({ route }) => {
    const client = clientFor(tokens, allowedCaller(route));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom('x'.repeat(3000), '..', '%2e%2e', '-1', '1e309', '__proto__')),
        async (value) => {
          const path = route.path.replace(/\{\w+\}/g, encodeURIComponent(value));
          const response = await client.request(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
          expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
          if (response.status >= 400) expect(ERROR_CODES).toContain(codeOf(response.body));
        },
      ),
      { numRuns: 10 },
    );
  });

  it.each(['/auth/refresh-token', '/auth/logout', '/admin/auth/refresh-token', '/admin/auth/logout'])(
    'POST %s never answers 5xx for any cookie',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 300 }), async (value) => {
          const response = await new ApiClient().request(
            'POST',
            path,
            {},
            { headers: { cookie: `__Secure-refreshToken=${encodeURIComponent(value)}; __Secure-adminRefreshToken=${encodeURIComponent(value)}` } },
          );
          expect(response.status).toBeLessThan(500);
        }),
        { numRuns: 25 },
      );
    },
  );
});
