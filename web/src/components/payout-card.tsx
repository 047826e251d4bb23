import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import { payoutDashboardLink, startOnboarding } from '@/api/payments';
import { usePayoutStatus } from '@/lib/use-payout-status';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';

/**
 * The payout card (spec 1: the dashboard's payout-connection section, reached at /dashboard#payouts):
 * whether the expert can be paid, as the provider says, and the way to connect, finish or manage
 * the account. Link failures are silent in the spec; here they say so, without leaving the page.
 */
export function PayoutCard() {
  const status = usePayoutStatus();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);

  async function go(link: () => Promise<{ url: string }>) {
    setRedirecting(true);
    try {
      window.location.assign((await link()).url);
    } catch (error) {
      setRedirecting(false);
      if (error instanceof ApiError && error.status === 401) navigate('/login');
      else notify.error(MSG.onboardingFailed);
    }
  }

  const enabled = status !== undefined && status !== 'unknown' && status.payouts_enabled;
  const started = status !== undefined && status !== 'unknown' && status.currentlyDue.length > 0;
  return (
    <section id="payouts" className="card payout-card" aria-labelledby="payouts-title">
      <h2 id="payouts-title">Payouts</h2>
      {status === undefined && <p role="status">Checking your payout account…</p>}
      {status === 'unknown' && <p>We could not check your payout account just now. Please reload the page in a moment.</p>}
      {status !== undefined && status !== 'unknown' && (
        <>
          <p>
            {enabled
              ? 'Your payout account is connected: you can publish offers and receive payments.'
              : started
                ? 'Your payout account is not complete yet: our payment provider still needs a few details.'
                : 'Connect a payout account to publish offers and receive payments. It takes a few minutes with our payment provider.'}
          </p>
          <button
            type="button"
            className={enabled ? 'btn btn-secondary' : 'btn btn-primary'}
            disabled={redirecting}
            onClick={() => void go(enabled ? payoutDashboardLink : startOnboarding)}
          >
            {redirecting ? 'Redirecting…' : enabled ? 'Manage my payout account' : started ? 'Continue the setup' : 'Connect payment account'}
          </button>
        </>
      )}
    </section>
  );
}
