import { useLocation } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { login } from '@/features/auth/api/login';
import { LoginForm } from '@/features/auth/components/login-form';
import '@/features/auth/auth.css';

/** /login and /auth. Once the session has an account, the route guard returns to where the visitor came from. */
export default function LoginRoute() {
  const session = useSession();
  const location = useLocation();
  const state = location.state as { from?: unknown; registered?: string } | null;
  useDocumentTitle('Log in');
  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      {state?.registered && (
        <p className="notice notice-success" role="status">
          {MSG.registrationMailSent} We sent the link to <strong>{state.registered}</strong>.
        </p>
      )}
      {Boolean(state?.from) && <p className="notice notice-info">{MSG.notAuthenticated}</p>}
      <LoginForm submit={login} onSuccess={({ user: account, accessToken }) => session.login(account, accessToken, 'user')} />
    </section>
  );
}
