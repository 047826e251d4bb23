import { Link } from 'react-router-dom';
import type { OfferDto } from '@shared/schemas/catalogue';
import { formatPrice } from '@/lib/format-price';
import { offerPhotoSrc } from '@/lib/offer-photo';
import { lessonText } from '@/lib/format-duration';

const STATUS: Partial<Record<OfferDto['status'], { label: string; className: string }>> = {
  approved: { label: 'Published', className: 'offer-status-published' },
  pending: { label: 'In review', className: 'offer-status-review' },
  rejected: { label: 'Rejected', className: 'offer-status-rejected' },
};

/**
 * One of the expert's offers: its moderation status, price, and the Edit and Delete actions; a
 * rejected one shows the admin's reason instead, and can no longer change.
 */
export function MyOfferCard({ offer, onDelete }: { offer: OfferDto; onDelete(offer: OfferDto): void }) {
  const status = STATUS[offer.status] ?? STATUS.pending;
  const rejected = offer.status === 'rejected';
  const photo = offerPhotoSrc(offer);
  return (
    <article className="card offer-card" aria-labelledby={`offer-${offer._id}-title`}>
      {photo && <img className="offer-card-photo" src={photo} alt="" />}
      <div className="offer-card-body">
        <p className={`offer-status ${status?.className}`}>{status?.label}</p>
        <h2 id={`offer-${offer._id}-title`} className="offer-card-title">
          {offer.title}
        </h2>
        <p className="offer-card-meta">
          <span className="offer-price">{formatPrice(offer)}</span> · {lessonText(offer)}
        </p>
        <p className="offer-card-description">{offer.description}</p>
        {rejected && offer.rejectionReason && <p className="offer-card-reason">Reason given by the moderation team: {offer.rejectionReason}</p>}
      </div>
      {!rejected && (
        <div className="offer-card-actions">
          <Link className="btn btn-secondary btn-small" to={`/offers/${offer._id}`} aria-label={`Edit ${offer.title}`}>
            Edit
          </Link>
          <button type="button" className="btn btn-danger btn-small" onClick={() => onDelete(offer)} aria-label={`Delete ${offer.title}`}>
            Delete
          </button>
        </div>
      )}
    </article>
  );
}
