/**
 * The limits and timings of the SPA's shell (layout, toasts, cookie banner, the search box): loaded
 * with every page, so apart from the other limits, which load with the pages that use them. Anything
 * else imports them through limits.ts, which includes them (as shell-texts.ts is to texts.ts).
 */
export const UI = {
  toastAutoCloseMs: 5000,
  cookieConsentDays: 150,
  loadingScreenMs: 500,
  /** A navigation that takes longer than this shows the bar along the top of the window. */
  navigationProgressDelayMs: 150,
} as const;

export const COOKIE_CONSENT_NAME = 'cookieConsent';
/** A member's session hint, which a prerendered page reads before its first paint (shared/first-paint-script.ts). */
export const SESSION_HINT_COOKIE = 'signedIn';

/** The longest search query (spec 1 section 9). */
export const SEARCH_MAX = 50;
