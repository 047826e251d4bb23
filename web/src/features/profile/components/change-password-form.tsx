import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { changePasswordSchema } from '@shared/schemas/users';
import { MSG } from '@shared/web-texts';
import { PasswordField } from '@/components/form/password-field';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { changePassword } from '@/features/profile/api/profile';

/** The server's rules, every field required, and the spec's check that the new password is typed the same twice. */
const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordSchema.shape.currentPassword,
    newPassword: changePasswordSchema.shape.newPassword,
    confirmPassword: z.string().check(z.minLength(1, MSG.fillRequired)),
  })
  .check(z.refine((form) => form.newPassword === form.confirmPassword, { message: MSG.newPasswordsDoNotMatch, path: ['confirmPassword'] }));

type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The Change Password tab (spec 2): current, new and confirmed; every other session ends when it is saved. */
export function ChangePasswordForm() {
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  async function onSubmit(form: ChangePasswordForm) {
    setFailure(undefined);
    try {
      const { msg } = await changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword });
      notify.success(msg || MSG.passwordChanged);
      reset();
    } catch (error) {
      setFailure(errorText(error, MSG.passwordUpdateFailed));
    }
  }

  return (
    <form className="form profile-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <PasswordField label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters. Every other device is signed out when you save it."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <FormFailure text={failure} />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}
