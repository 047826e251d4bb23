/**
 * Favourites: a signed-in account saves published offers (the profile's "Save for later" saves the
 * expert's first offer); a guest's saved ids are merged in at login, so nothing saved is lost.
 */
import { CATALOGUE } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import type { FavoritesReply, OfferDto, Page } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import { BadRequest, NotFound } from '../../platform/errors';
import { favoriteIds, type AccountRecord } from '../accounts/account';
import { publishedOffersAmong } from './published-service';
import * as accounts from '../accounts/service';

/** The saved offers still published, most recently saved first, one page at a time. */
export async function favorites(caller: Caller, account: AccountRecord, page: number, limit: number): Promise<Page<OfferDto>> {
  const published = await publishedOffersAmong(favoriteIds(account.favorites), caller);
  const start = (page - 1) * limit;
  return { items: published.slice(start, start + limit), total: published.length };
}

export async function save(caller: Caller, offerId: string): Promise<FavoritesReply> {
  const [offer] = await publishedOffersAmong([offerId], caller);
  if (!offer) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  const saved = await accounts.addFavorites(caller.userId, { [offerId]: new Date().toISOString() }, CATALOGUE.maxFavorites);
  if (!saved) throw new BadRequest(MSG.tooManyFavorites, 'too_many_favorites');
  return { msg: MSG.savedToFavorites, favorites: favoriteIds(saved) };
}

export async function remove(caller: Caller, offerId: string): Promise<FavoritesReply> {
  return { msg: MSG.removedFromFavorites, favorites: favoriteIds(await accounts.removeFavorite(caller.userId, offerId)) };
}

/**
 * A guest's saved ids, merged into the account after login: the published ones the account does not
 * hold yet, saved a moment apart in the guest's order (newest first) so the list keeps it.
 */
export async function merge(caller: Caller, account: AccountRecord, ids: string[]): Promise<FavoritesReply> {
  const held = new Set(favoriteIds(account.favorites));
  const fresh = (await publishedOffersAmong(ids, caller)).map((offer) => offer._id).filter((id) => !held.has(id));
  if (fresh.length === 0) return { favorites: [...held] };
  const now = Date.now();
  const saved = await accounts.addFavorites(
    caller.userId,
    Object.fromEntries(fresh.map((id, at) => [id, new Date(now - at).toISOString()])),
    CATALOGUE.maxFavorites,
  );
  if (!saved) throw new BadRequest(MSG.tooManyFavorites, 'too_many_favorites');
  return { favorites: favoriteIds(saved) };
}
