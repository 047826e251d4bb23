import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CreateOfferForm } from '@/features/offers/components/create-offer-form';
import { PayoutsOverlay } from '@/features/offers/components/payouts-overlay';
import '@/features/offers/offers.css';

/** Reachable by every signed-in account; only experts may create offers (spec 1 section 6). */
export default function CreateOfferRoute() {
  const { account } = useSession();
  useDocumentTitle('Create offer');
  if (account?.role !== 'professor') {
    return (
      <section className="page narrow" aria-labelledby="create-offer-title">
        <h1 id="create-offer-title">Create offer</h1>
        <p className="notice notice-error" role="alert">
          {MSG.onlyExpertsCreateOffers}
        </p>
        <p>
          <Link to="/">Back to home</Link>
        </p>
      </section>
    );
  }
  return <CreateOfferPage payoutsEnabled={account.payoutsEnabled === true} />;
}

/** The form, then the thank-you screen; blocked by the payouts overlay until payouts are enabled. */
function CreateOfferPage({ payoutsEnabled }: { payoutsEnabled: boolean }) {
  const [created, setCreated] = useState<string>();
  const [payoutsMissing, setPayoutsMissing] = useState(!payoutsEnabled);
  if (created) return <ThankYou message={created} />;
  return (
    <>
      <section className="page narrow" aria-labelledby="create-offer-title" inert={payoutsMissing}>
        <h1 id="create-offer-title">Create offer</h1>
        <p className="lead">Describe what you offer. It is published once an administrator has approved it.</p>
        <CreateOfferForm onCreated={setCreated} onPayoutsMissing={() => setPayoutsMissing(true)} />
      </section>
      {payoutsMissing && <PayoutsOverlay />}
    </>
  );
}

function ThankYou({ message }: { message: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="page narrow result" aria-labelledby="offer-created-title">
      <h1 id="offer-created-title" ref={headingRef} tabIndex={-1}>
        Thank you!
      </h1>
      <p className="notice notice-success">{message}</p>
      <p className="result-actions">
        <Link className="btn btn-primary" to="/my-offers">
          Go to My Offers
        </Link>
        <Link className="btn btn-secondary" to="/">
          Back to home
        </Link>
      </p>
    </section>
  );
}
