import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { MSG } from '@shared/web-texts';
import type { SessionGrant } from '@shared/schemas/account';
import { adminLoginSchema, type LoginBody } from '@shared/schemas/auth';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { errorCode, errorText } from '@/lib/api-client';
import { loginSchema } from '@/features/auth/api/login';
import { useHydrated } from '@/lib/use-hydrated';

/** The admin login's second factor rides along in `code`. */
export type LoginFields = LoginBody & { code?: string };

interface LoginFormProps {
  submit(body: LoginFields): Promise<SessionGrant>;
  onSuccess(response: SessionGrant): void;
  failureFallback?: string;
  /** The student/expert login offers the reset and sign-up links; the admin one does not. */
  withAccountLinks?: boolean;
  /** The admin login asks for an authenticator's code (or a recovery code) too. */
  withSecondFactor?: boolean;
}

export function LoginForm({ submit, onSuccess, failureFallback = MSG.anErrorOccurred, withAccountLinks = true, withSecondFactor = false }: LoginFormProps) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFields>({ resolver: zodResolver(withSecondFactor ? adminLoginSchema : loginSchema), defaultValues: { email: '', password: '', code: '' } });
  // Recovery codes hold letters: the field leaves the numeric keypad for them.
  const [recoveryCode, setRecoveryCode] = useState(false);

  async function onSubmit(body: LoginFields) {
    try {
      onSuccess(await submit(body));
    } catch (error) {
      const text = errorText(error, failureFallback);
      // Not yet activated is a step to take, not a failure (spec 1 section 8).
      if (errorCode(error) === 'activation_required') notify.warning(text);
      else notify.error(text);
    }
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Email" type="email" autoComplete="username" error={errors.email?.message} {...register('email')} />
      <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      {withSecondFactor && (
        <>
          <TextField
            label={recoveryCode ? 'Recovery code' : 'Authentication code'}
            hint={recoveryCode ? 'One of the recovery codes you saved; each works once.' : 'The 6-digit code of your authenticator app.'}
            inputMode={recoveryCode ? 'text' : 'numeric'}
            autoComplete={recoveryCode ? 'off' : 'one-time-code'}
            spellCheck={false}
            error={errors.code?.message}
            {...register('code')}
          />
          <p className="form-aside">
            <button type="button" className="btn-link" onClick={() => setRecoveryCode(!recoveryCode)}>
              {recoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
            </button>
          </p>
        </>
      )}
      {withAccountLinks && (
        <p className="form-aside">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Log In'}
      </button>
      {withAccountLinks && (
        <p className="form-footer">
          New here? <Link to="/register">Create an account</Link>
        </p>
      )}
    </form>
  );
}
