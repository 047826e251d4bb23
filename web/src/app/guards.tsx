/** Route guards of spec 1 sections 2 and 6 and spec 2 section 2. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { SHELL_MSG } from '@shared/shell-texts';
import { LoadingScreen } from '@/components/loading-screen';
import type { Role } from '@shared/roles';
import { useSession } from '@/lib/session';
import { NotFoundRoute } from '@/features/site/routes/not-found';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

const whereFrom = (location: Location) => {
  const from = (location.state as FromState | null)?.from;
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/';
};

/** A member whose password an admin set chooses their own before any signed-in page. */
const CHOOSE_PASSWORD = '/choose-password';

/** /login, /register, /auth...: a signed-in visitor goes back where they came from, else home. */
export function AnonymousOnly() {
  const { loading, account } = useSession();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (account) return <Navigate to={account.mustChangePassword ? CHOOSE_PASSWORD : whereFrom(location)} replace />;
  return <Outlet />;
}

/** Waits for the session, then sends visitors to /auth with the page they wanted. */
export function RequireLogin({ roles, message }: { roles?: readonly Role[]; message?: string }) {
  const { loading, account } = useSession();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!account) {
    return (
      <ToastThen message={message}>
        <Navigate to="/auth" replace state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } } satisfies FromState} />
      </ToastThen>
    );
  }
  if (account.mustChangePassword) return <Navigate to={CHOOSE_PASSWORD} replace />;
  if (roles && !roles.includes(account.role)) return <NotFoundRoute />;
  return <Outlet />;
}

/** /earnings: experts only; students go home, guests to /auth with 'You must be logged in'. */
export function RequireExpertElseHome() {
  const { loading, account } = useSession();
  if (loading) return <LoadingScreen />;
  if (account && account.role !== 'professor') return <Navigate to="/" replace />;
  return <RequireLogin roles={['professor']} message={SHELL_MSG.mustBeLoggedIn} />;
}

export function RequireAdmin() {
  const { loading, account } = useSession();
  if (loading) return <LoadingScreen />;
  if (account?.role !== 'admin') return <Navigate to="/admin/login" replace />;
  return <Outlet />;
}

/** /admin/login: an admin goes to /admin, anyone else signed in to /. */
export function AdminLoginGuard() {
  const { loading, account } = useSession();
  if (loading) return <LoadingScreen />;
  if (account) return <Navigate to={account.role === 'admin' ? '/admin' : '/'} replace />;
  return <Outlet />;
}

function ToastThen({ message, children }: { message?: string; children: ReactNode }) {
  const shown = useRef(false);
  useEffect(() => {
    if (message && !shown.current) {
      shown.current = true;
      notify.error(message, { toastId: message });
    }
  }, [message]);
  return children;
}
