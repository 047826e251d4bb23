import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { EarningsChart } from '@/features/dashboard/components/earnings-chart';
import { HoursPrompt } from '@/features/dashboard/components/hours-prompt';
import { OffersCard } from '@/features/dashboard/components/offers-card';
import { OpenOrdersCard } from '@/features/dashboard/components/open-orders-card';
import { PayoutCard } from '@/components/payout-card';
import { UpcomingSessions } from '@/components/upcoming-sessions';
import { StatsCard } from '@/features/dashboard/components/stats-card';
import '@/features/dashboard/dashboard.css';

/** /dashboard, the expert's home: a prompt to set their hours until they have, their statistics, the orders waiting for them, their offers, their earnings per month and the payout card. */
export default function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const { account } = useSession();
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
      {/* Hours are an expert's alone: a student is refused the call, so none is made. */}
      {account?.role === 'professor' && <HoursPrompt />}
      <UpcomingSessions />
      <div className="dashboard-grid">
        {account && <StatsCard expertId={account._id} />}
        <OpenOrdersCard />
        <OffersCard />
        <EarningsChart />
      </div>
      <PayoutCard />
    </section>
  );
}
