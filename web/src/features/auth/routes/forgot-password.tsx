import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { MSG } from '@shared/web-texts';
import { TextField } from '@/components/form/text-field';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { forgotPasswordSchema, requestPasswordReset } from '@/features/auth/api/forgot-password';
import '@/features/auth/auth.css';
import { useHydrated } from '@/lib/use-hydrated';

export default function ForgotPasswordRoute() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  useDocumentTitle('Forgot password');

  async function onSubmit(body: { email: string }) {
    setFailure(undefined);
    try {
      const { msg } = await requestPasswordReset(body);
      notify.success(msg || MSG.resetEmailSent);
      navigate('/auth');
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      <p className="lead">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <FormFailure text={failure} />
        <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send Reset Link'}
        </button>
        <p className="form-footer">
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      </form>
    </section>
  );
}
