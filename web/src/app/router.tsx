import { createBrowserRouter, type HydrationState, type LoaderFunction, matchRoutes, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { AdminLoginGuard, AnonymousOnly, RequireAdmin, RequireLogin, RequireExpertElseHome } from './guards';
import { BareLayout, RootLayout } from './root-layout';
import { NotFoundRoute } from '@/features/site/routes/not-found';

/**
 * Every page is its own chunk: a route loads its code (and zod, react-hook-form) when visited,
 * with the module's `loader` when it has one (the data of its first paint), and its
 * `HydrateFallback`, the page before its loader ran, when it has one (a prerendered shell, decision 292),
 * and its `title` and `description` when the server renders it with its data (decision 297).
 */
const page = (
  load: () => Promise<{ default: React.ComponentType; loader?: LoaderFunction; HydrateFallback?: React.ComponentType } & PageHandle>,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { default: Component, loader, HydrateFallback, title, description } = await load();
    return { Component, ...(loader && { loader }), ...(HydrateFallback && { HydrateFallback }), handle: { title, description } satisfies PageHandle };
  },
});

/** What a page module tells the server that renders it with its data (web/src/prerender.tsx): its title and description, from its loader's answer. */
export interface PageHandle {
  /** Each takes the answer of the page's own loader, whatever its type. */
  title?: (data: never) => string;
  /** What search engines show under the page's title; the site's own when none. */
  description?: (data: never) => string | undefined;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, ...page(() => import('@/features/site/routes/home')) },
      { path: 'experts', ...page(() => import('@/features/experts/routes/directory')) },
      { path: 'teacher/:id', ...page(() => import('@/features/experts/routes/profile')) },
      { path: 'favorites', ...page(() => import('@/features/experts/routes/favorites')) },
      { path: 'privacy', ...page(() => import('@/features/site/routes/privacy')) },
      { path: 'activate/:token', ...page(() => import('@/features/auth/routes/activate')) },
      { path: 'confirm-email/:token', ...page(() => import('@/features/profile/routes/confirm-email')) },
      { path: 'contact-us', ...page(() => import('@/features/site/routes/contact')) },
      { path: 'faq-page', ...page(() => import('@/features/site/routes/faq')) },
      { path: 'create', ...page(() => import('@/features/site/routes/onboarding-result')) },
      { path: 'choose-password', ...page(() => import('@/features/auth/routes/choose-password')) },
      {
        element: <AnonymousOnly />,
        children: [
          { path: 'login', ...page(() => import('@/features/auth/routes/login')) },
          { path: 'auth', ...page(() => import('@/features/auth/routes/login')) },
          { path: 'register', ...page(() => import('@/features/auth/routes/register')) },
          { path: 'forgot-password', ...page(() => import('@/features/auth/routes/forgot-password')) },
          { path: 'reset-password/:token', ...page(() => import('@/features/auth/routes/reset-password')) },
        ],
      },
      {
        element: <RequireLogin />,
        children: [
          { path: 'profile', ...page(() => import('@/features/profile/routes/profile')) },
          { path: 'messages', ...page(() => import('@/features/chat/routes/messages')) },
          // A booked call's room (issue 26); the server lets in its two participants only.
          { path: 'room/:orderId', ...page(() => import('@/features/rooms/routes/room')) },
          { path: 'create-offer', ...page(() => import('@/features/offers/routes/create-offer')) },
        ],
      },
      {
        element: <RequireLogin roles={['professor']} />,
        children: [
          { path: 'dashboard', ...page(() => import('@/features/dashboard/routes/dashboard')) },
          { path: 'my-offers', ...page(() => import('@/features/offers/routes/my-offers')) },
          { path: 'offers/:id', ...page(() => import('@/features/offers/routes/edit-offer')) },
        ],
      },
      { element: <RequireExpertElseHome />, children: [{ path: 'earnings', ...page(() => import('@/features/earnings/routes/earnings')) }] },
      { element: <RequireLogin roles={['user']} />, children: [{ path: 'order-history', ...page(() => import('@/features/orders/routes/order-history')) }] },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    path: '/admin/login',
    element: <BareLayout />,
    HydrateFallback: LoadingScreen,
    children: [{ element: <AdminLoginGuard />, children: [{ index: true, ...page(() => import('@/features/auth/routes/admin-login')) }] }],
  },
  {
    path: '/admin',
    element: <RequireAdmin />,
    HydrateFallback: LoadingScreen,
    children: [
      {
        ...page(() => import('@/features/admin/routes/admin-layout')),
        children: [
          { index: true, ...page(() => import('@/features/admin/routes/welcome')) },
          { path: 'stats', ...page(() => import('@/features/admin/routes/stats')) },
          { path: 'offers', ...page(() => import('@/features/admin/routes/offers')) },
          { path: 'users', ...page(() => import('@/features/admin/routes/users')) },
          { path: 'payments', ...page(() => import('@/features/admin/routes/payments')) },
          { path: 'problems', ...page(() => import('@/features/admin/routes/problems')) },
          { path: 'reports', ...page(() => import('@/features/admin/routes/reports')) },
          { path: 'create-user', ...page(() => import('@/features/admin/routes/create-user')) },
          { path: 'withdraw', ...page(() => import('@/features/admin/routes/withdrawals')) },
          { path: 'audit', ...page(() => import('@/features/admin/routes/audit')) },
          { path: 'security', ...page(() => import('@/features/admin/routes/security')) },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/** `hydrationData`: the answers of the page's loaders, when the server rendered it with them (decision 297). */
export const createRouter = (hydrationData?: HydrationState) => createBrowserRouter(routes, hydrationData && { hydrationData });

/**
 * Loads the code of the routes a path matches, in place, so that a router made next renders that
 * page at once: a prerendered page is hydrated by the same page, never by a loading screen.
 */
export async function loadRoutesOf(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
