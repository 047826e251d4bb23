import { Link } from 'react-router-dom';
import { formatEuros } from '@shared/money';
import type { OfferStatus } from '@shared/schemas/catalogue';
import { MSG } from '@shared/web-texts';
import { getMyOffers } from '@/api/offers';
import { LoadProblem } from '@/components/load-problem';
import { useLoad } from '@/features/dashboard/components/use-load';

const STATUS_WORDS: Record<OfferStatus, string> = { pending: 'In review', approved: 'Published', rejected: 'Rejected', archived: 'Deleted' };

/** The expert's offers with their moderation status, each leading to its edit page. */
export function OffersCard() {
  const { data, failed, retry } = useLoad(getMyOffers);
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-offers-title" aria-busy={!data && !failed}>
      <h2 id="dashboard-offers-title">Your offers</h2>
      {failed && <LoadProblem problem={MSG.myOffersLoadFailed} onRetry={retry} />}
      {!data && !failed && <p role="status">{MSG.loading}</p>}
      {data?.length === 0 && <p className="empty-state">{MSG.noOwnOffers}</p>}
      {data && data.length > 0 && (
        <ul className="dashboard-list">
          {data.map((offer) => (
            <li key={offer._id}>
              <Link to={`/offers/${encodeURIComponent(offer._id)}`}>{offer.title}</Link>
              <span>
                {formatEuros(offer.price)}
                {offer.pricingType === 'hourly' ? ' an hour' : ''} · {STATUS_WORDS[offer.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/my-offers">All my offers</Link> · <Link to="/create-offer">Create an offer</Link>
      </p>
    </section>
  );
}
