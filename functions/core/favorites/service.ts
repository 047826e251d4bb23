/**
 * Favourites: a signed-in account saves published offers (the profile's "Save for later" saves the
 * expert's first offer); a guest's saved ids are merged in at login, so nothing saved is lost.
 */
import { CATALOGUE } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import type { FavoritesReply, OfferDto, Page } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../lib/access-token';
import { BadRequest, NotFound } from '../../lib/errors';
import { favoriteIds, type UserRecord } from '../../lib/user-record';
import { isListedExpert, toExpertCard } from '../experts/expert';
import { getUsers } from '../experts/repository';
import { toOfferDto, type OfferRecord } from '../offers/offer';
import { getOffer, offersAndUsers } from '../offers/repository';
import * as repo from './repository';

/** The saved offers still published, most recently saved first, one page at a time. */
export async function favorites(caller: Caller, account: UserRecord, page: number, limit: number): Promise<Page<OfferDto>> {
  const published = await publishedAmong(favoriteIds(account.favorites), caller);
  const start = (page - 1) * limit;
  return { items: published.slice(start, start + limit), total: published.length };
}

export async function save(caller: Caller, offerId: string): Promise<FavoritesReply> {
  const [offer] = await publishedAmong([offerId], caller);
  if (!offer) throw new NotFound(MSG.offerNotFound);
  const saved = await repo.addFavorites(caller.userId, { [offerId]: new Date().toISOString() }, CATALOGUE.maxFavorites);
  if (!saved) throw new BadRequest(MSG.tooManyFavorites);
  return { msg: MSG.savedToFavorites, favorites: favoriteIds(saved) };
}

export async function remove(caller: Caller, offerId: string): Promise<FavoritesReply> {
  return { msg: MSG.removedFromFavorites, favorites: favoriteIds(await repo.removeFavorite(caller.userId, offerId)) };
}

/**
 * A guest's saved ids, merged into the account after login: the published ones the account does not
 * hold yet, saved a moment apart in the guest's order (newest first) so the list keeps it.
 */
export async function merge(caller: Caller, account: UserRecord, ids: string[]): Promise<FavoritesReply> {
  const held = new Set(favoriteIds(account.favorites));
  const fresh = (await publishedAmong([...new Set(ids)], caller)).map((offer) => offer._id).filter((id) => !held.has(id));
  if (fresh.length === 0) return { favorites: [...held] };
  const now = Date.now();
  const saved = await repo.addFavorites(caller.userId, Object.fromEntries(fresh.map((id, at) => [id, new Date(now - at).toISOString()])), CATALOGUE.maxFavorites);
  if (!saved) throw new BadRequest(MSG.tooManyFavorites);
  return { favorites: favoriteIds(saved) };
}

/** The published offers among these ids, in their order, with their experts' cards. */
async function publishedAmong(ids: string[], caller: Caller): Promise<OfferDto[]> {
  if (ids.length === 0) return [];
  const offers = ids.length === 1 ? new Map(toEntries(await getOffer(ids[0]))) : (await offersAndUsers(ids, [])).offers;
  const experts = await getUsers([...new Set([...offers.values()].map((offer) => offer.professorId))]);
  return ids.flatMap((id) => {
    const offer = offers.get(id);
    const expert = offer && experts.get(offer.professorId);
    return offer?.status === 'approved' && isListedExpert(expert) ? [toOfferDto(offer, toExpertCard(expert, caller))] : [];
  });
}

const toEntries = (offer: OfferRecord | undefined): [string, OfferRecord][] => (offer ? [[offer.offerId, offer]] : []);
