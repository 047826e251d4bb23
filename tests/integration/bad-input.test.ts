/**
 * Generated from the route schemas with fast-check: every JSON route receives bodies shaped like
 * its schema but with arbitrary values, arbitrary JSON, and text that is not JSON. It must never
 * answer 5xx (routes of later issues answer 501 once the body is valid), must name the problem
 * with a message of shared/messages.ts, and a refused body must not change the table. Odd path
 * parameters and refresh cookies must never answer 5xx either.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import { MSG } from '../../shared/texts';
import { ROUTES, routeKey } from '../../shared/routes';
import { signedInAs } from '../support/accounts';
import { ApiClient } from '../support/api';
import { allowedCaller, type Caller, clientFor, concretePath } from '../support/route-calls';
import { countItems, totalItemCount } from '../support/table';
import { mailSentKey, providerEventKey } from '../../functions/platform/keys';
import { ERROR_CODES } from '../../shared/error-codes';

const KNOWN_MESSAGES = new Set<string>(Object.values(MSG));
const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  tokens.user = (await signedInAs('student')).accessToken;
  tokens.professor = (await signedInAs('professor')).accessToken;
  tokens.admin = (await signedInAs('admin')).accessToken;
});

/** The field names a body schema knows, through optional, union and pipe wrappers. */
function fieldNames(schema: ZodMiniType): string[] {
  const def = (
    schema as unknown as { def: { type: string; shape?: Record<string, unknown>; innerType?: ZodMiniType; options?: ZodMiniType[]; in?: ZodMiniType } }
  ).def;
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'optional' || def.type === 'default') return fieldNames(def.innerType!);
  if (def.type === 'union') return [...new Set(def.options!.flatMap(fieldNames))];
  if (def.type === 'pipe') return fieldNames(def.in!);
  return [];
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '<script>alert(1)</script>',
  '<b>x</b>',
  'a'.repeat(5000),
  'user@example.com',
  'ab',
  '0',
  '-1',
  'null',
  '{"$gt":""}',
  '\u0000',
  '😀'.repeat(30),
  'Corporate',
);
const anyValue = fc.oneof(
  nasty,
  fc.string({ maxLength: 60 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

type Sample = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

function bodies(schema: ZodMiniType): fc.Arbitrary<Sample> {
  const names = fieldNames(schema);
  const shaped = fc.record(Object.fromEntries(names.map((name) => [name, anyValue])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((value): Sample => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value): Sample => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 40 })
        .filter(isNotJson)
        .map((text): Sample => ({ kind: 'raw', text })),
    },
  );
}

function isNotJson(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

const jsonRoutes = ROUTES.filter((route) => route.body);
/**
 * What the table holds, but for what asynchronous consumers write about earlier accepted calls: the
 * notifications function's mail claims and the webhook's processed provider events (an accepted
 * withdrawal is mailed, an onboarding's account is announced, while later samples run).
 */
const storedItems = () => countItems({ except: [mailSentKey('', '').pk, providerEventKey('').pk] });
/**
 * The table's counts: `total` (every partition, DynamoDB Local's exact ItemCount, a few ms) taken
 * before `stored` (storedItems, a scan of the whole table, tens of ms: it was most of this file's
 * time). The consumers only add items, so while the total stays as it was, what storedItems counts
 * cannot have grown: a refused sample that leaves the total as it was needs no scan. When the total
 * moved (a consumer's write, or a refused body that stored something), storedItems is counted and
 * must equal the known count, exactly as before. What the total alone cannot tell, a refused body
 * removing an item while a consumer adds one, still shows at the route's next scan: the known count
 * carries on from sample to sample.
 */
interface Counts {
  total: number;
  stored: number;
}
const counts = async (): Promise<Counts> => {
  const total = await totalItemCount();
  return { total, stored: await storedItems() };
};
/** Every refusal names its outcome with a stable code, whatever the text says. */
const codeOf = (body: unknown) => (body as { code?: unknown }).code;

describe('bad input', () => {
  it.each(jsonRoutes.map((route) => ({ route, key: routeKey(route) })))('$key never answers 5xx and stores nothing it refuses', async ({ route }) => {
    const client = clientFor(tokens, allowedCaller(route));
    // A refused sample stored nothing (checked below), so its counts are the next sample's starting point.
    let known: Counts | undefined;
    await fc.assert(
      fc.asyncProperty(bodies(route.body!), async (sample) => {
        const before = known ?? (await counts());
        known = undefined;
        const response = await client.request(route.method, concretePath(route), undefined, {
          raw: sample.kind === 'raw' ? sample.text : JSON.stringify(sample.value),
        });
        const msg = (response.body as { msg?: unknown }).msg;
        if (response.status === 501) {
          expect(msg).toBe(MSG.notImplemented);
          return;
        }
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
        if (response.status >= 400) expect(KNOWN_MESSAGES.has(msg as string), `unexpected message ${JSON.stringify(msg)}`).toBe(true);
        if (response.status >= 400) expect(ERROR_CODES).toContain(codeOf(response.body));
        if (response.status === 400) {
          const total = await totalItemCount();
          if (total !== before.total) expect(await storedItems()).toBe(before.stored);
          known = { total, stored: before.stored };
        }
      }),
      { numRuns: 15 },
    );
  });
});

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
          if (response.status !== 501) expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
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
