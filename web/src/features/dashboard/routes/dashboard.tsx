import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PayoutCard } from '@/components/payout-card';

/** /dashboard, the expert's home: the payout card for now (statistics, offers and open orders come with the profiles issue). */
export default function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const { hash } = useLocation();
  // The fragment link (/dashboard#payouts) lands on its section, focused for keyboard and screen reader users.
  useEffect(() => {
    if (!hash) return;
    const section = document.getElementById(hash.slice(1));
    section?.setAttribute('tabindex', '-1');
    section?.focus();
  }, [hash]);

  return (
    <section className="page" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <PayoutCard />
    </section>
  );
}
