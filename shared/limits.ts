/** Business constants and limits of the specification (spec 1 and 2, section 9), once. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  nameMax: 100,
  textCap: 2000,
  contactMessageMax: 2000,
  phoneMax: 30,
  searchMax: 50,
  offerTitleMin: 10,
  offerTitleMax: 50,
  offerDescriptionMin: 10,
  offerDescriptionMax: 500,
  offerPriceMax: 999_999,
  photoMaxBytes: 2 * 1024 * 1024,
  adminPasswordMin: 6,
} as const;

/** Session and account timings (server side; where the spec is silent see docs/decisions.md). */
export const AUTH_TIMINGS = {
  accessTokenSeconds: 15 * 60,
  refreshTokenSeconds: 30 * 24 * 60 * 60,
  activationTokenSeconds: 24 * 60 * 60,
  resetTokenSeconds: 60 * 60,
  loginFailureWindowSeconds: 15 * 60,
  loginFailureLimit: 5,
  /** Activation and reset mails to one address: a cap against mail bombing and SES reputation damage. */
  accountMailLimit: 5,
  accountMailWindowSeconds: 60 * 60,
} as const;

/** Data retention of the privacy policy. */
export const RETENTION = {
  contactMessageSeconds: 183 * 24 * 60 * 60,
  logRetentionDays: 365,
} as const;

export const UI = {
  toastAutoCloseMs: 5000,
  cookieConsentDays: 150,
  loadingScreenMs: 500,
} as const;

export const COOKIE_CONSENT_NAME = 'cookieConsent';
