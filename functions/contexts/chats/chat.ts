/**
 * The chat entity: a conversation between a student and an expert about one offer. Its order (the
 * booking, payment and delivery) is the orders context's. Its records, its items in the table
 * (the only place that knows their shape) and what the API shows of them. Money is integer cents in
 * the table, euros in the API.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { type Cents, cents, eurosFromCents } from '../../../shared/money';
import type { ChatDto, ChatOffer, ChatParticipant, ConversationEntry, MessageDto } from '../../../shared/schemas/chats';
import type { OrderHistoryItem } from '../../../shared/schemas/earnings';
import { LESSON_TYPES, PRICING_TYPES } from '../../../shared/schemas/offers';
import { MSG } from '../../../shared/texts';
import { chatKey, chatMemberIndex, chatMemberKey, messageKey } from '../../platform/keys';
import type { AccountRecord } from '../accounts/account';
import { type OrderRecord, toOrderState } from '../orders/order';

export interface MessageRecord {
  messageId: string;
  chatId: string;
  senderId: string;
  content: string;
  createdAt: string;
  /** The sender's name when they wrote it (spec 2's senderDetails). */
  senderFirstName: string;
  senderLastName: string;
  /** When a moderator removed it (a report upheld): both members see a notice in its place. */
  removedAt?: string;
}

/** The offer as it was when the conversation started: the order is about that. */
export type ChatOfferRecord = Omit<ChatOffer, 'price'> & { priceCents: Cents };

export interface ChatRecord {
  chatId: string;
  offer: ChatOfferRecord;
  studentId: string;
  expertId: string;
  expertName: string;
  createdAt: string;
}

/** A participant's place in a chat: what they have not read, and where the chat sits in their list. */
export interface MemberRecord {
  userId: string;
  chatId: string;
  otherUserId: string;
  unreadCount: number;
  /** The newest message this member has read (ids sort by time). */
  readUpTo?: string;
  lastMessageId?: string;
  /** The newest message, for the list's preview. */
  lastMessage?: MessageRecord;
  lastActivityAt: string;
}

export const participantIds = (chat: Pick<ChatRecord, 'studentId' | 'expertId'>) => [chat.studentId, chat.expertId];

const messageItem: z.ZodMiniType<MessageRecord> = z.object({
  messageId: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  senderFirstName: z.string(),
  senderLastName: z.string(),
  removedAt: z.optional(z.string()),
});

const chatItem = z.object({
  chatId: z.string(),
  offer: z.object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    priceCents: z.number(),
    lessonType: z.enum(LESSON_TYPES),
    pricingType: z.enum(PRICING_TYPES),
    photo: z.optional(z.string()),
    professor: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }),
  }),
  studentId: z.string(),
  expertId: z.string(),
  expertName: z.string(),
  createdAt: z.string(),
});

const memberItem: z.ZodMiniType<MemberRecord> = z.object({
  userId: z.string(),
  chatId: z.string(),
  otherUserId: z.string(),
  unreadCount: z.number(),
  readUpTo: z.optional(z.string()),
  lastMessageId: z.optional(z.string()),
  lastMessage: z.optional(messageItem),
  lastActivityAt: z.string(),
});

export const toChatItem = (chat: ChatRecord) => ({ ...chatKey(chat.chatId), ...chat });
export const toMessageItem = (message: MessageRecord) => ({ ...messageKey(message.chatId, message.messageId), ...message });
export const toMemberItem = (member: MemberRecord) => ({
  ...chatMemberKey(member.userId, member.chatId),
  ...chatMemberIndex(member.userId, member.lastActivityAt, member.chatId),
  ...member,
});

export function fromChatItem(item: Record<string, unknown>): ChatRecord {
  const { offer, ...chat } = chatItem.parse(item);
  return { ...chat, offer: { ...offer, priceCents: cents(offer.priceCents) } };
}
export const fromMessageItem = (item: Record<string, unknown>): MessageRecord => messageItem.parse(item);
export const fromMemberItem = (item: Record<string, unknown>): MemberRecord => memberItem.parse(item);

/**
 * How far a mark-read reaches (decision 318): up to the newest message the reader's screen shows
 * (`shown`), never past the conversation's last message, and never back before what they read
 * already. Without `shown`, up to the last message. `partial`: messages came after the one shown,
 * and stay unread. undefined: nothing is left to mark.
 */
export function readingUpTo(member: MemberRecord, shown?: string): { upTo: string; partial: boolean } | undefined {
  const last = member.lastMessageId;
  if (last === undefined) return undefined;
  if (shown === undefined || shown >= last) return member.unreadCount === 0 && member.readUpTo === last ? undefined : { upTo: last, partial: false };
  if (member.readUpTo !== undefined && shown <= member.readUpTo) return undefined;
  return { upTo: shown, partial: true };
}

/**
 * `read` is seen from the message's recipient: the sender's own message is read once the other
 * member has read up to it; the other's message once the caller has.
 */
export function toMessageDto(message: MessageRecord, readUpTo: { byCaller?: string; byOther?: string; callerId: string }): MessageDto {
  const readBy = message.senderId === readUpTo.callerId ? readUpTo.byOther : readUpTo.byCaller;
  return {
    _id: message.messageId,
    chat: message.chatId,
    sender: message.senderId,
    content: message.removedAt === undefined ? message.content : MSG.messageRemoved,
    ...(message.removedAt !== undefined && { removed: true }),
    createdAt: message.createdAt,
    updatedAt: message.createdAt,
    read: readBy !== undefined && readBy >= message.messageId,
    senderDetails: { firstName: message.senderFirstName, lastName: message.senderLastName },
  };
}

/** The message as an admin reads the conversation: its text, its time, its sender's side and name; nothing of who read what. */
export function toConversationEntry(message: MessageRecord, chat: Pick<ChatRecord, 'studentId'>): ConversationEntry {
  return {
    _id: message.messageId,
    content: message.content,
    createdAt: message.createdAt,
    sender: { role: message.senderId === chat.studentId ? 'user' : 'professor', firstName: message.senderFirstName, lastName: message.senderLastName },
  };
}

function toParticipant(userId: string, role: ChatParticipant['role'], user: AccountRecord | undefined): ChatParticipant {
  if (!user) return { _id: userId, role, firstName: '', lastName: '' };
  return { _id: userId, role: user.role, firstName: user.firstName, lastName: user.lastName, ...(user.profilePhoto && { profilePhoto: user.profilePhoto }) };
}

export function toChatDto(
  chat: ChatRecord,
  order: OrderRecord,
  caller: MemberRecord,
  other: Pick<MemberRecord, 'readUpTo'> | undefined,
  users: Map<string, AccountRecord>,
): ChatDto {
  const { priceCents, ...offer } = chat.offer;
  const readUpTo = { callerId: caller.userId, byCaller: caller.readUpTo, byOther: other?.readUpTo };
  return {
    _id: chat.chatId,
    offer: { ...offer, price: eurosFromCents(priceCents) },
    orderNumber: order.orderNumber,
    orderStatus: order.status,
    participants: [toParticipant(chat.studentId, 'user', users.get(chat.studentId)), toParticipant(chat.expertId, 'professor', users.get(chat.expertId))],
    unreadCount: caller.unreadCount,
    ...toOrderState(order),
    ...(order.payment && { paymentAmount: eurosFromCents(order.payment.amountCents) }),
    professorName: chat.expertName,
    ...(caller.lastMessage && { lastMessage: toMessageDto(caller.lastMessage, readUpTo) }),
    createdAt: chat.createdAt,
    updatedAt: caller.lastActivityAt,
  };
}

/** Message ids sort by time: 9 base-36 digits of the millisecond, then 8 random characters. */
export function newMessageId(now: number = Date.now()): string {
  return now.toString(36).padStart(9, '0') + randomBytes(6).toString('base64url');
}

/** A chat as a row of the order history: the other side of the order, what was paid, where it stands. */
export function toOrderHistoryItem(chat: ChatDto, callerId: string): OrderHistoryItem {
  const other = chat.participants.find((participant) => participant._id !== callerId);
  const counterpart = other && { firstName: other.firstName, lastName: other.lastName, ...(other.profilePhoto && { profilePhoto: other.profilePhoto }) };
  const refunded = chat.orderStatus === 'canceled' && (chat.cancellation?.refundAmount ?? 0) > 0;
  return {
    chatId: chat._id,
    orderNumber: chat.orderNumber,
    orderStatus: chat.orderStatus,
    orderKind: chat.orderKind,
    ...(chat.scheduledDate && { scheduledDate: chat.scheduledDate }),
    offer: {
      _id: chat.offer._id,
      title: chat.offer.title,
      ...(counterpart && (other?.role === 'professor' ? { professor: counterpart } : { student: counterpart })),
    },
    updatedAt: chat.updatedAt,
    paymentAmount: chat.paymentAmount ?? 0,
    total: chat.total,
    message: chat.lastMessage?.content ?? '',
    paymentStatus: chat.orderKind === 'intro' ? 'free' : refunded ? 'refunded' : chat.paymentAmount !== undefined ? 'paid' : 'pending',
  };
}
