import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OfferDto } from '@shared/schemas/catalogue';
import type { AccountStats } from '@shared/schemas/earnings';
import { MSG } from '@shared/web-texts';
import { errorText } from '@/lib/api-client';
import { completedOrdersText } from '@/lib/completed-orders';
import { useSession } from '@/lib/session';
import { expertStats, myOffers } from '@/features/profile/api/profile';

const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** The Statistics side tab: the expert's figures (kept on write) and their offers, each with its Edit link. */
export function ExpertStatistics() {
  const { account } = useSession();
  const [stats, setStats] = useState<AccountStats>();
  const [offers, setOffers] = useState<OfferDto[]>([]);
  const [failure, setFailure] = useState<string>();
  const id = useId();
  const expertId = account?._id;

  useEffect(() => {
    if (!expertId) return;
    let active = true;
    Promise.all([expertStats(expertId), myOffers()]).then(
      ([figures, list]) => {
        if (!active) return;
        setStats(figures);
        setOffers(list);
      },
      (error) => active && setFailure(errorText(error, MSG.statisticsLoadFailed)),
    );
    return () => {
      active = false;
    };
  }, [expertId]);

  if (failure)
    return (
      <p className="notice notice-error" role="alert">
        {failure}
      </p>
    );
  if (!stats) return <p role="status">Loading statistics…</p>;
  const figures = [
    ['Completed orders', completedOrdersText(stats.ordersCount, stats.freeOrdersCount)],
    ['Earned', euros.format(stats.totalEarned ?? 0)],
    ['Average rating', stats.reviewsCount > 0 ? stats.averageRating.toFixed(1) : '–'],
    ['Reviews', `${stats.reviewsCount}`],
  ];
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Statistics</h2>
      <dl className="profile-stats">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>Your offers</h3>
      {offers.length === 0 ? (
        <p>
          No offers yet. <Link to="/create-offer">Create an offer</Link>
        </p>
      ) : (
        <ul className="profile-offer-list">
          {offers.map((offer) => (
            <li key={offer._id}>
              <span>{offer.title}</span>
              <Link to={`/offers/${offer._id}`} aria-label={`Edit ${offer.title}`}>
                Edit
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
