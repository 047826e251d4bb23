/**
 * The one line of script in index.html's head, run before the body is painted (decision 290). A
 * prerendered page shows a visitor's view; it reads two cookies so that the first paint is already
 * the right one:
 * - the session hint: the server sets it beside a member's refresh cookie (a cookie readable by
 *   scripts that says only that this browser has a session, no token, nothing secret) and clears it
 *   when the session ends; when it is there, the prerendered page stays hidden behind the loading
 *   screen until the app has resumed the session, so a member never sees the signed-out page;
 * - the cookie consent: once answered, the cookie question of the page is hidden from the first paint.
 * A prerendered page names its scripts in a `<meta name="app-scripts">` before this line instead of
 * loading them: the line adds them once the browser reports the page's first contentful paint (a
 * frame drawn is not yet a frame shown), so that the first paint waits for no script's bytes (the
 * first is the entry, the others its chunks to preload).
 * The Content-Security-Policy allows exactly this line, by its hash.
 */
import { COOKIE_CONSENT_NAME, SESSION_HINT_COOKIE } from './shell-limits.ts';

/** The name of the meta element in which a prerendered page lists its scripts (scripts/prerender-pages.ts). */
export const APP_SCRIPTS_META = 'app-scripts';

/** How long a page waits for its first paint to be reported before it adds its scripts all the same (a browser without paint timing). */
export const APP_SCRIPTS_FALLBACK_MS = 3000;

export const FIRST_PAINT_SCRIPT = `var c=document.cookie,d=document.documentElement.dataset,m=document.querySelector('meta[name="${APP_SCRIPTS_META}"]');/(?:^|; )${SESSION_HINT_COOKIE}=1(?:;|$)/.test(c)&&(d.session="resuming");/(?:^|; )${COOKIE_CONSENT_NAME}=/.test(c)&&(d.consent="answered");if(m){var a=0,g=function(){a||(a=1,m.content.split(" ").forEach(function(u,i){var e=document.createElement(i?"link":"script");i?(e.rel="modulepreload",e.href=u):(e.type="module",e.src=u);e.crossOrigin="";document.head.appendChild(e)}))};try{new PerformanceObserver(function(l,o){l.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),setTimeout(g))}).observe({type:"paint",buffered:!0})}catch(e){}setTimeout(g,${APP_SCRIPTS_FALLBACK_MS})}`;

/** CSP source of FIRST_PAINT_SCRIPT: base64 of its SHA-256 (first-paint-script.test.ts checks it against the text). */
export const FIRST_PAINT_SCRIPT_HASH = "'sha256-aJXx+Af+tcTCte/4Hz3k8GUvcV0CM+hKbcBqysUE1b8='";
