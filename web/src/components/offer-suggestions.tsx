import { Link } from 'react-router-dom';
import type { OfferDto } from '@shared/schemas/catalogue';
import { expertName } from './expert-card';
import { formatPrice } from '@/lib/format-price';
import './dropdown.css';

/** The offers a search box suggests, each leading to its expert's profile. */
export function OfferSuggestions({ offers }: { offers: OfferDto[] }) {
  return (
    <ul className="dropdown-list" aria-label="Offers">
      {offers.map((offer) => (
        <li key={offer._id}>
          <Link to={`/teacher/${offer.professor._id}`}>
            <span className="dropdown-title">{offer.title}</span>
            <span className="dropdown-detail">
              {expertName(offer.professor)} · {formatPrice(offer)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
