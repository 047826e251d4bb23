import * as z from 'zod/mini';
import { MSG } from '../texts';
import { LIMITS, SECOND_FACTOR } from '../limits';
import { email, newPassword, oneTimeToken, optionalPlainText, plainText } from './common';

export const loginSchema = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).check(z.minLength(1, MSG.passwordRequired), z.maxLength(LIMITS.passwordMax * 4, MSG.invalidCredentials)),
});

/** The admin login adds the second factor: an authenticator's 6-digit code or a recovery code. */
export const adminLoginSchema = z.object({
  ...loginSchema.shape,
  code: z
    .string({ error: MSG.adminCodeRequired })
    .check(z.trim(), z.minLength(1, MSG.adminCodeRequired), z.maxLength(SECOND_FACTOR.codeMax, MSG.adminLoginFailed)),
});

export const registerStudentSchema = z.object({
  name: plainText(MSG.nameRequired, LIMITS.nameMax),
  email,
  password: newPassword,
  role: z.optional(z.literal('user', { error: MSG.invalidAccountType })),
});

export const registerExpertSchema = z.object({
  firstName: plainText(MSG.firstNameRequired, LIMITS.nameMax),
  lastName: plainText(MSG.lastNameRequired, LIMITS.nameMax),
  email,
  password: newPassword,
  role: z.optional(z.literal('professor', { error: MSG.invalidAccountType })),
});

/** The password chosen at registration comes with the link: a link activates only the registration whose password is given. */
export const activateSchema = z.object({ token: oneTimeToken(MSG.activationLinkInvalid), password: loginSchema.shape.password });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({ token: oneTimeToken(MSG.resetLinkInvalid), password: newPassword });

export const contactSchema = z.object({
  firstName: plainText(MSG.fillRequired, LIMITS.nameMax),
  lastName: plainText(MSG.fillRequired, LIMITS.nameMax),
  email,
  phone: optionalPlainText(LIMITS.phoneMax, MSG.invalidPhone),
  message: plainText(MSG.fillRequired, LIMITS.contactMessageMax, 'several'),
});

export type LoginBody = z.infer<typeof loginSchema>;
export type AdminLoginBody = z.infer<typeof adminLoginSchema>;
export type ActivateBody = z.infer<typeof activateSchema>;
export type RegisterStudentBody = z.infer<typeof registerStudentSchema>;
export type RegisterExpertBody = z.infer<typeof registerExpertSchema>;
export type ContactBody = z.infer<typeof contactSchema>;
