import { RouterProvider } from 'react-router-dom';
import { ToastHost } from '@/components/toast-host';
import { SessionProvider } from '@/lib/session';
import type { createRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
      <ToastHost />
    </SessionProvider>
  );
}
