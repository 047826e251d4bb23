import { Suspense, useEffect, useRef, useState } from 'react';
import { Await, Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import { ApiError, errorCode, errorText } from '@/lib/api-client';
import { sessionSettled, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getOffer } from '@/api/offers';
import { requestPhotoUpload } from '@/features/offers/api/request-photo-upload';
import { updateOffer } from '@/features/offers/api/update-offer';
import { uploadPhoto } from '@/features/offers/api/upload-photo';
import { EditOfferForm, type EditOfferValues } from '@/features/offers/components/edit-offer-form';
import '@/features/offers/offers.css';

type LoadedOffer = { offer: OfferDto } | { missing: 'not-found' | 'failed' };

async function loadOffer(id: string): Promise<LoadedOffer> {
  await sessionSettled();
  try {
    return { offer: await getOffer(id) };
  } catch (error) {
    return { missing: error instanceof ApiError && error.status === 404 ? 'not-found' : 'failed' };
  }
}

/** Not awaited: the page shows its loading state at once (spec 1 section 4), then the form or "not found". */
export function loader({ params }: LoaderFunctionArgs) {
  return { loaded: loadOffer(params.id ?? '') };
}

/** /offers/{id}: loading, then not found or the form, saving, then saved. */
export default function EditOfferRoute() {
  const { loaded } = useLoaderData() as ReturnType<typeof loader>;
  useDocumentTitle('Edit offer');
  return (
    <Suspense
      fallback={
        <section className="page narrow" aria-labelledby="edit-offer-title">
          <h1 id="edit-offer-title">Edit offer</h1>
          <p role="status">Loading the offer…</p>
        </section>
      }
    >
      <Await resolve={loaded}>
        {(result: LoadedOffer) =>
          'offer' in result ? <EditOfferPage key={result.offer._id} offer={result.offer} /> : <OfferMissing reason={result.missing} />
        }
      </Await>
    </Suspense>
  );
}

function OfferMissing({ reason }: { reason: 'not-found' | 'failed' }) {
  return (
    <section className="page narrow" aria-labelledby="edit-offer-title">
      <h1 id="edit-offer-title">{reason === 'not-found' ? MSG.offerNotFound : 'Edit offer'}</h1>
      {reason === 'failed' && (
        <p className="notice notice-error" role="alert">
          {MSG.offerLoadFailed}
        </p>
      )}
      <p>
        <Link className="btn btn-primary" to="/my-offers">
          Back to My Offers
        </Link>
      </p>
    </section>
  );
}

function EditOfferPage({ offer }: { offer: OfferDto }) {
  const { account } = useSession();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<string>();
  const notMine = offer.professor._id !== account?._id;

  // Someone else's (published) offer: say so and go home (spec 1 section 6).
  useEffect(() => {
    if (!notMine) return;
    notify.error(MSG.notYourOffer);
    navigate('/', { replace: true });
  }, [notMine, navigate]);

  async function save({ fields, photo }: EditOfferValues) {
    let photoKey: string | undefined;
    if (photo) {
      try {
        const form = await requestPhotoUpload(offer._id, photo);
        await uploadPhoto(form, photo);
        photoKey = form.key;
      } catch (error) {
        notify.error(errorText(error, MSG.uploadFailed));
        return;
      }
    }
    try {
      const { msg } = await updateOffer(offer._id, { ...fields, photo: photoKey });
      setSaved(msg || MSG.offerUpdated);
    } catch (error) {
      notify.error(errorText(error, MSG.saveFailed));
      if (errorCode(error) === 'not_your_offer') navigate('/', { replace: true });
    }
  }

  if (notMine) return null;
  if (saved) return <ChangesSaved message={saved} />;
  return (
    <section className="page narrow" aria-labelledby="edit-offer-title">
      <h1 id="edit-offer-title">Edit offer</h1>
      <EditOfferForm offer={offer} onSave={save} />
    </section>
  );
}

function ChangesSaved({ message }: { message: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="page narrow result" aria-labelledby="changes-saved-title">
      <h1 id="changes-saved-title" ref={headingRef} tabIndex={-1}>
        {MSG.changesSaved}
      </h1>
      <p className="notice notice-success">{message}</p>
      <p className="result-actions">
        <Link className="btn btn-primary" to="/">
          Back to home
        </Link>
        <Link className="btn btn-secondary" to="/my-offers">
          Back to My Offers
        </Link>
      </p>
    </section>
  );
}
