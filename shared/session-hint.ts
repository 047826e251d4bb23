/**
 * A prerendered page shows the signed-out view (decision 290). So that a member never sees it flash
 * before their own, the server sets a hint beside the refresh cookie: a cookie readable by scripts
 * that says only that this browser has a session (no token, nothing secret), and clears it when the
 * session ends. A line of script in index.html's head reads it before the first paint and, when it
 * is there, keeps the prerendered page hidden behind the loading screen until the app has resumed
 * the session. The Content-Security-Policy allows exactly that line, by its hash.
 */
export const SESSION_HINT_COOKIE = 'signedIn';

/** Runs in the head before the body is painted; its text is hashed into the CSP (SESSION_HINT_SCRIPT_HASH). */
export const SESSION_HINT_SCRIPT = `/(?:^|; )${SESSION_HINT_COOKIE}=1(?:;|$)/.test(document.cookie)&&(document.documentElement.dataset.session="resuming")`;

/** CSP source of SESSION_HINT_SCRIPT: base64 of its SHA-256 (security-headers.test.ts checks it against the text). */
export const SESSION_HINT_SCRIPT_HASH = "'sha256-e3Q0g5lXSJcY6t9es6BHQwUobMZV/YLAACPth4baSFI='";
