/**
 * Generated from the route schemas with fast-check: every JSON route receives bodies shaped like
 * its schema but with arbitrary values, arbitrary JSON, and text that is not JSON. It must never
 * answer 5xx, must name the problem with a message of shared/texts.ts and a stable code, and a
 * refused body must not change the table. Query strings, path parameters and cookies:
 * bad-input-paths.test.ts.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import { ROUTES, routeKey } from '../../shared/routes';
import { callerTokens, codeOf, controlCharacterCases, fieldNames, KNOWN_MESSAGES, nasty } from '../support/bad-input';
import { allowedCaller, clientFor, concretePath } from '../support/route-calls';
import { type TableChange, tableChanges } from '../support/table';
import { DATA_EXPORT_SK, eventKey, mailSentKey, providerEventKey } from '../../functions/platform/keys';
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

/** The table's changes as its stream records them, from the moment the file's callers are signed in. */
let changes: Awaited<ReturnType<typeof tableChanges>>;
beforeAll(async () => {
  changes = await tableChanges();
});
/**
 * Items asynchronous consumers write about earlier accepted calls while later samples run: the
 * notifications function's mail claims, the webhook's processed provider events (an accepted
 * withdrawal is mailed, an onboarding's account is announced), and the events with which the jobs
 * function ends the data exports accepted `POST /user/export`s asked for. Event items are only ever
 * written in the transaction of the change they announce, so a refused body that stored a change
 * still shows by the change's own item.
 */
const CONSUMERS_PARTITIONS = [mailSentKey('', '').pk, providerEventKey('').pk, eventKey('').pk];
/**
 * A consumer's write, by its key; the jobs function also moves an accepted export's request on
 * (building, then ready), an update of that member's export item.
 */
const isConsumers = ({ event, key }: TableChange) =>
  CONSUMERS_PARTITIONS.some((prefix) => key.startsWith(prefix)) || (event === 'MODIFY' && key.startsWith('USER#') && key.endsWith(` ${DATA_EXPORT_SK}`));
/**
 * What the table's stream shows since the previous read, but for the consumers' writes: every item a
 * call added, updated or removed, named by its key. A refused body must have changed nothing, not
 * only left the number of items as it was.
 */
const changedSince = async () => (await changes.since()).filter((change) => !isConsumers(change)).map(({ event, key }) => `${event} ${key}`);

/**
 * Every field of free text refuses the control characters its text may not hold
 * (shared/control-characters.ts), named by the field's message, before anything is stored; the
 * fields are found from the route's schema (support/bad-input.ts).
 */
describe('control characters', () => {
  const cases = jsonRoutes.flatMap((route) => controlCharacterCases(route.body!).map((entry) => ({ route, key: routeKey(route), ...entry })));
  it.each(cases)('$key refuses $controls in $field, text of $lines line(s)', async ({ route, field, value, message }) => {
    await changes.since();
    const response = await clientFor(tokens, allowedCaller(route)).request(route.method, concretePath(route), { [field]: value });
    expect(response, JSON.stringify(response.body)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: expect.arrayContaining([{ msg: message }]) },
    });
    expect(await changedSince()).toEqual([]);
  });
});

describe('bad input', () => {
  it.each(jsonRoutes.map((route) => ({ route, key: routeKey(route) })))('$key never answers 5xx and changes nothing it refuses', async ({ route }) => {
    const client = clientFor(tokens, allowedCaller(route));
    // What earlier routes' samples changed (an accepted body stores what it should) is not this route's.
    await changes.since();
    await fc.assert(
      fc.asyncProperty(bodies(route.body!), async (sample) => {
        const response = await client.request(route.method, concretePath(route), undefined, {
          raw: sample.kind === 'raw' ? sample.text : JSON.stringify(sample.value),
        });
        // Read after every sample: the next one starts from here.
        const changed = await changedSince();
        const msg = (response.body as { msg?: unknown }).msg;
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
        if (response.status >= 400) expect(KNOWN_MESSAGES.has(msg as string), `unexpected message ${JSON.stringify(msg)}`).toBe(true);
        if (response.status >= 400) expect(ERROR_CODES).toContain(codeOf(response.body));
        if (response.status === 400) expect(changed).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});
