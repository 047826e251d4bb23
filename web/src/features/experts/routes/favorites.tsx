/** /favorites: My Favourite (spec 1 section 2): the experts of the saved offers, 20 at a time. */
import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { CATALOGUE } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import { ExpertCard } from '@/components/expert-card';
import { api, errorText } from '@/lib/api-client';
import { guestFavorites, guestMergeSettled } from '@/lib/favorites';
import { sessionSettled, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { listFavorites } from '@/features/experts/api/list-favorites';
import { listGuestFavorites } from '@/features/experts/api/list-guest-favorites';
import '@/features/experts/experts.css';

/** An account pages through the server; a visitor's offers all come at once and show 20 at a time. */
type FavoritesData = { account: boolean; offers: OfferDto[]; total: number } | { problem: string };

export async function loader(): Promise<FavoritesData> {
  await sessionSettled();
  await guestMergeSettled();
  try {
    if (api.hasAccessToken()) {
      const page = await listFavorites(1);
      return { account: true, offers: page.items, total: page.total };
    }
    const ids = guestFavorites();
    const offers = ids.length > 0 ? await listGuestFavorites(ids) : [];
    return { account: false, offers, total: offers.length };
  } catch (error) {
    return { problem: errorText(error, MSG.favoritesLoadFailed) };
  }
}

export default function FavoritesRoute() {
  useDocumentTitle('My Favourite');
  const data = useLoaderData<typeof loader>();
  useReloadWhenSessionChanges();
  return (
    <section className="page" aria-labelledby="favorites-title">
      <h1 id="favorites-title">My Favourite</h1>
      {'problem' in data ? <LoadProblem message={data.problem} /> : <FavoriteGrid key={data.offers.map((offer) => offer._id).join()} {...data} />}
    </section>
  );
}

/** Logging in or out on this page shows the other owner's favourites. */
function useReloadWhenSessionChanges() {
  const { account } = useSession();
  const { revalidate } = useRevalidator();
  const shownFor = useRef(account?._id);
  useEffect(() => {
    if (shownFor.current === account?._id) return;
    shownFor.current = account?._id;
    void revalidate();
  }, [account?._id, revalidate]);
}

function LoadProblem({ message }: { message: string }) {
  useEffect(() => notify.error(message, { toastId: message }), [message]);
  return <p className="notice notice-error">{message}</p>;
}

function FavoriteGrid({ account, offers: first, total: firstTotal }: { account: boolean; offers: OfferDto[]; total: number }) {
  const [offers, setOffers] = useState(first);
  const [total, setTotal] = useState(firstTotal);
  const [shown, setShown] = useState<number>(CATALOGUE.favoritesPageSize);
  const [nextPage, setNextPage] = useState(2);
  const [loading, setLoading] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  async function showMore() {
    if (loading) return;
    const before = Math.min(shown, offers.length);
    if (account) {
      setLoading(true);
      try {
        const page = await listFavorites(nextPage);
        setOffers((current) => [...current, ...page.items.filter((offer) => !current.some((known) => known._id === offer._id))]);
        setTotal(page.total);
        setNextPage((n) => n + 1);
      } catch (error) {
        notify.error(errorText(error, MSG.favoritesLoadFailed));
        return;
      } finally {
        setLoading(false);
      }
    }
    setShown((n) => n + CATALOGUE.favoritesPageSize);
    requestAnimationFrame(() => listRef.current?.querySelectorAll('a')[before]?.focus());
  }

  if (offers.length === 0) return <p className="empty-state">{MSG.noFavorites}</p>;
  const visible = offers.slice(0, shown);
  return (
    <>
      <ul className="expert-grid" ref={listRef}>
        {visible.map((offer, index) => (
          <li key={offer._id}>
            <ExpertCard expert={offer.professor} headingLevel={2} note={`Saved: ${offer.title}`} lazyPhoto={index >= 3} />
          </li>
        ))}
      </ul>
      {visible.length < total && (
        <p className="show-more">
          <button type="button" className="btn btn-secondary" onClick={showMore} aria-busy={loading}>
            Show more
          </button>
        </p>
      )}
    </>
  );
}
