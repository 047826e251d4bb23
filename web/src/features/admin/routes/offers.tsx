import { useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import { sessionSettled } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { approveOffer } from '@/features/admin/api/approve-offer';
import { getPendingOffers } from '@/features/admin/api/get-pending-offers';
import { rejectOffer } from '@/features/admin/api/reject-offer';
import { PendingOfferCard } from '@/features/admin/components/pending-offer-card';
import { RejectOfferDialog } from '@/features/admin/components/reject-offer-dialog';

/** The moderation queue for the first paint; null when it could not be loaded. */
export async function loader(): Promise<{ offers: OfferDto[] | null }> {
  await sessionSettled();
  try {
    return { offers: await getPendingOffers() };
  } catch {
    return { offers: null };
  }
}

/** /admin/offers: offers waiting for approval, oldest first; approve or reject each. */
export default function AdminOffersRoute() {
  const { offers } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  const revalidator = useRevalidator();
  const [busyId, setBusyId] = useState<string>();
  const [toReject, setToReject] = useState<OfferDto>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle('Offers moderation');

  async function decide(offer: OfferDto, decision: (id: string) => Promise<{ msg: string }>, fallback: string, failure: string) {
    setBusyId(offer._id);
    try {
      const { msg } = await decision(offer._id);
      notify.success(msg || fallback);
      await revalidator.revalidate();
      // The offer has left the list: continue from the page's heading.
      headingRef.current?.focus();
    } catch {
      notify.error(failure);
    } finally {
      setBusyId(undefined);
    }
  }

  const approve = (offer: OfferDto) => decide(offer, approveOffer, MSG.offerApproved, MSG.offerApproveFailed);
  function reject(offer: OfferDto, reason: string) {
    setToReject(undefined);
    void decide(offer, (id) => rejectOffer(id, reason), MSG.offerRejected, MSG.offerRejectFailed);
  }

  return (
    <section aria-labelledby="admin-offers-title">
      <h1 id="admin-offers-title" ref={headingRef} tabIndex={-1}>
        Offers waiting for approval
      </h1>
      {offers === null && (
        <p className="notice notice-error" role="alert">
          {MSG.adminOffersLoadFailed}
        </p>
      )}
      {offers?.length === 0 && <p className="empty-state">{MSG.noPendingOffers}</p>}
      {offers && offers.length > 0 && (
        <ul className="pending-offers">
          {offers.map((offer) => (
            <li key={offer._id}>
              <PendingOfferCard offer={offer} busy={busyId === offer._id} onApprove={(o) => void approve(o)} onReject={setToReject} />
            </li>
          ))}
        </ul>
      )}
      {toReject && <RejectOfferDialog offer={toReject} onConfirm={(reason) => reject(toReject, reason)} onCancel={() => setToReject(undefined)} />}
    </section>
  );
}
