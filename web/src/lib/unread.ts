/**
 * The header's unread-messages badge (spec 1 section 7): a signed-in member's total unread
 * messages. Only the store lives here, in the first bundle, and the badge only reads it; what keeps
 * it live (the server's total, the realtime channel) is unread-tracking.ts, which the app layout
 * starts once a member is signed in.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let count = 0;

export const unreadCount = (): number => count;

export function setUnreadCount(next: number): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The signed-in member's total (0 for anyone else: nothing tracks it for them). */
export const useUnreadCount = (): number => useSyncExternalStore(subscribe, unreadCount, () => 0);
