import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { SHELL_MSG } from '@shared/shell-texts';
import { useHydrated } from '@/lib/use-hydrated';

const SUPPORT_EMAIL = 'support@mentorship.test';

const SOCIAL = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'X (Twitter)', href: 'https://x.com/' },
];

export function Footer() {
  const hydrated = useHydrated();
  const emailId = useId();

  function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    notify.info(SHELL_MSG.newsletterComingSoon);
  }

  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <section className="footer-block" aria-labelledby={`${emailId}-title`}>
          <h2 id={`${emailId}-title`} className="footer-title">
            Stay in the loop
          </h2>
          <p>News about experts and offers, once a month.</p>
          <form className="subscribe" onSubmit={subscribe}>
            <label htmlFor={emailId} className="visually-hidden">
              Your e-mail address
            </label>
            <input id={emailId} type="email" name="email" autoComplete="email" placeholder="you@example.com" />
            <button type="submit" className="btn btn-light" disabled={!hydrated}>
              Subscribe
            </button>
          </form>
        </section>
        <nav className="footer-block" aria-label="Footer">
          <h2 className="footer-title">Platform</h2>
          <ul>
            <li>
              <Link to="/privacy#terms">Community rules</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy policy</Link>
            </li>
            <li>
              <Link to="/faq-page">FAQ</Link>
            </li>
            <li>
              <Link to="/contact-us">Contact us</Link>
            </li>
          </ul>
        </nav>
        <section className="footer-block" aria-labelledby={`${emailId}-support`}>
          <h2 id={`${emailId}-support`} className="footer-title">
            Support
          </h2>
          <p>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          <ul className="social">
            {SOCIAL.map((link) => (
              <li key={link.label}>
                <a href={link.href} rel="noopener noreferrer" target="_blank">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer-legal">© {new Date().getFullYear()} Mentorship. All rights reserved.</p>
    </footer>
  );
}
