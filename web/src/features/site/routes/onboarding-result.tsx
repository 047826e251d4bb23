import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { MSG } from '@shared/web-texts';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { startOnboarding } from '@/api/payments';
import { usePayoutStatus } from '@/lib/use-payout-status';
import '@/features/site/site.css';

/** /create?stripe=success|failed: where the payout provider sends the expert back. */
export default function OnboardingResultRoute() {
  const [params] = useSearchParams();
  const outcome = params.get('stripe');
  const navigate = useNavigate();
  const [retrying, setRetrying] = useState(false);
  useDocumentTitle('Payout account');

  async function retry() {
    setRetrying(true);
    try {
      const { url } = await startOnboarding();
      window.location.assign(url);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) navigate('/login');
      else notify.error(MSG.onboardingFailed);
      setRetrying(false);
    }
  }

  if (outcome === 'success') return <OnboardingReturn retry={retry} retrying={retrying} />;
  if (outcome === 'failed') {
    return (
      <section className="page narrow result result-failed" aria-labelledby="result-title">
        <h1 id="result-title">Payout account not connected</h1>
        <p>The connection of your payout account did not complete. Nothing was charged; you can try again now.</p>
        <p>
          <button type="button" className="btn btn-primary" onClick={() => void retry()} disabled={retrying}>
            {retrying ? 'Redirecting…' : 'Try again'}
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="page narrow result" aria-labelledby="result-title">
      <h1 id="result-title">Payout account</h1>
      <p>There is no onboarding result to show here.</p>
      <p>
        <Link to="/">Back to home</Link>
      </p>
    </section>
  );
}

/**
 * Stripe sends the expert back here whether onboarding was completed or left unfinished: what the
 * provider holds says which, and the session learns it at once (the webhook may come a moment later).
 */
function OnboardingReturn({ retry, retrying }: { retry: () => Promise<void>; retrying: boolean }) {
  const status = usePayoutStatus();

  if (status === undefined)
    return (
      <p className="page narrow" role="status">
        Checking your payout account…
      </p>
    );
  if (status === 'unknown') {
    return (
      <section className="page narrow result" aria-labelledby="result-title">
        <h1 id="result-title">Payout account</h1>
        <p>We could not check your payout account just now. Its status shows on your dashboard in a moment.</p>
        <p>
          <Link to="/dashboard">Go to my dashboard</Link>
        </p>
      </section>
    );
  }
  if (!status.payouts_enabled) {
    return (
      <section className="page narrow result result-failed" aria-labelledby="result-title">
        <h1 id="result-title">Your payout account is not complete yet</h1>
        <p>
          Our payment provider still needs a few details before you can receive payments
          {status.currentlyDue.length > 0 ? ` (${status.currentlyDue.length} to go)` : ''}. It takes a few minutes.
        </p>
        <p>
          <button type="button" className="btn btn-primary" onClick={() => void retry()} disabled={retrying}>
            {retrying ? 'Redirecting…' : 'Continue the setup'}
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="page narrow result result-success" aria-labelledby="result-title">
      <h1 id="result-title">Your payout account is connected</h1>
      <p>You can now publish offers and receive payments. Earnings become available to withdraw once your students approve the work.</p>
      <p>
        <Link className="btn btn-primary" to="/create-offer">
          Create an offer
        </Link>{' '}
        <Link className="btn btn-secondary" to="/dashboard">
          Go to my dashboard
        </Link>
      </p>
    </section>
  );
}
