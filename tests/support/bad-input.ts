/**
 * What the bad-input files share: the callers' tokens, the messages and codes a refusal may name,
 * the field names of a schema and the hostile strings every field and parameter is tried with.
 */
import fc from 'fast-check';
import { beforeAll } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import type { TextLines } from '../../shared/control-characters';
import { MSG } from '../../shared/texts';
import { DEFAULT_RETRY_DELAYS_MS } from '../../scripts/local/stripe/index';
import { signedInAs, signedInNewExpert, signedInStudent } from './accounts';
import { localEvents } from './payments';
import { totalItemCount } from './table';
import type { Caller } from './route-calls';

export const KNOWN_MESSAGES = new Set<string>(Object.values(MSG));

/** The local Stripe's events still to be delivered: an endpoint takes them, and none was attempted yet or one failed with retries left. */
async function undeliveredEvents(): Promise<number> {
  return (await localEvents()).filter((event) => event.subscribed && !event.delivered && event.deliveries.length <= DEFAULT_RETRY_DELAYS_MS.length).length;
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

/**
 * Fields a short text passes that hold no text of the product's: secrets compared with their hash
 * (never stored as sent, shown or mailed) and ids looked up by key (an unknown one is not found).
 */
const NOT_TEXT = new Set(['password', 'newPassword', 'currentPassword', 'code', 'chatId', 'offerId', 'ids']);
/** The fields of text of several lines (messages, bios, descriptions, reasons, notes); any other text is one line. */
const SEVERAL_LINES = new Set(['bio', 'comment', 'content', 'description', 'initialMessage', 'message', 'note', 'reason']);
/** A field whose refusal names what the field wants rather than the general message. */
const OWN_MESSAGE: Record<string, string> = { address: MSG.busyCalendarAddress };
/** Ordinary texts, each with a space: a field takes free text when one of them, or a list of it, passes its schema. */
const PLAIN_TEXTS = [
  'Ann Lee',
  'Valuation workshop on cash flows',
  'Assessed mid-market credit files and built the rating models the committee used.',
  'https://calendar.example/my calendar.ics',
];

/** What a text of one line, or of several, may not hold: each is tried in every such field. */
const ONE_LINE_CONTROLS = { 'CR LF': '\r\n', 'NEL (U+0085)': '\u0085' };
const SEVERAL_LINES_CONTROLS = { NUL: '\u0000', 'NEL (U+0085)': '\u0085' };

/** A text field of a schema: a value it takes, the same with control characters where its space was, and the message refusing them. */
export interface ControlCharacterCase {
  field: string;
  lines: TextLines;
  /** What the value holds, for the test's name. */
  controls: string;
  value: unknown;
  message: string;
}

/**
 * The fields of a body or query schema that take free text, found by the schema itself (ids,
 * tokens, addresses, dates and choices have shapes an ordinary text does not pass), each with the
 * control characters its text may not hold in place of the space of a value it takes: CR LF and a
 * C1 character on one line, NUL and a C1 character on several.
 */
export function controlCharacterCases(schema: ZodMiniType): ControlCharacterCase[] {
  return fieldNames(schema)
    .filter((field) => !NOT_TEXT.has(field))
    .flatMap((field) => {
      const passes = (value: unknown) => !schema.safeParse({ [field]: value }).error?.issues.some((issue) => issue.path[0] === field);
      const text = PLAIN_TEXTS.find((plain) => passes(plain) || passes([plain]));
      // A union names no field of a refusal (its issue is the whole body's): its fields cannot be told apart.
      if (text === undefined || passes({})) return [];
      const lines: TextLines = SEVERAL_LINES.has(field) ? 'several' : 'one';
      const message = OWN_MESSAGE[field] ?? (lines === 'one' ? MSG.oneLineOnly : MSG.noControlCharacters);
      return Object.entries(lines === 'one' ? ONE_LINE_CONTROLS : SEVERAL_LINES_CONTROLS).map(([name, characters]) => {
        const bad = text.replace(' ', characters);
        return { field, lines, controls: name, value: passes(text) ? bad : [bad], message };
      });
    });
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
  'Ann\r\nBcc: someone@example.com',
  '😀'.repeat(30),
  'Corporate',
);

/** Every refusal names its outcome with a stable code, whatever the text says. */
export const codeOf = (body: unknown) => (body as { code?: unknown }).code;
