/** How the messages page names and shows a conversation (spec 2 sections 2 and 9). */
import { CHAT } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { nextStatus } from '@shared/order-transitions';
import type { ChatDto, ChatParticipant } from '@shared/schemas/chats';
import { factsOf } from './order-status';

export const DEFAULT_AVATAR = '/default-avatar.png';

/** The first participant who is not me (both, when I write to myself, which the server refuses). */
export const otherParticipant = (chat: ChatDto, myId: string): ChatParticipant | undefined =>
  chat.participants.find((participant) => participant._id !== myId) ?? chat.participants[0];

export const fullName = (person: { firstName?: string; lastName?: string }): string => [person.firstName, person.lastName].filter(Boolean).join(' ').trim();

/** The offer title cut at 24 characters plus '...', 'Untitled' when it has none. */
export function shortTitle(title: string | undefined): string {
  const text = title?.trim();
  if (!text) return MSG.untitledOffer;
  return text.length > CHAT.titleCutAt ? `${text.slice(0, CHAT.titleCutAt)}...` : text;
}

export const photoUrl = (photo: string | undefined): string => (photo ? `/uploads/${photo}` : DEFAULT_AVATAR);

export { isArchived } from '@shared/order-state';

export type OrderState = 'agreeing-time' | 'awaiting-payment' | 'in-progress' | 'completed' | 'cancelled';

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  'agreeing-time': 'Time to be agreed',
  'awaiting-payment': 'Awaiting payment',
  'in-progress': 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Where the conversation's order stands: before it starts, payment is awaited only once the table lets it be paid (a call's time agreed first). */
export function orderState(chat: ChatDto, now = Date.now()): OrderState {
  if (chat.isOrderCanceled) return 'cancelled';
  if (chat.isOrderClosed) return 'completed';
  if (chat.isServiceInProgress) return 'in-progress';
  return nextStatus(factsOf(chat), 'pay', 'payment', now) ? 'awaiting-payment' : 'agreeing-time';
}

const TIME_PARTS = new Intl.DateTimeFormat('en-US', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "05 Nov 2026, 14:03" (dd MMM yyyy, HH:mm), in the reader's time zone. */
export function formatMessageTime(iso: string): string {
  const part = Object.fromEntries(TIME_PARTS.formatToParts(new Date(iso)).map(({ type, value }) => [type, value]));
  return `${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute}`;
}
