import { useId, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { CATALOGUE } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { sessionSettled } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { deleteOffer } from '@/features/offers/api/delete-offer';
import { getMyOffers } from '@/api/offers';
import { MyOfferCard } from '@/features/offers/components/my-offer-card';
import '@/features/offers/offers.css';

/** The expert's offers for the first paint; null when they could not be loaded. */
export async function loader(): Promise<{ offers: OfferDto[] | null }> {
  await sessionSettled();
  try {
    return { offers: await getMyOffers() };
  } catch {
    return { offers: null };
  }
}

/** /my-offers: the expert's offers, the first 4 then Show More / Show Less, with Edit and Delete. */
export default function MyOffersRoute() {
  const { offers } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  const revalidator = useRevalidator();
  const [showAll, setShowAll] = useState(false);
  const [toDelete, setToDelete] = useState<OfferDto>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listId = useId();
  useDocumentTitle('My Offers');

  async function confirmDelete(offer: OfferDto) {
    setToDelete(undefined);
    try {
      const { msg } = await deleteOffer(offer._id);
      notify.success(msg || MSG.offerDeleted);
      await revalidator.revalidate();
      // The card and its button are gone: continue from the page's heading.
      headingRef.current?.focus();
    } catch {
      notify.error(MSG.offerDeleteFailed);
    }
  }

  const shown = offers && (showAll ? offers : offers.slice(0, CATALOGUE.myOffersShown));
  return (
    <section className="page" aria-labelledby="my-offers-title">
      <div className="page-heading">
        <h1 id="my-offers-title" ref={headingRef} tabIndex={-1}>
          My Offers
        </h1>
        <Link className="btn btn-primary" to="/create-offer">
          Create Offer
        </Link>
      </div>
      {offers === null && (
        <p className="notice notice-error" role="alert">
          {MSG.myOffersLoadFailed}
        </p>
      )}
      {offers?.length === 0 && <p className="empty-state">{MSG.noOwnOffers}</p>}
      {shown && shown.length > 0 && (
        <ul className="offer-grid" id={listId}>
          {shown.map((offer) => (
            <li key={offer._id}>
              <MyOfferCard offer={offer} onDelete={setToDelete} />
            </li>
          ))}
        </ul>
      )}
      {offers && offers.length > CATALOGUE.myOffersShown && (
        <p className="show-more">
          <button type="button" className="btn btn-secondary" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll((all) => !all)}>
            {showAll ? 'Show Less' : 'Show More'}
          </button>
        </p>
      )}
      {toDelete && (
        <ConfirmDialog
          message={MSG.deleteOfferConfirm}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          onConfirm={() => void confirmDelete(toDelete)}
          onCancel={() => setToDelete(undefined)}
        />
      )}
    </section>
  );
}
