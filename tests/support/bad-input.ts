/**
 * What the bad-input files share: the callers' tokens, the messages and codes a refusal may name,
 * the field names of a schema and the hostile strings every field and parameter is tried with.
 */
import fc from 'fast-check';
import { beforeAll } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import { MSG } from '../../shared/texts';
import { DEFAULT_RETRY_DELAYS_MS } from '../../scripts/local/stripe/index';
import { signedInAs, signedInNewExpert, signedInStudent } from './accounts';
import { stackUrl } from './stack';
import { totalItemCount } from './table';
import type { Caller } from './route-calls';

export const KNOWN_MESSAGES = new Set<string>(Object.values(MSG));

/** The local Stripe's events still to be delivered: none attempted yet, or failed with retries left. */
async function undeliveredEvents(): Promise<number> {
  const response = await fetch(`${stackUrl()}/_local/payments/events.json`);
  const events = (await response.json()) as { delivered: boolean; deliveries: unknown[] }[];
  return events.filter((event) => !event.delivered && event.deliveries.length <= DEFAULT_RETRY_DELAYS_MS.length).length;
}

/**
 * Waits until the local Stripe has delivered its events (a clock moved by the slot's previous file
 * settles funds and pays out, and the webhook writes) and the table's item count holds still for a
 * second: the asynchronous consumers (mails, exports, summaries) finish what the previous file
 * started before this file counts. Stripe's retries of a failed delivery span a minute.
 */
async function settled(): Promise<void> {
  let last = await totalItemCount();
  for (let steady = 0, reads = 0; steady < 2 && reads < 180; reads++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const count = await totalItemCount();
    steady = count === last && (await undeliveredEvents()) === 0 ? steady + 1 : 0;
    last = count;
  }
}

/**
 * The tokens of a student and an expert of the file's own (an accepted sample changes their
 * accounts, never the demo experts the other files rely on) and the admin's, signed in before the
 * file's tests, once the table has settled.
 */
export function callerTokens(): Partial<Record<Caller, string>> {
  const tokens: Partial<Record<Caller, string>> = {};
  beforeAll(async () => {
    await settled();
    tokens.user = (await signedInStudent()).client.accessToken;
    tokens.professor = (await signedInNewExpert()).client.accessToken;
    tokens.admin = (await signedInAs('admin')).accessToken;
  });
  return tokens;
}

/** The field names a body schema knows, through optional, union and pipe wrappers. */
export function fieldNames(schema: ZodMiniType): string[] {
  const def = (
    schema as unknown as { def: { type: string; shape?: Record<string, unknown>; innerType?: ZodMiniType; options?: ZodMiniType[]; in?: ZodMiniType } }
  ).def;
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'optional' || def.type === 'default') return fieldNames(def.innerType!);
  if (def.type === 'union') return [...new Set(def.options!.flatMap(fieldNames))];
  if (def.type === 'pipe') return fieldNames(def.in!);
  return [];
}

export const nasty = fc.constantFrom(
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

/** Every refusal names its outcome with a stable code, whatever the text says. */
export const codeOf = (body: unknown) => (body as { code?: unknown }).code;
