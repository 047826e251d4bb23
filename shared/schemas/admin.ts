import * as z from 'zod';
import { MSG } from '../messages';
import { LIMITS } from '../limits';
import { email, plainText } from './common';

export const adminCreateUserSchema = z.object({
  firstName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
  lastName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
  email,
  password: z.string({ error: MSG.adminAllFieldsRequired }).min(LIMITS.adminPasswordMin, MSG.adminPasswordMin).max(LIMITS.passwordMax),
});

export const adminUpdateUserSchema = z
  .object({
    firstName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
    lastName: plainText(MSG.adminAllFieldsRequired, LIMITS.nameMax),
    email,
    role: z.enum(['user', 'professor']),
  })
  .partial();
