import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { MSG } from '@shared/texts';
import type { SessionGrant } from '@shared/schemas/account';
import type { LoginBody } from '@shared/schemas/auth';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { errorCode, errorText } from '@/lib/api-client';
import { loginSchema } from '@/features/auth/api/login';

interface LoginFormProps {
  submit(body: LoginBody): Promise<SessionGrant>;
  onSuccess(response: SessionGrant): void;
  failureFallback?: string;
  /** The student/expert login offers the reset and sign-up links; the admin one does not. */
  withAccountLinks?: boolean;
}

export function LoginForm({ submit, onSuccess, failureFallback = MSG.anErrorOccurred, withAccountLinks = true }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  async function onSubmit(body: LoginBody) {
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
      {withAccountLinks && (
        <p className="form-aside">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
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
