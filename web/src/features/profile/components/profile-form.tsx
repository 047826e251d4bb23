import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { Account } from '@shared/schemas/account';
import { LIMITS } from '@shared/limits';
import { cleanLanguages, profileFields, type UpdateUserBody } from '@shared/schemas/users';
import { MSG } from '@shared/web-texts';
import { PasswordField } from '@/components/form/password-field';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { updateProfile } from '@/features/profile/api/profile';

const { shape } = profileFields;
/** A field the account may not have yet: left empty, it is no change. */
const orEmpty = <S extends z.ZodMiniType<string, string>>(schema: S) => z.union([z.literal(''), schema]);
const languagesOf = (typed: string) => cleanLanguages(typed.split(','));

/** The general form (spec 2: at most 3 languages) and an expert's About (at most 10, a job title and a bio). */
function formSchema(expert: boolean) {
  const [max, tooMany] = expert ? [LIMITS.expertLanguagesMax, MSG.tooManyLanguagesExpert] : [LIMITS.profileLanguagesMax, MSG.tooManyLanguagesProfile];
  return z.object({
    firstName: shape.firstName,
    lastName: shape.lastName,
    email: shape.email,
    currentPassword: z.string(),
    phoneNumber: orEmpty(shape.phoneNumber),
    city: orEmpty(shape.city),
    country: orEmpty(shape.country),
    domainActivity: shape.domainActivity,
    bio: orEmpty(shape.bio),
    languages: z.string().check(z.refine((typed) => languagesOf(typed).length <= max, tooMany)),
  });
}
type ProfileForm = z.infer<ReturnType<typeof formSchema>>;

const valuesOf = (account: Account): ProfileForm => ({
  firstName: account.firstName,
  lastName: account.lastName,
  email: account.email,
  currentPassword: '',
  phoneNumber: account.phoneNumber ?? '',
  city: account.city ?? '',
  country: account.country ?? '',
  domainActivity: account.domainActivity ?? '',
  bio: account.bio ?? '',
  languages: (account.languages ?? []).join(', '),
});

/** Only what changed goes to the server (spec 2 section 5); a new address carries the current password. */
function changesOf(form: ProfileForm, before: ProfileForm): UpdateUserBody {
  const { currentPassword, languages, ...fields } = form;
  const changed: UpdateUserBody = Object.fromEntries(Object.entries(fields).filter(([field, value]) => value !== before[field as keyof ProfileForm]));
  if (languagesOf(languages).join('\n') !== languagesOf(before.languages).join('\n')) changed.languages = languagesOf(languages);
  if (changed.email !== undefined) changed.currentPassword = currentPassword;
  return changed;
}

/**
 * The member's details (the Profile tab), or with `expert` an expert's About: names, e-mail, phone,
 * place, languages, and for experts the job title and the bio. Changing the e-mail asks for the
 * current password and only counts once the link mailed to the new address is followed.
 */
export function ProfileForm({ expert = false }: { expert?: boolean }) {
  const { account, updateAccount } = useSession();
  const [failure, setFailure] = useState<string>();
  const schema = useMemo(() => formSchema(expert), [expert]);
  const before = useMemo(() => (account ? valuesOf(account) : undefined), [account]);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({ resolver: zodResolver(schema), defaultValues: before });
  if (!account || !before) return null;
  const emailChanging = watch('email').trim().toLowerCase() !== account.email.toLowerCase();

  async function onSubmit(form: ProfileForm) {
    setFailure(undefined);
    if (!before) return;
    const changes = changesOf(form, before);
    if (Object.keys(changes).length === 0) return setFailure(MSG.noChanges);
    if (changes.email !== undefined && !form.currentPassword) return setError('currentPassword', { message: MSG.currentPasswordForEmail });
    try {
      const { user, msg } = await updateProfile(changes);
      updateAccount(user);
      reset(valuesOf(user));
      notify.success(msg || MSG.profileUpdated);
    } catch (error) {
      setFailure(errorText(error, MSG.profileUpdateFailed));
    }
  }

  return (
    <form className="form profile-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={expert ? 'About you' : 'Your details'}>
      <div className="form-row">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      {account.pendingEmail && (
        <p className="notice" role="status">
          We sent a confirmation link to {account.pendingEmail}. Your e-mail changes once you follow it.
        </p>
      )}
      {emailChanging && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint="Needed to change your e-mail. We send a link to the new address to confirm it."
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      <TextField label="Phone number" type="tel" autoComplete="tel" optional error={errors.phoneNumber?.message} {...register('phoneNumber')} />
      <div className="form-row">
        <TextField label="City" autoComplete="address-level2" optional error={errors.city?.message} {...register('city')} />
        <TextField label="Country" autoComplete="country-name" optional error={errors.country?.message} {...register('country')} />
      </div>
      {expert && (
        <TextField label="Current job title" optional maxLength={LIMITS.jobTitleMax} error={errors.domainActivity?.message} {...register('domainActivity')} />
      )}
      <TextField
        label="Languages"
        optional
        hint={`Separated by commas, at most ${expert ? LIMITS.expertLanguagesMax : LIMITS.profileLanguagesMax}.`}
        error={errors.languages?.message}
        {...register('languages')}
      />
      {expert && (
        <TextAreaField
          label="About"
          rows={6}
          hint={`${LIMITS.bioMin} to ${LIMITS.bioMax} characters: what you do and for whom.`}
          maxLength={LIMITS.bioMax}
          error={errors.bio?.message}
          {...register('bio')}
        />
      )}
      <FormFailure text={failure} />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}
