/**
 * Published offers as other Lambdas and contexts read them: the published ones among ids a caller
 * holds (a guest's saved ids, an account's favourites) with their experts' cards, and the offer a
 * conversation is opened about. Kept apart from the offers service so that the users and chats
 * Lambdas read offers without loading the search index.
 */
import type { OfferDto } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import { isListedExpert, isVisible, toExpertCard } from './expert';
import * as accounts from '../accounts/service';
import { toOfferDto } from './offer';
import type { AccountRecord } from '../accounts/account';
import type { OfferRecord } from './offer';
import { getOffer, offersAndUsers } from './offer-repository';

/** In the order of the ids, each once; unknown, unpublished ones and those of unlisted experts are left out. */
export async function publishedOffersAmong(ids: string[], caller: Caller | undefined): Promise<OfferDto[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const { offers } = await offersAndUsers(unique, []);
  const experts = await accounts.getAccounts([...new Set([...offers.values()].map((offer) => offer.expertId))]);
  return unique.flatMap((id) => {
    const offer = offers.get(id);
    const expert = offer && experts.get(offer.expertId);
    return offer?.status === 'approved' && isListedExpert(expert) ? [toOfferDto(offer, toExpertCard(expert, caller))] : [];
  });
}

/** An offer students can ask about and book: published, by an expert others may see. */
export async function bookableOffer(offerId: string): Promise<{ offer: OfferRecord; expert: AccountRecord } | undefined> {
  const offer = await getOffer(offerId);
  if (offer?.status !== 'approved') return undefined;
  const expert = await accounts.getAccount(offer.expertId);
  return isVisible(expert) ? { offer, expert } : undefined;
}
