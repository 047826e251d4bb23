import * as z from 'zod';
import { MSG } from '../messages';
import { LIMITS } from '../limits';
import { stripMarkup } from '../text';

/**
 * A check without a message of its own still answers with a clear text of shared/messages.ts,
 * never zod's internal wording. Checks with their own message keep it.
 */
z.config({ customError: () => MSG.invalidField });

/** The "simple address shape" of the spec. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(LIMITS.emailMax, MSG.invalidEmail)
  .regex(EMAIL_SHAPE, MSG.invalidEmail);

/** Free text from a user: markup stripped, trimmed, capped. */
export function plainText(requiredMsg: string, max: number = LIMITS.textCap) {
  return z
    .string({ error: requiredMsg })
    .max(max * 4, MSG.fieldTooLong)
    .transform(stripMarkup)
    .pipe(z.string().min(1, requiredMsg).max(max, MSG.fieldTooLong));
}

export const optionalPlainText = (max: number = LIMITS.textCap, invalidMsg: string = MSG.fieldTooLong) =>
  z
    .string({ error: invalidMsg })
    .max(max * 4, MSG.fieldTooLong)
    .transform(stripMarkup)
    .pipe(z.string().max(max, MSG.fieldTooLong))
    .optional();

export const newPassword = z
  .string({ error: MSG.passwordRequired })
  .min(LIMITS.passwordMin, MSG.passwordMin)
  .max(LIMITS.passwordMax, MSG.passwordTooLong);

export const token = z.string({ error: MSG.activationLinkInvalid }).regex(/^[A-Za-z0-9_-]{20,100}$/, MSG.activationLinkInvalid);

/** Calls without a body accept an empty object (or nothing); extra fields are ignored. */
export const emptyBody = z.object({}).optional();
