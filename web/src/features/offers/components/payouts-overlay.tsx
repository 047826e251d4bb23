import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import { keepTabInside } from '@/lib/keep-tab-inside';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { startOnboarding } from '@/api/payments';

/**
 * Blocks offer creation until the expert's payout account is connected (spec 1 section 2): a modal
 * dialog that keeps focus inside and cannot be dismissed; the page behind it is inert. The ways
 * out are connecting the account, the payout section of the dashboard, or home.
 */
export function PayoutsOverlay() {
  const titleId = useId();
  const textId = useId();
  const connectRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => connectRef.current?.focus(), []);

  async function connect() {
    setRedirecting(true);
    try {
      const { url } = await startOnboarding();
      window.location.assign(url);
    } catch (error) {
      setRedirecting(false);
      if (error instanceof ApiError && error.status === 401) navigate('/login');
      else notify.error(MSG.onboardingFailed);
    }
  }

  return createPortal(
    <div className="modal-backdrop">
      <div className="modal payouts-overlay" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} onKeyDown={keepTabInside}>
        <h2 id={titleId}>Payment account required</h2>
        <p id={textId}>{MSG.payoutsRequired}</p>
        <div className="modal-actions">
          <Link className="btn btn-secondary" to="/">
            Back to home
          </Link>
          <button type="button" ref={connectRef} className="btn btn-primary" onClick={() => void connect()} disabled={redirecting}>
            {redirecting ? 'Redirecting…' : 'Connect payment account'}
          </button>
        </div>
        <p className="payouts-overlay-aside">
          <Link to="/dashboard#payouts">Open the payout section of my dashboard</Link>
        </p>
      </div>
    </div>,
    document.body,
  );
}
