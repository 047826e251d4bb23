import { Link } from 'react-router-dom';
import type { OfferDto } from '@shared/schemas/catalogue';
import { formatPrice } from '@/lib/format-price';
import { offerPhotoSrc } from '@/lib/offer-photo';

/** One of the expert's offers: its moderation status, price, and the Edit and Delete actions. */
export function MyOfferCard({ offer, onDelete }: { offer: OfferDto; onDelete(offer: OfferDto): void }) {
  const published = offer.status === 'approved';
  const photo = offerPhotoSrc(offer);
  return (
    <article className="card offer-card" aria-labelledby={`offer-${offer._id}-title`}>
      {photo && <img className="offer-card-photo" src={photo} alt="" />}
      <div className="offer-card-body">
        <p className={published ? 'offer-status offer-status-published' : 'offer-status offer-status-review'}>{published ? 'Published' : 'In review'}</p>
        <h2 id={`offer-${offer._id}-title`} className="offer-card-title">
          {offer.title}
        </h2>
        <p className="offer-card-meta">
          <span className="offer-price">{formatPrice(offer)}</span> · {offer.lessonType}
        </p>
        <p className="offer-card-description">{offer.description}</p>
      </div>
      <div className="offer-card-actions">
        <Link className="btn btn-secondary btn-small" to={`/offers/${offer._id}`} aria-label={`Edit ${offer.title}`}>
          Edit
        </Link>
        <button type="button" className="btn btn-danger btn-small" onClick={() => onDelete(offer)} aria-label={`Delete ${offer.title}`}>
          Delete
        </button>
      </div>
    </article>
  );
}
