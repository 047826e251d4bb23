import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmEmail, currentAccount } from '@/features/profile/api/profile';

/**
 * /confirm-email/:token, the link mailed to a new address. It confirms on a click, never on load:
 * mail scanners that open links must not spend it.
 */
export default function ConfirmEmailRoute() {
  const { token = '' } = useParams();
  const { account, updateAccount } = useSession();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Confirm your new e-mail address');

  async function confirm() {
    setBusy(true);
    try {
      const { msg } = await confirmEmail(token);
      setOutcome({ ok: true, text: msg || MSG.emailChanged });
      if (account) updateAccount(await currentAccount());
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error, MSG.emailChangeLinkInvalid) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page narrow" aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title">Confirm your new e-mail address</h1>
      {outcome ? (
        <div className={`notice ${outcome.ok ? 'notice-success' : 'notice-error'}`} role={outcome.ok ? 'status' : 'alert'}>
          <p>{outcome.text}</p>
          <p>{account ? <Link to="/profile">Back to your profile</Link> : <Link to="/login">Log in</Link>}</p>
        </div>
      ) : (
        <>
          <p>Your account asked to use this address from now on. Confirm it to make the change.</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={confirm}>
            {busy ? 'Confirming…' : 'Confirm my new address'}
          </button>
        </>
      )}
    </section>
  );
}
