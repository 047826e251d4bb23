import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ToastHost } from '@/components/toast-host';
import { SessionProvider } from '@/lib/session';
import type { Account } from '@shared/schemas/account';

/** Renders routes as the app does (session, toasts), starting at a path, with a known session. */
export function renderRoutes(routes: RouteObject[], { path = '/', account = null }: { path?: string; account?: Account | null } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <SessionProvider initialAccount={account}>
      <RouterProvider router={router} />
      <ToastHost />
    </SessionProvider>,
  );
  return { ...view, router };
}

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
