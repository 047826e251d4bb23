import * as z from 'zod';
import { MSG } from '../messages';
import { LIMITS } from '../limits';
import { email, newPassword, optionalPlainText } from './common';
import { stripMarkup } from '../text';

const trimmedMin = (min: number, msg: string) =>
  z.string().max(LIMITS.textCap * 4, MSG.fieldTooLong).transform(stripMarkup).pipe(z.string().min(min, msg).max(LIMITS.textCap, MSG.fieldTooLong));

export const updateUserSchema = z
  .object({
    bio: trimmedMin(20, MSG.bioTooShort).pipe(z.string().max(1200, MSG.fieldTooLong)),
    languages: z.array(z.string().trim().min(1).max(60)).max(10, MSG.tooManyLanguagesProfessor),
    firstName: trimmedMin(2, MSG.firstNameTooShort),
    lastName: trimmedMin(2, MSG.lastNameTooShort),
    email,
    phoneNumber: trimmedMin(5, MSG.phoneTooShort),
    city: trimmedMin(2, MSG.cityTooShort),
    country: trimmedMin(2, MSG.countryTooShort),
    domainActivity: optionalPlainText(80).unwrap().pipe(z.string().max(80, MSG.jobTitleTooLong)),
    profilePhoto: z.string().max(200),
  })
  .partial()
  .strict();

const educationItem = z.object({
  institution: z.string().trim().min(1, MSG.educationFields).max(100),
  level: z.string().trim().min(1, MSG.educationFields).max(100),
  degree: z.string().trim().max(100).optional(),
  field: z.string().trim().max(100).optional(),
  year: z.union([z.string().trim().min(1, MSG.educationFields).max(10), z.number().int()]),
});

const workExperienceItem = z.object({
  company: z.string().trim().min(1).max(100),
  position: z.string().trim().min(1).max(100),
  location: z.string().trim().max(100).optional(),
  startDate: z.string().max(7).optional(),
  endDate: z.string().max(7).optional(),
  description: z.string().trim().min(50).max(300),
});

export const professorInfoSchema = z.union([
  z.object({ education: z.array(educationItem).max(3, MSG.educationMax) }),
  z.object({ workExperience: z.array(workExperienceItem).max(2, MSG.workExperienceMax) }),
]);
export const educationEntrySchema = educationItem;
export const workExperienceEntrySchema = workExperienceItem;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, MSG.fillRequired).max(LIMITS.passwordMax * 4),
  newPassword,
});

export const withdrawSchema = z.object({
  amount: z.number({ error: MSG.validAmount }).finite(MSG.validAmount).positive(MSG.validAmount).max(LIMITS.offerPriceMax * 100, MSG.validAmount),
});
