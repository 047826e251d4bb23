/**
 * The chat entity: a conversation between a student and an expert about one offer, which is also
 * one order (spec 2 section 3). Its records, its items in the table (the only place that knows
 * their shape) and what the API shows of them. Money is integer cents in the table, euros in the API.
 */
import { randomBytes } from 'node:crypto';
import type { ChatDto, ChatOffer, ChatParticipant, MessageDto, OrderState } from '../../../shared/schemas/chats';
import { chatKey, chatMemberIndex, chatMemberKey, messageKey } from '../../platform/keys';
import type { AccountRecord } from '../accounts/account';

export interface MessageRecord {
  messageId: string;
  chatId: string;
  senderId: string;
  content: string;
  createdAt: string;
  /** The sender's name when they wrote it (spec 2's senderDetails). */
  senderFirstName: string;
  senderLastName: string;
}

export interface ChatRecord extends OrderState {
  chatId: string;
  /** The offer as it was when the conversation started: the order is about that. */
  offer: Omit<ChatOffer, 'price'> & { priceCents: number };
  orderNumber: number;
  studentId: string;
  expertId: string;
  professorName: string;
  paymentAmountCents?: number;
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

/** A new chat's order fields: nothing booked, paid or submitted yet. */
export function newChat(fields: Pick<ChatRecord, 'chatId' | 'offer' | 'orderNumber' | 'studentId' | 'expertId' | 'professorName' | 'createdAt'>): ChatRecord {
  return {
    ...fields,
    isServiceInProgress: false,
    isOrderClosed: false,
    isOrderCanceled: false,
    isScheduleConfirmed: false,
    projectSubmission: { status: 'none' },
  };
}

export const toChatItem = (chat: ChatRecord) => ({ ...chatKey(chat.chatId), ...chat });
export const toMessageItem = (message: MessageRecord) => ({ ...messageKey(message.chatId, message.messageId), ...message });
export const toMemberItem = (member: MemberRecord) => ({ ...chatMemberKey(member.userId, member.chatId), ...chatMemberIndex(member.userId, member.lastActivityAt, member.chatId), ...member });

function withoutKeys(item: Record<string, unknown>): Record<string, unknown> {
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...record } = item;
  return record;
}
export const fromChatItem = (item: Record<string, unknown>) => withoutKeys(item) as unknown as ChatRecord;
export const fromMessageItem = (item: Record<string, unknown>) => withoutKeys(item) as unknown as MessageRecord;
export const fromMemberItem = (item: Record<string, unknown>) => withoutKeys(item) as unknown as MemberRecord;

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
    content: message.content,
    createdAt: message.createdAt,
    updatedAt: message.createdAt,
    read: readBy !== undefined && readBy >= message.messageId,
    senderDetails: { firstName: message.senderFirstName, lastName: message.senderLastName },
  };
}

function toParticipant(userId: string, role: ChatParticipant['role'], user: AccountRecord | undefined): ChatParticipant {
  if (!user) return { _id: userId, role, firstName: '', lastName: '' };
  return { _id: userId, role: user.role, firstName: user.firstName, lastName: user.lastName, ...(user.profilePhoto && { profilePhoto: user.profilePhoto }) };
}

export function toChatDto(chat: ChatRecord, caller: MemberRecord, other: Pick<MemberRecord, 'readUpTo'> | undefined, users: Map<string, AccountRecord>): ChatDto {
  const { priceCents, ...offer } = chat.offer;
  const readUpTo = { callerId: caller.userId, byCaller: caller.readUpTo, byOther: other?.readUpTo };
  return {
    _id: chat.chatId,
    offer: { ...offer, price: priceCents / 100 },
    orderNumber: chat.orderNumber,
    participants: [toParticipant(chat.studentId, 'user', users.get(chat.studentId)), toParticipant(chat.expertId, 'professor', users.get(chat.expertId))],
    unreadCount: caller.unreadCount,
    isServiceInProgress: chat.isServiceInProgress,
    isOrderClosed: chat.isOrderClosed,
    isOrderCanceled: chat.isOrderCanceled,
    isScheduleConfirmed: chat.isScheduleConfirmed,
    ...(chat.scheduledDate && { scheduledDate: chat.scheduledDate }),
    ...(chat.scheduledHours !== undefined && { scheduledHours: chat.scheduledHours }),
    projectSubmission: chat.projectSubmission,
    ...(chat.paymentAmountCents !== undefined && { paymentAmount: chat.paymentAmountCents / 100 }),
    professorName: chat.professorName,
    ...(caller.lastMessage && { lastMessage: toMessageDto(caller.lastMessage, readUpTo) }),
    createdAt: chat.createdAt,
    updatedAt: caller.lastActivityAt,
  };
}

/** Message ids sort by time: 9 base-36 digits of the millisecond, then 8 random characters. */
export function newMessageId(now: number = Date.now()): string {
  return now.toString(36).padStart(9, '0') + randomBytes(6).toString('base64url');
}
