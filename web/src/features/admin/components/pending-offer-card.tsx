import type { OfferDto } from '@shared/schemas/catalogue';
import { formatPrice } from '@/lib/format-price';
import { offerPhotoSrc } from '@/lib/offer-photo';
import { lessonText } from '@/lib/format-duration';

const PRICING_TYPES: Record<OfferDto['pricingType'], string> = { fixed: 'Fixed price', hourly: 'Hourly rate' };

const submittedDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

interface PendingOfferCardProps {
  offer: OfferDto;
  busy: boolean;
  onApprove(offer: OfferDto): void;
  onReject(offer: OfferDto): void;
}

/** An offer waiting for approval, with everything the admin needs to decide. */
export function PendingOfferCard({ offer, busy, onApprove, onReject }: PendingOfferCardProps) {
  const titleId = `pending-${offer._id}-title`;
  const photo = offerPhotoSrc(offer);
  return (
    <article className="pending-offer" aria-labelledby={titleId}>
      {photo && <img className="pending-offer-photo" src={photo} alt={`Illustration of the offer ${offer.title}`} />}
      <div className="pending-offer-body">
        <h2 id={titleId}>{offer.title}</h2>
        <dl className="pending-offer-facts">
          <div>
            <dt>Expert</dt>
            <dd>{`${offer.professor.firstName} ${offer.professor.lastName}`.trim()}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{formatPrice(offer)}</dd>
          </div>
          <div>
            <dt>Lesson type</dt>
            <dd>{lessonText(offer)}</dd>
          </div>
          <div>
            <dt>Pricing type</dt>
            <dd>{PRICING_TYPES[offer.pricingType]}</dd>
          </div>
          <div>
            <dt>Submitted</dt>
            <dd>
              <time dateTime={offer.updatedAt ?? offer.createdAt}>{submittedDate.format(new Date(offer.updatedAt ?? offer.createdAt))}</time>
            </dd>
          </div>
        </dl>
        <p className="pending-offer-description">{offer.description}</p>
        <div className="pending-offer-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onApprove(offer)} aria-label={`Approve ${offer.title}`}>
            Approve
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => onReject(offer)} aria-label={`Reject ${offer.title}`}>
            Reject
          </button>
        </div>
      </div>
    </article>
  );
}
