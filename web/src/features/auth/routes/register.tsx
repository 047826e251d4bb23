import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RegisterForm } from '@/features/auth/components/register-form';
import '@/features/auth/auth.css';

/** After success the login page says to check the inbox (the account must be activated first). */
export default function RegisterRoute() {
  const navigate = useNavigate();
  useDocumentTitle('Sign up');
  return (
    <section className="auth-card auth-card-wide" aria-labelledby="register-title">
      <h1 id="register-title">Create your account</h1>
      <p className="lead">Students find experts; mentors share what they know and get paid for it.</p>
      <RegisterForm onRegistered={(email) => navigate('/login', { state: { registered: email } })} />
    </section>
  );
}
