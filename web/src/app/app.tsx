import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ToastHost } from '@/components/toast-host';
import { SessionProvider } from '@/lib/session';
import { PrerenderedContext } from './prerendered';
import type { createRouter } from './router';

/**
 * What every page sits in, with its router: the session, and the toasts. `prerendered`: the page
 * starts from HTML rendered at build time as a visitor sees it (decision 290), so the session
 * starts signed out and is resumed behind it.
 */
export function AppFrame({ prerendered = false, children }: { prerendered?: boolean; children: ReactNode }) {
  return (
    <PrerenderedContext.Provider value={prerendered}>
      <SessionProvider assumeSignedOut={prerendered}>
        {children}
        <ToastHost />
      </SessionProvider>
    </PrerenderedContext.Provider>
  );
}

export function App({ router, prerendered = false }: { router: ReturnType<typeof createRouter>; prerendered?: boolean }) {
  return (
    <AppFrame prerendered={prerendered}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
