import * as z from 'zod/mini';
import { isWholeCents } from '../money';
import { MSG } from '../texts';
import { LIMITS } from '../limits';
import { stripMarkup } from '../markup';
import { email, newPassword, oneTimeToken, textOfAtLeast, withoutControlCharacters } from './common';
import { cursor } from './chats';
import { WITHDRAWAL_STATUSES } from './earnings';

/** Profile text (spec 2 section 5): markup stripped, trimmed, cut at the text cap, at least `min` characters left. */
const profileText = (min: number, tooShortMsg: string) =>
  z.string({ error: tooShortMsg }).check(
    withoutControlCharacters('one'),
    z.maxLength(LIMITS.textCap * 4, MSG.fieldTooLong),
    z.overwrite((value) => stripMarkup(value).slice(0, LIMITS.textCap)),
    z.minLength(min, tooShortMsg),
  );

/** Languages as typed or picked: trimmed, blanks removed, each once (the first spelling kept). */
export function cleanLanguages(languages: string[]): string[] {
  const seen = new Set<string>();
  return languages
    .map((language) => stripMarkup(language))
    .filter((language) => language !== '' && !seen.has(language.toLowerCase()) && seen.add(language.toLowerCase()));
}

/** At most `max` languages once cleaned (10 in an expert's About, 3 in the general profile form). */
export const languageList = (max: number, tooManyMsg: string) =>
  z
    .array(z.string().check(withoutControlCharacters('one'), z.maxLength(LIMITS.languageNameMax)))
    .check(z.maxLength(LIMITS.languagesSentMax), z.overwrite(cleanLanguages), z.maxLength(max, tooManyMsg));

export const jobTitle = z
  .string()
  .check(
    withoutControlCharacters('one'),
    z.maxLength(LIMITS.jobTitleMax * 4, MSG.jobTitleTooLong),
    z.overwrite(stripMarkup),
    z.maxLength(LIMITS.jobTitleMax, MSG.jobTitleTooLong),
  );

export const bio = textOfAtLeast(LIMITS.bioMin, MSG.bioTooShort, LIMITS.bioMax, 'several');

/**
 * PUT /user/update: any of the spec's fields, only those that changed. A student may keep at most 3
 * languages (the general form), an expert 10 (the About tab): the service holds the role's limit.
 * `profilePhoto` only ever clears the photo (a photo is set by its upload). A new `email` needs
 * `currentPassword` and counts once its new address confirms it (decision 191).
 */
export const profileFields = z.strictObject({
  bio,
  languages: languageList(LIMITS.expertLanguagesMax, MSG.tooManyLanguagesExpert),
  firstName: profileText(2, MSG.firstNameTooShort),
  lastName: profileText(2, MSG.lastNameTooShort),
  email,
  phoneNumber: profileText(5, MSG.phoneTooShort),
  city: profileText(2, MSG.cityTooShort),
  country: profileText(2, MSG.countryTooShort),
  domainActivity: jobTitle,
  profilePhoto: z.literal(''),
  currentPassword: z.string().check(z.maxLength(LIMITS.passwordMax * 4)),
});
export const updateUserSchema = z.partial(profileFields);
export type UpdateUserBody = z.output<typeof updateUserSchema>;

/** POST /auth/confirm-email (added): the token of the link mailed to the new address. */
export const confirmEmailSchema = z.object({ token: oneTimeToken(MSG.emailChangeLinkInvalid) });

/** A short text of an entry: markup stripped, trimmed, at most `max`; `requiredMsg` when nothing is left. */
const shortText = (max: number, requiredMsg?: string) =>
  z
    .string()
    .check(
      withoutControlCharacters('one'),
      z.maxLength(max * 4),
      z.overwrite(stripMarkup),
      ...(requiredMsg ? [z.minLength(1, requiredMsg)] : []),
      z.maxLength(max),
    );

/** A month and year in at most 7 characters (MM/YYYY), "Present" for an ongoing position, or nothing. */
export const WORK_MONTH = /^((0[1-9]|1[0-2])\/\d{4}|Present)?$/;
const month = z.optional(z.string().check(z.trim(), z.regex(WORK_MONTH, MSG.workDatesInvalid)));

const educationItem = z.object({
  institution: shortText(LIMITS.entryTextMax, MSG.educationFields),
  level: shortText(LIMITS.entryTextMax, MSG.educationFields),
  degree: z.optional(shortText(LIMITS.entryTextMax)),
  field: z.optional(shortText(LIMITS.entryTextMax)),
  year: z.union([shortText(10, MSG.educationFields), z.int().check(z.gte(1900), z.lte(2100))]),
});

const workExperienceItem = z.object({
  company: shortText(LIMITS.entryTextMax, MSG.workExperienceFields),
  position: shortText(LIMITS.entryTextMax, MSG.workExperienceFields),
  location: z.optional(shortText(LIMITS.entryTextMax)),
  startDate: month,
  endDate: month,
  description: z
    .string({ error: MSG.workExperienceFields })
    .check(
      withoutControlCharacters('several'),
      z.maxLength(LIMITS.workDescriptionMax * 4, MSG.workDescriptionLength),
      z.overwrite(stripMarkup),
      z.minLength(LIMITS.workDescriptionMin, MSG.workDescriptionLength),
      z.maxLength(LIMITS.workDescriptionMax, MSG.workDescriptionLength),
    ),
});

/** PUT /user/update-professor-info: the whole education or the whole work-experience list (one of them), replacing it. */
export const expertInfoSchema = z
  .strictObject({
    education: z.optional(z.array(educationItem).check(z.maxLength(LIMITS.educationMax, MSG.educationMax))),
    workExperience: z.optional(z.array(workExperienceItem).check(z.maxLength(LIMITS.workExperienceMax, MSG.workExperienceMax))),
  })
  .check(z.refine((body) => (body.education === undefined) !== (body.workExperience === undefined), MSG.invalidField));
/** PUT /user/education/{index} and /user/work-experience/{index}: one entry, replacing that one or added at the end. */
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
export const rejectWithdrawalSchema = z.object({
  reason: z.optional(z.string().check(withoutControlCharacters('several'), z.maxLength(LIMITS.withdrawalReasonMax, MSG.withdrawalReasonTooLong))),
});

/** GET /user/earnings and GET /user/withdrawals: a page after `cursor`. */
export const moneyPageQuery = z.object({ cursor });

/** GET /admin/withdrawals: the withdrawals with a status, or all, a page after `cursor`. */
export const adminWithdrawalsQuery = z.object({ status: z.optional(z.enum(WITHDRAWAL_STATUSES)), cursor });
