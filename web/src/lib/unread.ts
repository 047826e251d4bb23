/**
 * The header's unread-messages badge (spec 1 section 7): a signed-in member's total unread
 * messages. Only the store lives here, in the first bundle, and the badge only reads it; what keeps
 * it live (the server's total, the realtime channel) is unread-tracking.ts, which the app layout
 * starts once a member is signed in.
 *
 * A message counted as it came is counted at once, and the total is then asked for again: a total
 * the server gave just before may already hold that message (answered after it was stored, shown
 * before its event arrived). A total asked for before the latest counted message is never shown;
 * the one asked for after it settles the badge.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let count = 0;
/** Messages counted as they came, and sign-outs: a total asked for before the latest one is stale. */
let changes = 0;

export const unreadCount = (): number => count;

function show(next: number): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

/** One more unread message, counted as it came over the realtime channel. */
export function countNewUnread(): void {
  changes += 1;
  show(count + 1);
}

/** Taken before asking the server for the total (or for mark-read, which answers it), to give back with its answer. */
export const unreadAsked = (): number => changes;

/** The server's total, asked for at `asked`: shown, unless a message was counted since (its own total is on its way). */
export function setUnreadTotal(total: number, asked: number): void {
  if (asked === changes) show(total);
}

/** Signed out: no badge, and no total still on its way counts. */
export function resetUnread(): void {
  changes += 1;
  show(0);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The signed-in member's total (0 for anyone else: nothing tracks it for them). */
export const useUnreadCount = (): number => useSyncExternalStore(subscribe, unreadCount, () => 0);
