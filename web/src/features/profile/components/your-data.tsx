import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import { PasswordField } from '@/components/form/password-field';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { deleteAccount } from '@/features/profile/api/profile';
import { DataExport } from '@/features/profile/components/data-export';

/**
 * "Your data" (issue 15): download everything the product holds about the member as JSON (built
 * by a job into the private bucket, fetched through a short-lived address: data-export.tsx), and
 * delete the account after confirming with the password; the server refuses while money is owed
 * and says what is left.
 */
export function YourData() {
  const id = useId();
  const navigate = useNavigate();
  const { logout } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  async function confirmDeletion(event: FormEvent) {
    event.preventDefault();
    if (!password) return setRefusal(MSG.fillRequired);
    setDeleting(true);
    setRefusal(undefined);
    try {
      const { msg } = await deleteAccount(password);
      notify.success(msg);
      await logout();
      navigate('/', { replace: true });
    } catch (error) {
      setRefusal(errorText(error) || MSG.deleteAccountLoadFailed);
      setDeleting(false);
    }
  }

  return (
    <section className="your-data" id="your-data" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your data</h2>
      <p>
        Download everything we hold about you (profile, offers, conversations and messages, orders, reviews, ledger lines) as a JSON file. We prepare it in the
        background and e-mail you when it is ready.
      </p>
      <DataExport />
      <h3>Delete my account</h3>
      <p>
        Your name, address, photo and profile are erased and your offers leave the catalogue; orders, reviews and messages others still need stay, shown as
        &quot;Former member&quot;. Deleting is refused while money is owed to or by you: a balance, a debt, an open order, or a payment of the last 120 days
        that can still be disputed.
      </p>
      {confirming ? (
        <form className="form profile-form" noValidate onSubmit={confirmDeletion}>
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            hint="This cannot be undone."
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoFocus
          />
          <FormFailure text={refusal} />
          <div className="modal-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setConfirming(false);
                setRefusal(undefined);
              }}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-danger" disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete my account for good'}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      )}
    </section>
  );
}
