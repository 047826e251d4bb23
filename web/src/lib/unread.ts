/**
 * The header's unread-messages badge (spec 1 section 7): a signed-in member's total unread
 * messages. Only the store lives here, in the first bundle; what keeps it live (the server's
 * total, the realtime channel) loads once a member is signed in (unread-tracking.ts).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { SessionUser } from './session';

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

/** The total of a signed-in student or expert, kept live while they are signed in (0 for anyone else). */
export function useUnreadCount(user: SessionUser | null): number {
  const memberId = user?.role === 'user' || user?.role === 'professor' ? user._id : undefined;
  useEffect(() => {
    if (!memberId) return;
    let stop: (() => void) | undefined;
    let signedOut = false;
    void import('./unread-tracking').then(({ trackUnread }) => {
      if (!signedOut) stop = trackUnread(memberId);
    });
    return () => {
      signedOut = true;
      stop?.();
      setUnreadCount(0);
    };
  }, [memberId]);
  return useSyncExternalStore(subscribe, unreadCount);
}
