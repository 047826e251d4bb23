/**
 * Schema building blocks. zod/mini keeps every bundle small (the web's form pages and each
 * Lambda load only the checks they use); the rules read the same as with the classic API.
 */
import * as z from 'zod/mini';
import { MSG } from '../texts';
import { LIMITS } from '../limits';
import { stripMarkup } from '../markup';
import { hasControlCharacters, type TextLines } from '../control-characters';

/**
 * A check without a message of its own still answers with a clear text of shared/messages.ts,
 * never zod's internal wording. Checks with their own message keep it.
 */
z.config({ customError: () => MSG.invalidField });

/**
 * The spec's "simple address shape": the browsers' own rule for type=email (WHATWG), with a dot in
 * the domain. ASCII only, and none of the characters (`<>,;"` spaces) that a mail header would read
 * as structure, so whatever passes here is an address SES accepts.
 */
export const EMAIL_SHAPE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const email = z
  .string({ error: MSG.emailRequired })
  .check(z.trim(), z.minLength(1, MSG.emailRequired), z.maxLength(LIMITS.emailMax, MSG.invalidEmail), z.regex(EMAIL_SHAPE, MSG.invalidEmail));

/**
 * Refuses the control characters text of `lines` may not hold (shared/control-characters.ts). It
 * checks the text as sent, before trimming: new input only, text already stored is read as it is.
 */
export const withoutControlCharacters = (lines: TextLines, message: string = lines === 'one' ? MSG.oneLineOnly : MSG.noControlCharacters) =>
  z.refine<string>((value) => !hasControlCharacters(value, lines), message);

/** Free text from a user: markup stripped, trimmed, capped; `requiredMsg` when nothing is left. One line unless `lines` says several. */
export function plainText(requiredMsg: string, max: number = LIMITS.textCap, lines: TextLines = 'one') {
  return z
    .string({ error: requiredMsg })
    .check(
      withoutControlCharacters(lines),
      z.maxLength(max * 4, MSG.fieldTooLong),
      z.overwrite(stripMarkup),
      z.minLength(1, requiredMsg),
      z.maxLength(max, MSG.fieldTooLong),
    );
}

/** Optional free text: markup stripped, trimmed, capped. One line unless `lines` says several. */
export function optionalPlainText(max: number = LIMITS.textCap, invalidMsg: string = MSG.fieldTooLong, lines: TextLines = 'one') {
  return z.optional(
    z
      .string({ error: invalidMsg })
      .check(withoutControlCharacters(lines), z.maxLength(max * 4, MSG.fieldTooLong), z.overwrite(stripMarkup), z.maxLength(max, MSG.fieldTooLong)),
  );
}

/** Text with a minimum length once markup is stripped (profile fields). One line unless `lines` says several. */
export function textOfAtLeast(min: number, tooShortMsg: string, max: number = LIMITS.textCap, lines: TextLines = 'one') {
  return z
    .string({ error: tooShortMsg })
    .check(
      withoutControlCharacters(lines),
      z.maxLength(max * 4, MSG.fieldTooLong),
      z.overwrite(stripMarkup),
      z.minLength(min, tooShortMsg),
      z.maxLength(max, MSG.fieldTooLong),
    );
}

export const newPassword = z
  .string({ error: MSG.passwordRequired })
  .check(z.minLength(LIMITS.passwordMin, MSG.passwordMin), z.maxLength(LIMITS.passwordMax, MSG.passwordTooLong));

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
/** A one-time token from a mailed link; `invalidMsg` for anything else. */
export const oneTimeToken = (invalidMsg: string) => z.string({ error: invalidMsg }).check(z.regex(TOKEN_SHAPE, invalidMsg));

/** Calls without a body accept an empty object (or nothing); extra fields are ignored. */
export const emptyBody = z.optional(z.object({}));
