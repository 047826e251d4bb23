import * as z from 'zod/mini';
import { MSG } from '../texts';
import { LIMITS } from '../limits';
import { email, plainText } from './common';

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
