/**
 * The header's unread-messages badge (spec 1 section 7): a signed-in member's total unread
 * messages. Only the store lives here, in the first bundle, and the badge only reads it; what keeps
 * it live (the server's total, the realtime channel) is unread-tracking.ts, which the app layout
 * starts once a member is signed in.
 *
 * A total the server gives may predate a message the channel counted while it was on its way (a
 * mark-read answered late, on a busy machine, after the member left the conversation): such a
 * total is not shown, and the total is asked for again.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let count = 0;
/** Messages counted as they came, and sign-outs: a total asked for before the latest one is stale. */
let changes = 0;
let askAgain: (() => void) | undefined;

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

/** The server's total, asked for at `asked`: shown, or, if a message was counted since, asked for again. */
export function setUnreadTotal(total: number, asked: number): void {
  if (asked === changes) show(total);
  else askAgain?.();
}

/** How the total is asked for again while a member is signed in (unread-tracking.ts); undefined once they sign out. */
export function askUnreadTotalWith(ask: (() => void) | undefined): void {
  askAgain = ask;
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
