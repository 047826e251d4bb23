/**
 * /choose-password: a member whose account an admin created signs in with the temporary password
 * they were given, and must choose their own before anything else (every other call answers 403
 * password_change_required until then).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { changePasswordSchema } from '@shared/schemas/users';
import { MSG } from '@shared/web-texts';
import { LoadingScreen } from '@/components/loading-screen';
import { PasswordField } from '@/components/form/password-field';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { chooseOwnPassword } from '@/features/auth/api/choose-password';
import '@/features/auth/auth.css';

const chooseFormSchema = z
  .object({
    currentPassword: changePasswordSchema.shape.currentPassword,
    newPassword: changePasswordSchema.shape.newPassword,
    confirmPassword: z.string().check(z.minLength(1, MSG.fillRequired)),
  })
  .check(z.refine((form) => form.newPassword === form.confirmPassword, { message: MSG.newPasswordsDoNotMatch, path: ['confirmPassword'] }));

type ChooseForm = z.infer<typeof chooseFormSchema>;

export default function ChoosePasswordRoute() {
  useDocumentTitle('Choose your password');
  const { loading, account, updateAccount } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChooseForm>({ resolver: zodResolver(chooseFormSchema), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });

  if (loading) return <LoadingScreen />;
  if (!account) return <Navigate to="/login" replace />;
  if (!account.mustChangePassword) return <Navigate to="/" replace />;

  async function onSubmit(form: ChooseForm) {
    setFailure(undefined);
    try {
      const { msg } = await chooseOwnPassword({ currentPassword: form.currentPassword, newPassword: form.newPassword });
      notify.success(msg || MSG.passwordChanged);
      updateAccount({ mustChangePassword: undefined });
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="choose-password-title">
      <h1 id="choose-password-title">Choose your password</h1>
      <p className="notice notice-info">Your account was created by an administrator. Choose your own password to continue.</p>
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <PasswordField label="Temporary password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <FormFailure text={failure} />
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save my password'}
        </button>
      </form>
    </section>
  );
}
