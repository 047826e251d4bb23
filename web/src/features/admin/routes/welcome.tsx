/**
 * /admin, the admin's home: what waits for a decision, each with a link to its page: offers to
 * moderate, withdrawals to decide, reported orders, open reports of content, and the differences the
 * last reconciliation found.
 * Each figure loads on its own, from the call of its page: one that fails leaves the others.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CATALOGUE } from '@shared/limits';
import { displayName, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getPendingOffers } from '@/features/admin/api/get-pending-offers';
import { getReconciliation } from '@/features/admin/api/payments';
import { getReportedOrders } from '@/features/admin/api/problems';
import { getReportCases } from '@/features/admin/api/reports';
import { getAdminWithdrawals } from '@/features/admin/api/withdrawals';

interface Waiting {
  to: string;
  label: string;
  /** The count as shown ("12", "100+"), or words when there is none to count. */
  load(): Promise<string>;
}

const WAITING: Waiting[] = [
  {
    to: '/admin/offers',
    label: 'Offers to moderate',
    load: async () => {
      const { length } = await getPendingOffers();
      return length >= CATALOGUE.moderationBatch ? `${length}+` : String(length);
    },
  },
  {
    to: '/admin/withdraw',
    label: 'Withdrawals to decide',
    load: async () => {
      const page = await getAdminWithdrawals('pending');
      return `${page.withdrawals.length}${page.nextCursor ? '+' : ''}`;
    },
  },
  { to: '/admin/problems', label: 'Reported orders', load: async () => String((await getReportedOrders()).length) },
  {
    to: '/admin/reports',
    label: 'Reports of content',
    load: async () => {
      const page = await getReportCases('open');
      return `${page.cases.length}${page.nextCursor ? '+' : ''}`;
    },
  },
  {
    to: '/admin/payments',
    label: 'Reconciliation differences',
    load: async () => {
      const latest = await getReconciliation();
      return latest.checkedAt ? String(latest.differences.length) : 'Not checked yet';
    },
  },
];

export default function AdminWelcomeRoute() {
  const { account } = useSession();
  useDocumentTitle('Admin');
  return (
    <section aria-labelledby="admin-welcome-title">
      <h1 id="admin-welcome-title">Welcome{account ? `, ${displayName(account)}` : ''}</h1>
      <h2>Waiting for you</h2>
      <ul className="admin-tiles">
        {WAITING.map((waiting) => (
          <li key={waiting.to}>
            <WaitingTile waiting={waiting} />
          </li>
        ))}
        <li>
          <Link to="/admin/stats">
            <span className="admin-tile-label">Platform statistics</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

function WaitingTile({ waiting }: { waiting: Waiting }) {
  const [shown, setShown] = useState<string>();
  useEffect(() => {
    let current = true;
    waiting.load().then(
      (count) => current && setShown(count),
      () => current && setShown('Could not be loaded'),
    );
    return () => {
      current = false;
    };
  }, [waiting]);
  return (
    <Link to={waiting.to} aria-busy={shown === undefined}>
      {/* A count stands out; a sentence in its place (not checked yet, not loaded) reads as text. */}
      <span className={shown === undefined || /^\d+\+?$/.test(shown) ? 'admin-tile-count' : 'admin-tile-note'}>{shown ?? '…'}</span>{' '}
      <span className="admin-tile-label">{waiting.label}</span>
    </Link>
  );
}
