import * as z from 'zod/mini';
import { isWholeCents } from '../money';
import { MSG } from '../texts';
import { LIMITS } from '../limits';
import { email, newPassword, textOfAtLeast } from './common';
import { cursor } from './chats';
import { WITHDRAWAL_STATUSES } from './earnings';

export const updateUserSchema = z.partial(
  z.strictObject({
    bio: textOfAtLeast(20, MSG.bioTooShort, 1200),
    languages: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))).check(z.maxLength(10, MSG.tooManyLanguagesExpert)),
    firstName: textOfAtLeast(2, MSG.firstNameTooShort),
    lastName: textOfAtLeast(2, MSG.lastNameTooShort),
    email,
    phoneNumber: textOfAtLeast(5, MSG.phoneTooShort),
    city: textOfAtLeast(2, MSG.cityTooShort),
    country: textOfAtLeast(2, MSG.countryTooShort),
    domainActivity: textOfAtLeast(0, MSG.jobTitleTooLong, 80),
    profilePhoto: z.string().check(z.maxLength(200)),
  }),
);

const shortText = (max: number, requiredMsg?: string) => z.string().check(z.trim(), ...(requiredMsg ? [z.minLength(1, requiredMsg)] : []), z.maxLength(max));

const educationItem = z.object({
  institution: shortText(100, MSG.educationFields),
  level: shortText(100, MSG.educationFields),
  degree: z.optional(shortText(100)),
  field: z.optional(shortText(100)),
  year: z.union([shortText(10, MSG.educationFields), z.int()]),
});

const workExperienceItem = z.object({
  company: shortText(100, MSG.invalidField),
  position: shortText(100, MSG.invalidField),
  location: z.optional(shortText(100)),
  startDate: z.optional(z.string().check(z.maxLength(7))),
  endDate: z.optional(z.string().check(z.maxLength(7))),
  description: z.string().check(z.trim(), z.minLength(50), z.maxLength(300)),
});

export const expertInfoSchema = z.union([
  z.object({ education: z.array(educationItem).check(z.maxLength(3, MSG.educationMax)) }),
  z.object({ workExperience: z.array(workExperienceItem).check(z.maxLength(2, MSG.workExperienceMax)) }),
]);
export const educationEntrySchema = educationItem;
export const workExperienceEntrySchema = workExperienceItem;

export const changePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, MSG.fillRequired), z.maxLength(LIMITS.passwordMax * 4)),
  newPassword,
});

/** POST /user/delete-account: the password confirms it is the owner. */
export const deleteAccountSchema = z.strictObject({
  password: z.string().check(z.minLength(1, MSG.fillRequired), z.maxLength(LIMITS.passwordMax * 4)),
});

/** Euros, more than 0, in whole cents (the available balance is the server's check). */
export const withdrawSchema = z.object({
  amount: z.number({ error: MSG.validAmount }).check(
    z.positive(MSG.validAmount),
    z.lte(LIMITS.offerPriceMax * 100, MSG.validAmount),
    z.refine((amount) => isWholeCents(amount), MSG.validAmount),
  ),
});

/** An admin's rejection of a withdrawal, with an optional reason the expert sees (markup stripped). */
export const rejectWithdrawalSchema = z.object({ reason: z.optional(z.string().check(z.maxLength(LIMITS.withdrawalReasonMax, MSG.withdrawalReasonTooLong))) });

/** GET /user/earnings and GET /user/withdrawals: a page after `cursor`. */
export const moneyPageQuery = z.object({ cursor });

/** GET /admin/withdrawals: the withdrawals with a status, or all, a page after `cursor`. */
export const adminWithdrawalsQuery = z.object({ status: z.optional(z.enum(WITHDRAWAL_STATUSES)), cursor });
