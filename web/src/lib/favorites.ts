/**
 * Saved offers (spec 1 section 4): a signed-in account keeps them on the server (the session
 * account's `favorites`), a visitor in browser storage until they log in, when they are merged into
 * the account. Small on purpose: the header's count puts this module in the initial bundle.
 */
import { useSyncExternalStore } from 'react';
import type { ApiClient } from './api-client';
import type { Account } from '@shared/schemas/account';
import { readStored, store } from './storage';

const GUEST_KEY = 'guestFavorites';
const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: string[] } = { raw: null, ids: [] };
let merging: Promise<unknown> | undefined;
const NONE_SAVED: string[] = [];

function parseIds(raw: string | null): string[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The visitor's saved offer ids, newest first (the same array until storage changes). */
export function guestFavorites(): string[] {
  const raw = readStored(GUEST_KEY);
  if (raw !== cache.raw) cache = { raw, ids: parseIds(raw) };
  return cache.ids;
}

function writeGuestFavorites(ids: string[]): void {
  store(GUEST_KEY, JSON.stringify(ids));
  for (const listener of listeners) listener();
}

/** Saves or removes an offer for a visitor; answers whether it is saved now. */
export function toggleGuestFavorite(offerId: string): boolean {
  const ids = guestFavorites();
  const saved = !ids.includes(offerId);
  writeGuestFavorites(saved ? [offerId, ...ids] : ids.filter((id) => id !== offerId));
  return saved;
}

/**
 * Moves the visitor's saved offers into the account that just signed in. The stored ids are
 * removed only once the server has them: a failed merge keeps them for the next login.
 * Answers the account's favourites, or undefined when there was nothing to merge.
 */
export function mergeGuestFavorites(client: ApiClient): Promise<string[] | undefined> {
  const ids = guestFavorites();
  if (ids.length === 0) return Promise.resolve(undefined);
  const merge = client.call('POST /api/user/favorites/merge', { body: { ids } }).then(({ favorites }) => {
    writeGuestFavorites(guestFavorites().filter((id) => !ids.includes(id)));
    return favorites;
  });
  merging = merge.catch(() => undefined);
  return merge;
}

/** Resolves once a merge in flight has settled, so a list loaded after login includes its ids. */
export const guestMergeSettled = (): Promise<unknown> => merging ?? Promise.resolve();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The account's saved offer ids (from the session), else the visitor's stored ones. */
export function useSavedOfferIds(account: Account | null): readonly string[] {
  // A prerendered page (decision 290) knows no visitor's storage: it shows none saved, then the visitor's own.
  const guest = useSyncExternalStore(subscribe, guestFavorites, () => NONE_SAVED);
  if (!account) return guest;
  return Array.isArray(account.favorites) ? (account.favorites as string[]) : [];
}
