import { useCallback } from 'react';
import { formatEuros } from '@shared/money';
import { MSG } from '@shared/web-texts';
import { LoadProblem } from '@/components/load-problem';
import { completedOrdersText } from '@/lib/completed-orders';
import { getStats } from '@/features/dashboard/api/dashboard';
import { useLoad } from '@/features/dashboard/components/use-load';

/** The expert's statistics (GET /user/stats/{id}), kept on write by the server. */
export function StatsCard({ expertId }: { expertId: string }) {
  const { data, failed, retry } = useLoad(useCallback(() => getStats(expertId), [expertId]));
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-stats-title" aria-busy={!data && !failed}>
      <h2 id="dashboard-stats-title">Statistics</h2>
      {failed && <LoadProblem problem={MSG.statisticsLoadFailed} onRetry={retry} />}
      {!data && !failed && <p role="status">{MSG.loading}</p>}
      {data && (
        <dl className="dashboard-figures">
          <div>
            <dt>Completed orders</dt>
            <dd>{completedOrdersText(data.ordersCount, data.freeOrdersCount)}</dd>
          </div>
          <div>
            <dt>Earned</dt>
            <dd>{formatEuros(data.totalEarned ?? 0)}</dd>
          </div>
          <div>
            <dt>Average rating</dt>
            <dd>{data.reviewsCount > 0 ? data.averageRating.toFixed(1) : '—'}</dd>
          </div>
          <div>
            <dt>Reviews</dt>
            <dd>{data.reviewsCount}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
