/**
 * /admin/security: the signed-in admin changes their authenticator secret. The password and a current
 * code make a new secret (shown to type or paste into the app, as `npm run admin:enrol` prints it);
 * a code of the new secret confirms it, and the new recovery codes are shown once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { NewSecondFactor } from '@shared/schemas/admin';
import { MSG } from '@shared/web-texts';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmSecondFactorChange, secondFactorChangeSchema, secondFactorConfirmSchema, startSecondFactorChange } from '@/features/admin/api/second-factor';

type ProofForm = z.input<typeof secondFactorChangeSchema>;
type ProofBody = z.output<typeof secondFactorChangeSchema>;
type ConfirmForm = z.input<typeof secondFactorConfirmSchema>;
type ConfirmBody = z.output<typeof secondFactorConfirmSchema>;

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** Step 1: the password and a code of the factor in use. */
function ProveForm({ onStarted }: { onStarted: (started: NewSecondFactor) => void }) {
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProofForm, unknown, ProofBody>({ resolver: zodResolver(secondFactorChangeSchema), defaultValues: { password: '', code: '' } });

  async function onSubmit(body: ProofBody) {
    setFailure(undefined);
    try {
      onStarted(await startSecondFactorChange(body));
    } catch (error) {
      setFailure(errorText(error, MSG.secondFactorChangeFailed));
    }
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <TextField
        label="Current code"
        hint="From your authenticator app, or a recovery code"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <FormFailure text={failure} />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : 'Make a new secret'}
      </button>
    </form>
  );
}

/** Step 2: the new secret to add to the app, and its first code to confirm it. */
function ConfirmNewSecret({ started, onConfirmed }: { started: NewSecondFactor; onConfirmed: (msg: string, codes: string[]) => void }) {
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmForm, unknown, ConfirmBody>({ resolver: zodResolver(secondFactorConfirmSchema), defaultValues: { code: '' } });

  async function onSubmit(body: ConfirmBody) {
    setFailure(undefined);
    try {
      const { msg, recoveryCodes } = await confirmSecondFactorChange(body.code);
      onConfirmed(msg, recoveryCodes);
    } catch (error) {
      setFailure(errorText(error, MSG.secondFactorChangeFailed));
    }
  }

  return (
    <>
      <p>
        Add this secret to your authenticator app (“enter a setup key”, time-based), or paste the address into it. Your current secret keeps working until you
        confirm, before {timeOf(started.expiresAt)}.
      </p>
      <dl className="admin-secret">
        <dt>Secret</dt>
        <dd>
          <code>{started.secret}</code>
        </dd>
        <dt>Authenticator address</dt>
        <dd>
          <code>{started.uri}</code>
        </dd>
      </dl>
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField label="Code from the new secret" inputMode="numeric" autoComplete="one-time-code" error={errors.code?.message} {...register('code')} />
        <FormFailure text={failure} />
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Confirming…' : 'Confirm the new secret'}
        </button>
      </form>
    </>
  );
}

export default function AdminSecurityRoute() {
  useDocumentTitle('Security');
  const [started, setStarted] = useState<NewSecondFactor>();
  const [done, setDone] = useState<{ msg: string; codes: string[] }>();

  return (
    <section aria-labelledby="admin-security-title" className="admin-security">
      <h1 id="admin-security-title">Security</h1>
      <h2>Authenticator secret</h2>
      {done ? (
        <>
          <p role="status">{done.msg}</p>
          <p>Your new recovery codes, shown only now: keep them somewhere safe. Each opens the admin login once in place of a code.</p>
          <ul className="admin-recovery-codes" aria-label="Recovery codes">
            {done.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </>
      ) : started ? (
        <ConfirmNewSecret started={started} onConfirmed={(msg, codes) => setDone({ msg, codes })} />
      ) : (
        <>
          <p>Move your second factor to a new authenticator app or device. Every other admin session ends once the new secret is confirmed.</p>
          <ProveForm onStarted={setStarted} />
        </>
      )}
    </section>
  );
}
