/**
 * Keeps the unread badge live for a signed-in member (loaded after sign-in, apart from the first
 * bundle): the server's total, one more for each new message from someone else outside the
 * conversation on screen, and the total fetched again after every (re)connection of the realtime
 * channel, which this starts, whenever the member read a chat elsewhere, and when a total on its way
 * was overtaken by a counted message (unread.ts). The messages page sets it from mark-read's answer.
 */
import { api } from './api-client';
import { realtime, type Realtime } from './realtime';
import { askUnreadTotalWith, countNewUnread, setUnreadTotal, unreadAsked } from './unread';

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
  askUnreadTotalWith(fetchTotal);
  fetchTotal();
  const unsubscribe = channel.subscribe((notice) => {
    // Read in another tab or on another device: the server's total says what is left.
    if (notice.type === 'connected' || (notice.type === 'chatRead' && notice.readerId === memberId)) fetchTotal();
    else if (notice.type === 'newMessage' && notice.message.sender !== memberId && notice.chatId !== channel.openChat()) countNewUnread();
  });
  channel.start();
  return () => {
    request += 1;
    askUnreadTotalWith(undefined);
    unsubscribe();
    channel.stop();
  };
}
