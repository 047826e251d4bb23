import { useEffect } from 'react';
import type { Account } from '@shared/schemas/account';
import { resetUnread } from '@/lib/unread';

/**
 * Starts the realtime client for a signed-in student or expert, and stops it when they sign out:
 * the live state it feeds (the unread badge) only reads its store. The client loads apart from the
 * first bundle, once a member is signed in.
 */
export function useMemberRealtime(account: Account | null): void {
  const memberId = account?.role === 'user' || account?.role === 'professor' ? account._id : undefined;
  useEffect(() => {
    if (!memberId) return;
    let stop: (() => void) | undefined;
    let signedOut = false;
    void import('@/lib/unread-tracking').then(({ trackUnread }) => {
      if (!signedOut) stop = trackUnread(memberId);
    });
    return () => {
      signedOut = true;
      stop?.();
      resetUnread();
    };
  }, [memberId]);
}
