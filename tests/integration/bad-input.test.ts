/**
 * Generated from the route schemas with fast-check: every JSON route receives bodies shaped like
 * its schema but with arbitrary values, arbitrary JSON, and text that is not JSON. It must never
 * answer 5xx, must name the problem with a message of shared/texts.ts and a stable code, and a
 * refused body must not change the table. Query strings, path parameters and cookies:
 * bad-input-paths.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import { ROUTES, routeKey } from '../../shared/routes';
import { callerTokens, codeOf, controlCharacterCases, fieldNames, KNOWN_MESSAGES, nasty } from '../support/bad-input';
import { allowedCaller, clientFor, concretePath } from '../support/route-calls';
import { itemKeys, totalItemCount } from '../support/table';
import { eventKey, mailSentKey, providerEventKey } from '../../functions/platform/keys';
import { ERROR_CODES } from '../../shared/error-codes';
import { onStackOfItsOwn } from '../support/own-stack';

/**
 * Its table holds the seed only: it compares the table's keys around each of its ~1,000 samples, which
 * on the slot's stack meant scanning what every earlier file of the slot had written, and waiting for
 * their consumers and the local Stripe's retries first (150-400 s of a CI run, 35 s alone). The seed
 * of the logins, without the rest of the catalogue, which no route here reads (decision 234): each
 * scan reads a fraction of the whole demo's items.
 */
onStackOfItsOwn('bad input stack', { seeded: 'logins' });
const tokens = callerTokens();

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
 * notifications function's mail claims, the webhook's processed provider events (an accepted
 * withdrawal is mailed, an onboarding's account is announced, while later samples run) and the
 * events with which the jobs function ends the data exports that accepted `POST /user/export`s
 * asked for. Event items are only ever written in the transaction of the change they announce, so
 * a refused body that stored a change still shows by the change's own item.
 */
const storedItems = () => itemKeys({ except: [mailSentKey('', '').pk, providerEventKey('').pk, eventKey('').pk] });
/**
 * The table's counts: `total` (every partition, DynamoDB Local's exact ItemCount, a few ms) taken
 * before `stored` (storedItems, a scan of the whole table, tens of ms: it was most of this file's
 * time). The consumers only add items, so while the total stays as it was, what storedItems holds
 * cannot have grown: a refused sample that leaves the total as it was needs no scan. When the total
 * moved (a consumer's write, or a refused body that stored something), storedItems is read and must
 * hold the known keys exactly: what was added or removed is named. Any other answer that leaves the
 * total as it was (a 401, 403, 404 or 409 of a call that found nothing to do) leaves the counts as
 * they were too, so the next sample starts from them without a scan; one that moved it is counted
 * afresh. What the total alone cannot tell, a call removing an item while a consumer adds one, still
 * shows at the route's next scan: the known keys carry on from sample to sample.
 */
interface Counts {
  total: number;
  /** The keys storedItems holds: a refusal that stored something is named by its keys. */
  stored: Set<string>;
}
const counts = async (): Promise<Counts> => {
  const total = await totalItemCount();
  return { total, stored: await storedItems() };
};
/**
 * Every field of free text refuses the control characters its text may not hold
 * (shared/control-characters.ts), named by the field's message, before anything is stored; the
 * fields are found from the route's schema (support/bad-input.ts). First in the file: the table is
 * settled, so the total item count alone shows a write.
 */
describe('control characters', () => {
  const cases = jsonRoutes.flatMap((route) => controlCharacterCases(route.body!).map((entry) => ({ route, key: routeKey(route), ...entry })));
  it.each(cases)('$key refuses $controls in $field, text of $lines line(s)', async ({ route, field, value, message }) => {
    const before = await totalItemCount();
    const response = await clientFor(tokens, allowedCaller(route)).request(route.method, concretePath(route), { [field]: value });
    expect(response, JSON.stringify(response.body)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: expect.arrayContaining([{ msg: message }]) },
    });
    expect(await totalItemCount()).toBe(before);
  });
});

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
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
        if (response.status >= 400) expect(KNOWN_MESSAGES.has(msg as string), `unexpected message ${JSON.stringify(msg)}`).toBe(true);
        if (response.status >= 400) expect(ERROR_CODES).toContain(codeOf(response.body));
        const total = await totalItemCount();
        if (response.status === 400) {
          if (total !== before.total) {
            const stored = await storedItems();
            const added = [...stored].filter((key) => !before.stored.has(key));
            const removed = [...before.stored].filter((key) => !stored.has(key));
            expect({ added, removed }).toEqual({ added: [], removed: [] });
          }
          known = { total, stored: before.stored };
        } else if (total === before.total) known = before;
      }),
      { numRuns: 15 },
    );
  });
});
