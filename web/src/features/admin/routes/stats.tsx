/**
 * /admin/stats (spec 2: the sidebar's Statistics, GET /admin/statistics): the five figures now, each
 * charted over the last 90 days from the daily snapshots, and the orders and the platform's revenue
 * (its fees) per week. Every chart has its table.
 */
import { useCallback, useEffect, useState } from 'react';
import { formatEuros } from '@shared/money';
import type { AdminStatistics, AdminTotals } from '@shared/schemas/admin-views';
import { MSG } from '@shared/web-texts';
import { Chart, type ChartPoint } from '@/components/chart/chart';
import { LoadProblem } from '@/components/load-problem';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getStatistics } from '@/features/admin/api/statistics';

const count = (value: number) => new Intl.NumberFormat('en-IE').format(value);

const FIGURES: { key: keyof AdminTotals; label: string; format(value: number): string }[] = [
  { key: 'totalUsers', label: 'Users', format: count },
  { key: 'totalProfessors', label: 'Experts', format: count },
  { key: 'totalOffers', label: 'Offers', format: count },
  { key: 'actualOffers', label: 'Published offers', format: count },
  { key: 'totalOfferSum', label: 'Published offers’ value', format: formatEuros },
];

export default function AdminStatsRoute() {
  useDocumentTitle('Statistics');
  const [state, setState] = useState<{ data?: AdminStatistics; failed?: boolean }>({});

  const load = useCallback(() => {
    setState({});
    getStatistics().then(
      (data) => setState({ data }),
      () => {
        notify.error(MSG.adminStatisticsLoadFailed);
        setState({ failed: true });
      },
    );
  }, []);
  useEffect(load, [load]);

  const { data } = state;
  return (
    <section aria-labelledby="admin-stats-title" className="admin-stats" aria-busy={!data && !state.failed}>
      <h1 id="admin-stats-title">Statistics</h1>
      {!data && !state.failed && <p role="status">{MSG.loading}</p>}
      {state.failed && <LoadProblem problem={MSG.adminStatisticsLoadFailed} onRetry={load} />}
      {data && <Figures data={data} />}
    </section>
  );
}

function Figures({ data }: { data: AdminStatistics }) {
  const { days, weeks } = data.history;
  const overDays = (key: keyof AdminTotals): ChartPoint[] => days.map((day) => ({ label: day.date, value: day[key] }));
  return (
    <>
      <dl className="admin-figures">
        {FIGURES.map((figure) => (
          <div key={figure.key}>
            <dt>{figure.label}</dt>
            <dd>{figure.format(data[figure.key])}</dd>
          </div>
        ))}
      </dl>
      <h2>Orders and revenue per week</h2>
      <div className="admin-charts">
        <Chart title="Orders per week" kind="bars" period="Week of" format={count} points={weeks.map((week) => ({ label: week.week, value: week.orders }))} />
        <Chart
          title="Revenue per week"
          kind="bars"
          period="Week of"
          format={formatEuros}
          points={weeks.map((week) => ({ label: week.week, value: week.revenue }))}
        />
      </div>
      <h2>Over the last 90 days</h2>
      <div className="admin-charts">
        {FIGURES.map((figure) => (
          <Chart key={figure.key} title={figure.label} kind="line" period="Day" format={figure.format} points={overDays(figure.key)} />
        ))}
      </div>
    </>
  );
}
