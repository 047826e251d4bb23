import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { notify } from '@/lib/toast';
import * as z from 'zod/mini';
import { MSG } from '@shared/web-texts';
import { PasswordField } from '@/components/form/password-field';
import { errorCode, errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { resetPassword, resetPasswordSchema } from '@/features/auth/api/reset-password';
import '@/features/auth/auth.css';

const resetFormSchema = z
  .object({ password: resetPasswordSchema.shape.password, confirmPassword: z.string() })
  .check(z.refine((form) => form.password === form.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] }));

type ResetForm = z.infer<typeof resetFormSchema>;

export default function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ text: string; linkInvalid: boolean }>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  useDocumentTitle('Choose a new password');

  async function onSubmit(form: ResetForm) {
    setFailure(undefined);
    try {
      const { msg } = await resetPassword({ token, password: form.password });
      notify.success(msg || MSG.passwordResetDone);
      navigate('/login', { replace: true });
    } catch (error) {
      setFailure({ text: errorText(error), linkInvalid: errorCode(error) === 'reset_link_invalid' });
    }
  }

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        {failure && (
          <div className="notice notice-error" role="alert">
            <p>{failure.text}</p>
            {failure.linkInvalid && (
              <p>
                <Link to="/forgot-password">Request a new link</Link>
              </p>
            )}
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Reset password'}
        </button>
      </form>
    </section>
  );
}
