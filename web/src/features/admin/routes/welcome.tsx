import { Link } from 'react-router-dom';
import { displayName, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function AdminWelcomeRoute() {
  const { account } = useSession();
  useDocumentTitle('Admin');
  return (
    <section aria-labelledby="admin-welcome-title">
      <h1 id="admin-welcome-title">Welcome{account ? `, ${displayName(account)}` : ''}</h1>
      <p>From here you moderate offers, manage users, follow payments and decide withdrawals.</p>
      <ul className="admin-tiles">
        <li>
          <Link to="/admin/offers">Offers waiting for approval</Link>
        </li>
        <li>
          <Link to="/admin/withdraw">Withdrawal requests</Link>
        </li>
        <li>
          <Link to="/admin/payments">Payments and the platform’s exposure</Link>
        </li>
        <li>
          <Link to="/admin/stats">Platform statistics</Link>
        </li>
      </ul>
    </section>
  );
}
