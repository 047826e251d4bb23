import { useState } from 'react';
import { MSG } from '@shared/web-texts';
import { errorText } from '@/lib/api-client';
import { toggleGuestFavorite, useSavedOfferIds } from '@/lib/favorites';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { removeFavorite } from '@/features/experts/api/remove-favorite';
import { saveFavorite } from '@/features/experts/api/save-favorite';

/**
 * Save for later on a profile: toggles the favourite of the expert's first offer (spec 1
 * section 2), on the server for a signed-in account, in browser storage for a visitor.
 */
export function useFavoriteToggle(offerId: string | undefined) {
  const { account, updateAccount } = useSession();
  const savedIds = useSavedOfferIds(account);
  const saved = offerId !== undefined && savedIds.includes(offerId);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!offerId) return notify.info(MSG.expertNoOffers, { toastId: MSG.expertNoOffers });
    if (!account) return notify.success(toggleGuestFavorite(offerId) ? MSG.savedToFavorites : MSG.removedFromFavorites);
    if (busy) return;
    setBusy(true);
    try {
      const reply = saved ? await removeFavorite(offerId) : await saveFavorite(offerId);
      updateAccount({ favorites: reply.favorites });
      notify.success(reply.msg ?? (saved ? MSG.removedFromFavorites : MSG.savedToFavorites));
    } catch (error) {
      notify.error(errorText(error, MSG.favoritesUpdateFailed));
    } finally {
      setBusy(false);
    }
  }

  return { saved, busy, toggle };
}
