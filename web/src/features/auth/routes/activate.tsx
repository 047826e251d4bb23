import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { MSG } from '@shared/web-texts';
import { PasswordField } from '@/components/form/password-field';
import { errorCode, errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { activateAccount, activateSchema } from '@/features/auth/api/activate';
import '@/features/auth/auth.css';

const activateFormSchema = z.object({ password: activateSchema.shape.password });
type ActivateForm = z.infer<typeof activateFormSchema>;

/**
 * Asks for the password chosen at registration before the link activates anything: anyone can
 * register an address, so only the mailbox's link together with its owner's password is proof.
 */
export default function ActivateRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ text: string; linkInvalid: boolean }>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ActivateForm>({ resolver: zodResolver(activateFormSchema), defaultValues: { password: '' } });
  useDocumentTitle('Account activation');

  async function onSubmit(form: ActivateForm) {
    setFailure(undefined);
    try {
      const { msg } = await activateAccount({ token, password: form.password });
      notify.success(msg || MSG.activationSuccessful);
      navigate('/login', { replace: true });
    } catch (error) {
      const code = errorCode(error);
      setFailure({ text: errorText(error, MSG.activationFailed), linkInvalid: code === 'activation_link_invalid' || code === 'validation_failed' });
    }
  }

  return (
    <section className="auth-card" aria-labelledby="activate-title">
      <h1 id="activate-title">Account activation</h1>
      <p>To activate your account, enter the password you chose when you registered.</p>
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        {failure && (
          <div className="notice notice-error" role="alert">
            <p>{failure.text}</p>
            {failure.linkInvalid && (
              <p>
                Already activated? <Link to="/login">Log in</Link>. Link expired? <Link to="/register">Register again</Link> to receive a new one.
              </p>
            )}
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {isSubmitting ? 'Activating…' : 'Activate account'}
        </button>
      </form>
    </section>
  );
}
