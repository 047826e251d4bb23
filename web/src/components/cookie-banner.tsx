import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { roomPath } from '@shared/app-paths';
import { COOKIE_CONSENT_NAME, UI } from '@shared/shell-limits';
import { readCookie, writeCookie } from '@/lib/cookies';
import { store } from '@/lib/storage';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Asks once; the answer is kept 150 days in the cookieConsent cookie (a decline also in storage).
 * It reads the cookie once the page is on screen: a prerendered page (decision 290) is painted with
 * the question, which index.html's first-paint line hides at once for someone who answered it.
 * A call's room never shows it: fixed at the bottom of a phone's screen, it would cover the call's
 * controls; it asks on the next page (decision 350).
 */
export function CookieBanner() {
  const hydrated = useHydrated();
  const [answered, setAnswered] = useState(false);
  useEffect(() => setAnswered(readCookie(COOKIE_CONSENT_NAME) !== undefined), []);
  const inRoom = useLocation().pathname.startsWith(roomPath(''));
  if (answered || inRoom) return null;

  function answer(accepted: boolean) {
    writeCookie(COOKIE_CONSENT_NAME, String(accepted), UI.cookieConsentDays);
    if (!accepted) store(COOKIE_CONSENT_NAME, 'false');
    setAnswered(true);
  }

  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p>
        We use cookies to keep you signed in and to remember your choices. See our <Link to="/privacy">privacy policy</Link>.
      </p>
      <div className="cookie-actions">
        <button type="button" className="btn btn-secondary" disabled={!hydrated} onClick={() => answer(false)}>
          Decline
        </button>
        <button type="button" className="btn btn-primary" disabled={!hydrated} onClick={() => answer(true)}>
          Accept
        </button>
      </div>
    </section>
  );
}
