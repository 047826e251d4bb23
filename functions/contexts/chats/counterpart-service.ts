/**
 * Counterparts: whether two accounts share a conversation (one of them opened a chat with the
 * other). Other contexts ask here, e.g. to show an account only to those who deal with it. No AWS
 * calls here: storage is the repository.
 */
import { placesWithPage } from './counterpart-repository';

/**
 * Reads both members' places a page at a time, side by side, and stops at the first place that
 * names the other, or when either side is read to its end: the cost is bounded by the member with
 * fewer chats (an unknown id has none: one empty page), never by the busier one.
 */
export async function sharesConversation(userId: string, otherUserId: string): Promise<boolean> {
  if (userId === otherUserId) return false;
  let sides: { userId: string; otherUserId: string; start?: Record<string, unknown> }[] = [
    { userId, otherUserId },
    { userId: otherUserId, otherUserId: userId },
  ];
  for (;;) {
    const pages = await Promise.all(sides.map((side) => placesWithPage(side.userId, side.otherUserId, side.start)));
    if (pages.some((page) => page.found)) return true;
    if (pages.some((page) => page.next === undefined)) return false;
    sides = sides.map((side, at) => ({ ...side, start: pages[at].next }));
  }
}
