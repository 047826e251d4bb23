import * as z from 'zod/mini';
import { MSG } from '../texts';
import { LIMITS } from '../limits';
import { email, plainText } from './common';
import { cursor } from './chats';

export const adminCreateUserSchema = z.object({
  firstName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
  lastName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
  email,
  password: z.string({ error: MSG.adminAllFieldsRequired }).check(z.minLength(LIMITS.passwordMin, MSG.adminPasswordMin), z.maxLength(LIMITS.passwordMax)),
});

export const adminUpdateUserSchema = z.partial(
  z.object({
    firstName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
    lastName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
    email,
    role: z.enum(['user', 'professor']),
  }),
);

/** GET /admin/payments: the one order of `orderNumber`, or every paid order a page after `cursor`. */
export const adminPaymentsQuery = z.object({
  orderNumber: z.optional(
    z.pipe(
      z.string({ error: MSG.invalidOrderNumber }).check(z.regex(/^[1-9]\d{0,9}$/, MSG.invalidOrderNumber)),
      z.transform((text) => Number(text)),
    ),
  ),
  cursor,
});
