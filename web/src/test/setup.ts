import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The web files share their worker's jsdom (isolate: false in vitest.config.ts: a fresh jsdom per
// file was most of the project's time). Each file still starts as on a fresh page: the app's modules
// loaded anew (their state: the toasts' host, the session, the realtime channel), nothing stored and
// nothing on screen, at the site's root, with the real timers and globals.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split('; ')) {
  const name = cookie.split('=')[0];
  // biome-ignore lint/suspicious/noDocumentCookie: the test DOM has no Cookie Store API; this clears what the app's cookies (document.cookie) wrote
  if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
}
document.head.innerHTML = '';
document.body.innerHTML = '';
history.replaceState(null, '', '/');

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// jsdom has no media queries; Chartist asks for them (its responsive options) before it draws. No
// query matches here, as in a browser whose window matches none of the app's.
window.matchMedia ??= (media: string) => ({
  media,
  matches: false,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
