import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { notify } from '@/lib/toast';
import * as z from 'zod/mini';
import { MSG } from '@shared/web-texts';
import { CheckboxField } from '@/components/form/checkbox-field';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { errorText } from '@/lib/api-client';
import { registerExpert, registerExpertSchema } from '@/features/auth/api/register-expert';
import { registerStudent, registerStudentSchema } from '@/features/auth/api/register-student';
import { useHydrated } from '@/lib/use-hydrated';

export type RegisterMode = 'student' | 'expert';

/**
 * The request schemas of shared/ plus the form-only fields (repeat password, terms). The mode
 * picks which request schema checks the names, so the server's rules are the form's rules.
 */
const registerFormSchema = z
  .object({
    mode: z.enum(['student', 'expert']),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    password: z.string(),
    repeatPassword: z.string(),
    terms: z.boolean(),
  })
  .check(
    z.superRefine((form, ctx) => {
      const request =
        form.mode === 'student'
          ? registerStudentSchema.safeParse({ name: form.name, email: form.email, password: form.password })
          : registerExpertSchema.safeParse({ firstName: form.firstName, lastName: form.lastName, email: form.email, password: form.password });
      if (!request.success) for (const issue of request.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      if (form.password !== form.repeatPassword) ctx.addIssue({ code: 'custom', message: MSG.passwordsDoNotMatch, path: ['repeatPassword'] });
      if (!form.terms) ctx.addIssue({ code: 'custom', message: MSG.acceptTerms, path: ['terms'] });
    }),
  );

type RegisterForm = z.infer<typeof registerFormSchema>;

const EMPTY: RegisterForm = { mode: 'student', name: '', firstName: '', lastName: '', email: '', password: '', repeatPassword: '', terms: false };

export function RegisterForm({ onRegistered }: { onRegistered(email: string): void }) {
  const hydrated = useHydrated();
  const [mode, setMode] = useState<RegisterMode>('student');
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({ resolver: zodResolver(registerFormSchema), defaultValues: EMPTY });
  const termsAccepted = watch('terms');

  function switchTo(next: RegisterMode) {
    setMode(next);
    setValue('mode', next);
    // Switching clears the other mode's name fields (spec 1 section 2).
    if (next === 'student') {
      setValue('firstName', '');
      setValue('lastName', '');
    } else setValue('name', '');
    clearErrors(['name', 'firstName', 'lastName']);
  }

  async function onSubmit(form: RegisterForm) {
    try {
      const { email, password } = form;
      const answer =
        form.mode === 'student'
          ? await registerStudent({ name: form.name, email, password })
          : await registerExpert({ firstName: form.firstName, lastName: form.lastName, email, password });
      notify.success(answer.msg || MSG.registrationSuccessful);
      onRegistered(email.trim());
    } catch (error) {
      notify.error(errorText(error, MSG.anErrorOccurred, { joinErrors: true }), { className: 'toast-multiline' });
    }
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {/* The choice changes the form's fields, which only the page's code can do (decision 305). */}
      <fieldset className="mode-switch" disabled={!hydrated}>
        <legend>I want to join as</legend>
        <label className={mode === 'student' ? 'mode-option selected' : 'mode-option'}>
          <input type="radio" name="mode" value="student" checked={mode === 'student'} onChange={() => switchTo('student')} />
          Student
        </label>
        <label className={mode === 'expert' ? 'mode-option selected' : 'mode-option'}>
          <input type="radio" name="mode" value="expert" checked={mode === 'expert'} onChange={() => switchTo('expert')} />
          Mentor
        </label>
      </fieldset>
      {mode === 'student' ? (
        <TextField key="name" label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      ) : (
        <div className="field-row" key="expert-names">
          <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        </div>
      )}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <PasswordField label="Password" autoComplete="new-password" hint="At least 8 characters." error={errors.password?.message} {...register('password')} />
      <PasswordField label="Repeat password" autoComplete="new-password" error={errors.repeatPassword?.message} {...register('repeatPassword')} />
      <CheckboxField
        label={
          <>
            I accept the <Link to="/privacy#terms">Terms &amp; Conditions</Link>
          </>
        }
        error={errors.terms?.message}
        {...register('terms')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || !termsAccepted || isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Sign Up'}
      </button>
      <p className="form-footer">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </form>
  );
}
