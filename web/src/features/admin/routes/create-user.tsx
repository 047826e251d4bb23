/**
 * /admin/create-user (spec 2: the sidebar's Add User): an active student account, with the spec's
 * French messages. The password is temporary: the member chooses their own at first sign-in, and
 * the address gets a welcome mail. The new member is then shown in the users list.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type * as z from 'zod/mini';
import { MSG } from '@shared/web-texts';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { adminCreateUserSchema, createAdminUser } from '@/features/admin/api/users';

type CreateForm = z.input<typeof adminCreateUserSchema>;
type CreateBody = z.output<typeof adminCreateUserSchema>;

export default function AdminCreateUserRoute() {
  useDocumentTitle('Add User');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CreateForm, unknown, CreateBody>({
    resolver: zodResolver(adminCreateUserSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  async function onSubmit(body: CreateBody) {
    setFailure(undefined);
    try {
      const { msg, user } = await createAdminUser(body);
      notify.success(msg);
      navigate(`/admin/users?q=${encodeURIComponent(user.email)}`);
    } catch (error) {
      setFailure(errorText(error, MSG.userCreateFailed));
    }
  }

  return (
    <section aria-labelledby="admin-create-user-title" className="admin-create-user">
      <h1 id="admin-create-user-title">Add User</h1>
      <p>The account is a student’s, active at once. The password you set is temporary: they choose their own when they first sign in.</p>
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField label="First name" autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <PasswordField label="Temporary password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <FormFailure text={failure} />
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create user'}
        </button>
      </form>
    </section>
  );
}
