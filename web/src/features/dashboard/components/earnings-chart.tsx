import { formatEuros } from '@shared/money';
import { MSG } from '@shared/web-texts';
import { Chart } from '@/components/chart/chart';
import { LoadProblem } from '@/components/load-problem';
import { getMonthlyEarnings } from '@/features/dashboard/api/dashboard';
import { useLoad } from '@/features/dashboard/components/use-load';

const MONTH = new Intl.DateTimeFormat('en-IE', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-11" as "Nov 2026". */
export const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

/** What the expert earned per month over the last 12 months, as bars and as a table. */
export function EarningsChart() {
  const { data, failed, retry } = useLoad(getMonthlyEarnings);
  const earnedAny = data?.months.some((month) => month.earned > 0);
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-earnings-title" aria-busy={!data && !failed}>
      <h2 id="dashboard-earnings-title">Earnings per month</h2>
      {failed && <LoadProblem problem={MSG.earningsLoadFailed} onRetry={retry} />}
      {!data && !failed && <p role="status">{MSG.loading}</p>}
      {/* Twelve empty bars say less than a sentence does. */}
      {data && !earnedAny && <p>{MSG.noEarningsYet}</p>}
      {data && earnedAny && (
        <Chart
          title="Earned"
          kind="bars"
          period="Month"
          format={formatEuros}
          points={data.months.map((month) => ({ label: monthLabel(month.month), value: month.earned }))}
        />
      )}
    </section>
  );
}
