import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { MSG } from '@shared/messages';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { activateAccount } from '@/features/auth/api/activate';
import '@/features/auth/auth.css';

type State = { status: 'pending' } | { status: 'failed'; msg: string };

/** Sends the token once on load; success goes to /login with the message, failure stays here with it. */
export default function ActivateRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const sent = useRef(false);
  const [state, setState] = useState<State>({ status: 'pending' });
  useDocumentTitle('Account activation');

  useEffect(() => {
    // The token is single use: never send it twice (StrictMode runs effects twice in development).
    if (sent.current) return;
    sent.current = true;
    activateAccount(token)
      .then(({ msg }) => {
        notify.success(msg || MSG.activationSuccessful);
        navigate('/login', { replace: true });
      })
      .catch((error: unknown) => {
        const msg = errorText(error, MSG.activationFailed);
        notify.error(msg);
        setState({ status: 'failed', msg });
      });
  }, [token, navigate]);

  return (
    <section className="auth-card" aria-labelledby="activate-title">
      <h1 id="activate-title">Account activation</h1>
      {state.status === 'pending' ? (
        <p role="status">Activating your account…</p>
      ) : (
        <>
          <p className="notice notice-error" role="alert">
            {state.msg}
          </p>
          <p>
            Already activated? <Link to="/login">Log in</Link>. Link expired? <Link to="/register">Register again</Link> to receive a new one.
          </p>
        </>
      )}
    </section>
  );
}
