import { useNavigate } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { adminLogin } from '@/features/auth/api/admin-login';
import { LoginForm } from '@/features/auth/components/login-form';
import '@/features/auth/auth.css';

export default function AdminLoginRoute() {
  const session = useSession();
  const navigate = useNavigate();
  useDocumentTitle('Admin login');
  return (
    <section className="auth-card" aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">Admin login</h1>
      <LoginForm
        submit={adminLogin}
        failureFallback={MSG.adminLoginFailed}
        withAccountLinks={false}
        withSecondFactor
        onSuccess={({ user: account, accessToken }) => {
          session.login(account, accessToken, 'admin');
          navigate('/admin', { replace: true });
        }}
      />
    </section>
  );
}
