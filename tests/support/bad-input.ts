/**
 * What the bad-input files share: the callers' tokens, the messages and codes a refusal may name,
 * the field names of a schema and the hostile strings every field and parameter is tried with.
 */
import fc from 'fast-check';
import { beforeAll } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import { MSG } from '../../shared/texts';
import { signedInAs } from './accounts';
import type { Caller } from './route-calls';

export const KNOWN_MESSAGES = new Set<string>(Object.values(MSG));

/** A student's, an expert's and the admin's tokens, signed in before the file's tests. */
export function callerTokens(): Partial<Record<Caller, string>> {
  const tokens: Partial<Record<Caller, string>> = {};
  beforeAll(async () => {
    tokens.user = (await signedInAs('student')).accessToken;
    tokens.professor = (await signedInAs('professor')).accessToken;
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
