/**
 * The one line of script in index.html's head, run before the body is painted (decision 290). A
 * prerendered page shows a visitor's view; it reads two cookies so that the first paint is already
 * the right one:
 * - the session hint: the server sets it beside a member's refresh cookie (a cookie readable by
 *   scripts that says only that this browser has a session, no token, nothing secret) and clears it
 *   when the session ends; when it is there, the prerendered page stays hidden behind the loading
 *   screen until the app has resumed the session, so a member never sees the signed-out page;
 * - the cookie consent: once answered, the cookie question of the page is hidden from the first paint.
 * The Content-Security-Policy allows exactly this line, by its hash.
 */
import { COOKIE_CONSENT_NAME, SESSION_HINT_COOKIE } from './shell-limits';

export const FIRST_PAINT_SCRIPT = `var c=document.cookie,d=document.documentElement.dataset;/(?:^|; )${SESSION_HINT_COOKIE}=1(?:;|$)/.test(c)&&(d.session="resuming");/(?:^|; )${COOKIE_CONSENT_NAME}=/.test(c)&&(d.consent="answered")`;

/** CSP source of FIRST_PAINT_SCRIPT: base64 of its SHA-256 (first-paint-script.test.ts checks it against the text). */
export const FIRST_PAINT_SCRIPT_HASH = "'sha256-CtyThdBjyOvRFgEUimiHAdJabUGZbNwBGgBipDE8f9o='";
