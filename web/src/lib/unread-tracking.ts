/**
 * Keeps the unread badge live for a signed-in member (loaded after sign-in, apart from the first
 * bundle): the server's total, one more for each new message from someone else outside the
 * conversation on screen (then the total again, which settles it: unread.ts), and the total fetched
 * again after every (re)connection of the realtime channel, which this starts, and whenever the
 * member read a chat elsewhere. The messages page sets it from mark-read's answer.
 */
import { api } from './api-client';
import { realtime, type Realtime } from './realtime';
import { countNewUnread, setUnreadTotal, unreadAsked } from './unread';

/** Starts counting for a member; answers how to stop (logout), which also closes the channel. */
export function trackUnread(memberId: string, channel: Realtime = realtime): () => void {
  // Only the answer to the latest request counts (answers can cross).
  let request = 0;
  const fetchTotal = () => {
    const current = ++request;
    const asked = unreadAsked();
    api.call('GET /api/chats/unread-count').then(
      ({ count }) => current === request && setUnreadTotal(count, asked),
      () => undefined,
    );
  };
  fetchTotal();
  const unsubscribe = channel.subscribe((notice) => {
    // Read in another tab or on another device: the server's total says what is left.
    if (notice.type === 'connected' || (notice.type === 'chatRead' && notice.readerId === memberId)) fetchTotal();
    else if (notice.type === 'newMessage' && notice.message.sender !== memberId && notice.chatId !== channel.openChat()) {
      countNewUnread();
      fetchTotal();
    }
  });
  channel.start();
  return () => {
    request += 1;
    unsubscribe();
    channel.stop();
  };
}
