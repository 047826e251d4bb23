import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { UI } from '@shared/shell-limits';
import { CookieBanner } from '@/components/cookie-banner';
import { Header } from '@/components/layout/header';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { LoadingScreen } from '@/components/loading-screen';
import { useSession } from '@/lib/session';
import { BrandLink } from '@/components/layout/brand-link';
import { usePrerendered } from './prerendered';
import { useMemberRealtime } from './use-member-realtime';

/**
 * The footer, below every page's fold, loads apart from the first bundle. A prerendered page holds
 * its HTML already, and React hydrates it once its code is here.
 */
const Footer = lazy(() => import('@/components/layout/footer').then(({ Footer }) => ({ default: Footer })));

/**
 * One element for every render of the frame: a boundary still waiting to hydrate that is handed new
 * props is drawn anew instead, its server HTML (and what a visitor typed in it) thrown away, so the
 * frame's re-renders (the session resumed, a loader's answer) must leave it as it is (decision 305).
 */
const FOOTER = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);

/** Shows the loading screen at least UI.loadingScreenMs at start and until the session is known. */
export function useStartupDelay(): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), Math.max(0, UI.loadingScreenMs - loadingScreenShownFor()));
    return () => clearTimeout(timer);
  }, []);
  return waited;
}

/**
 * True once the loading screen has shown long enough and the session is known. The first page is
 * then rendered as a deferred update, which React renders in slices between which the browser stays
 * responsive, instead of one long task (header, page, footer and banner at once).
 */
function useStartupDone(): boolean {
  const { loading } = useSession();
  const waited = useStartupDelay();
  return useDeferredValue(!loading && waited);
}

/**
 * index.html paints the same loading screen before any JavaScript arrives: the ~500 ms count from
 * that first paint, not from React's start, so a slow network does not add them on top.
 */
function loadingScreenShownFor(): number {
  const firstPaint = performance.getEntriesByType?.('paint').find((entry) => entry.name === 'first-paint');
  return firstPaint ? performance.now() - firstPaint.startTime : 0;
}

/** After a client-side navigation, focus goes to the new page's main content (screen readers, keyboard). */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  // The path whose page got the focus last; the first page keeps the browser's own focus.
  const focusedPathname = useRef(pathname);
  useEffect(() => {
    if (focusedPathname.current === pathname) return;
    focusedPathname.current = pathname;
    const main = document.getElementById('main');
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    } else main?.focus({ preventScroll: true });
  }, [pathname]);
}

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}

/** The common layout of the public site and the account area: header, page, footer, cookie banner. A prerendered page is on screen already: no loading screen. */
export function RootLayout() {
  const prerendered = usePrerendered();
  const done = useStartupDone();
  if (!prerendered && !done) return <LoadingScreen />;
  return <SiteFrame />;
}

function SiteFrame() {
  useFocusOnNavigation();
  useMemberRealtime(useSession().account);
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {FOOTER}
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}

/** Pages outside the site frame (admin login): just the page. */
export function BareLayout() {
  if (!useStartupDone()) return <LoadingScreen />;
  return (
    <>
      <SkipLink />
      <header className="bare-header">
        <BrandLink />
      </header>
      <main id="main" tabIndex={-1} className="bare-main">
        <Outlet />
      </main>
    </>
  );
}
