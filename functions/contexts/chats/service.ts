/**
 * The chat rules (no AWS calls here): who may read and write a conversation, one open conversation
 * per student and offer, order numbers, unread counts, and what each call answers.
 */
import { MSG } from '../../../shared/texts';
import type { ChatDto, ChatList, ChatMessages, ConversationEntry, CreatedChat, MessageDto } from '../../../shared/schemas/chats';
import type { OrderHistoryPage } from '../../../shared/schemas/earnings';
import type { Caller } from '../../platform/access-token';
import { CHAT, OFFER_DURATION, RATE_LIMITS } from '../../../shared/limits';
import { orderKindOf } from '../../../shared/order-transitions';
import { nowIso } from '../../platform/clock';
import { BadRequest, Contention, Forbidden, NotFound } from '../../platform/errors';
import { takeFromLimit } from '../../platform/rate-windows';
import { newId } from '../../platform/crypto';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import { type AdminActor, recordAdminAction } from '../audit/service';
import { bookableOffer } from '../catalogue/published-service';
import { toReviewDto } from '../catalogue/review';
import { isFinished } from '../orders/order';
import * as orders from '../orders/service';
import {
  type ChatRecord,
  type MemberRecord,
  type MessageRecord,
  newMessageId,
  readingUpTo,
  toChatDto,
  toConversationEntry,
  toMessageDto,
  toOrderHistoryItem,
} from './chat';
import * as repository from './repository';

/** Attempts at opening a chat while the same student opens one about the same offer. */
const CREATE_ATTEMPTS = 4;

/** The caller's place in a chat: 404 for a chat that does not exist, 403 for one they are not in. */
export async function placeOf(caller: Caller, chatId: string, options: { consistent?: boolean } = {}): Promise<MemberRecord> {
  const member = await repository.getMember(caller.userId, chatId, options.consistent);
  if (member) return member;
  if (await repository.getChat(chatId)) throw new Forbidden(MSG.notYourChat, 'not_your_chat');
  throw new NotFound(MSG.chatNotFound, 'chat_not_found');
}

/** The chat as the member sees it, with the other member's place (how far they have read). */
async function chatSeenBy(member: MemberRecord): Promise<{ chat: ChatDto; other?: MemberRecord }> {
  const {
    chats,
    orders: ordersById,
    places,
    users,
  } = await repository.chatsMembersAndUsers([member.chatId], [{ userId: member.otherUserId, chatId: member.chatId }], [member.userId, member.otherUserId]);
  const chat = chats.get(member.chatId);
  const order = ordersById.get(member.chatId);
  if (!chat || !order) throw new NotFound(MSG.chatNotFound, 'chat_not_found');
  const other = places.get(`${member.otherUserId}#${member.chatId}`);
  return { chat: toChatDto(chat, order, member, other, users), other };
}

const chatView = async (member: MemberRecord): Promise<ChatDto> => (await chatSeenBy(member)).chat;

/** One chat as the caller sees it, with its order's current state. */
export const chatOf = async (caller: Caller, chatId: string): Promise<ChatDto> => chatView(await placeOf(caller, chatId));

/** Whether an account takes part in a chat (the realtime channel's joinChat). */
export async function isParticipant(userId: string, chatId: string): Promise<boolean> {
  return (await repository.getMember(userId, chatId)) !== undefined;
}

/** The offer a conversation is about, as it was when the conversation began: a room's title and whether its call is audio only. */
export async function offerOfConversation(chatId: string): Promise<{ title: string; lessonType: string } | undefined> {
  const chat = await repository.getChat(chatId);
  return chat && { title: chat.offer.title, lessonType: chat.offer.lessonType };
}

export async function unreadCount(caller: Caller): Promise<{ count: number }> {
  return { count: await repository.unreadTotal(caller.userId) };
}

/** A page of the caller's chats, latest activity first: one Query and one BatchGetItem, whatever else the table holds. */
export const listChats = (caller: Caller, query: { cursor?: string; limit: number }): Promise<ChatList> => chatsOf(caller.userId, query);

async function chatsOf(userId: string, query: { cursor?: string; limit: number }): Promise<ChatList> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const { members, next } = await repository.chatsOfUser(userId, query.limit, after);
  if (members.length === 0) return { chats: [] };
  const {
    chats,
    orders: ordersById,
    places,
    users,
  } = await repository.chatsMembersAndUsers(
    members.map((m) => m.chatId),
    members.map((m) => ({ userId: m.otherUserId, chatId: m.chatId })),
    [userId, ...members.map((m) => m.otherUserId)],
  );
  const list = members.flatMap((member) => {
    const chat = chats.get(member.chatId);
    const order = ordersById.get(member.chatId);
    return chat && order ? [toChatDto(chat, order, member, places.get(`${member.otherUserId}#${member.chatId}`), users)] : [];
  });
  return { chats: list, ...(next && { nextCursor: Buffer.from(next).toString('base64url') }) };
}

/** Every conversation of a member (one conversation is one order): what a ban looks through for orders to refund. */
export async function conversationIdsOf(userId: string): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await repository.chatsOfUser(userId, CHAT.chatsPageSize, after);
    ids.push(...page.members.map((member) => member.chatId));
    after = page.next;
  } while (after !== undefined);
  return ids;
}

/**
 * A page of the caller's orders for GET /user/order-history, latest activity first: the same reads
 * as the chat list (one conversation is one order), shown as the history's rows.
 */
export const orderHistory = (caller: Caller, query: { cursor?: string; limit: number }): Promise<OrderHistoryPage> => historyOf(caller.userId, query);

async function historyOf(userId: string, query: { cursor?: string; limit: number }): Promise<OrderHistoryPage> {
  const { chats, nextCursor } = await chatsOf(userId, query);
  return { orders: chats.map((chat) => toOrderHistoryItem(chat, userId)), ...(nextCursor && { nextCursor }) };
}

/**
 * GET /admin/users/{id}/orders (added): a member's orders as their own history shows them, for an
 * admin who opens them from the member's row (each leads to its payment by number).
 */
export async function memberOrderHistory(userId: string, query: { cursor?: string; limit: number }, actor: AdminActor): Promise<OrderHistoryPage> {
  const account = await accounts.getAccount(userId);
  if (!account || account.role === 'admin') throw new NotFound(MSG.userNotFound, 'user_not_found');
  // A member's orders are private: the admin's read is recorded before it is served (decision 271).
  await recordAdminAction(actor, {
    action: 'user.view-orders',
    target: { type: 'user', id: userId, label: `${account.firstName} ${account.lastName}`.trim() },
    ...(query.cursor && { details: { cursor: query.cursor } }),
  });
  return historyOf(userId, query);
}

function decodeCursor(cursor: string): string {
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[\w-]{1,64}$/.test(position)) throw new BadRequest(MSG.invalidCursor, 'invalid_cursor');
  return position;
}

export async function chatMessages(caller: Caller, chatId: string, query: { before?: string; after?: string; limit: number }): Promise<ChatMessages> {
  if (query.before && query.after) throw new BadRequest(MSG.invalidCursor, 'invalid_cursor');
  const member = await placeOf(caller, chatId);
  const [{ chat, other }, page] = await Promise.all([chatSeenBy(member), repository.messagesOfChat(chatId, query)]);
  const readUpTo = { callerId: caller.userId, byCaller: member.readUpTo, byOther: other?.readUpTo };
  // A closed order's review, read-only for its expert, in place of the form for its student.
  const review = chat.orderStatus === 'closed' ? await repository.reviewOfOrder(chat.offer._id, chatId) : undefined;
  return {
    chat: review ? { ...chat, review: toReviewDto(review, caller) } : chat,
    messages: page.messages.map((message) => toMessageDto(message, readUpTo)),
    hasMore: page.more,
    now: nowIso(),
  };
}

/**
 * A conversation as an admin reads it to decide a reported order (the orders context checks that it
 * is one): its latest messages, or those before a message, oldest first. Read-only: nobody's unread
 * count or read position moves.
 */
export async function conversationForAdmin(chatId: string, page: { before?: string }): Promise<{ messages: ConversationEntry[]; hasMore: boolean }> {
  const [chat, found] = await Promise.all([repository.getChat(chatId), repository.messagesOfChat(chatId, { before: page.before, limit: CHAT.pageMax })]);
  if (!chat) throw new NotFound(MSG.chatNotFound, 'chat_not_found');
  return { messages: found.messages.map((message) => toConversationEntry(message, chat)), hasMore: found.more };
}

function messageFrom(account: AccountRecord, chatId: string, content: string): MessageRecord {
  return {
    messageId: newMessageId(),
    chatId,
    senderId: account.userId,
    content,
    createdAt: new Date().toISOString(),
    senderFirstName: account.firstName ?? '',
    senderLastName: account.lastName ?? '',
  };
}

/** The message as its sender sees it right after sending (not read yet by the other). */
const asSent = (message: MessageRecord): MessageDto => toMessageDto(message, { callerId: message.senderId });

/**
 * Who else is in a chat, as this Lambda has already read it: a chat's two participants never
 * change, so a conversation in progress costs no read per message. Bounded, oldest forgotten first.
 */
const otherParticipants = new Map<string, string>();
const OTHER_PARTICIPANTS_KEPT = 10_000;

async function otherParticipantOf(caller: Caller, chatId: string): Promise<string> {
  const key = `${caller.userId}#${chatId}`;
  const known = otherParticipants.get(key);
  if (known) return known;
  const { otherUserId } = await placeOf(caller, chatId);
  if (otherParticipants.size >= OTHER_PARTICIPANTS_KEPT) {
    const oldest = otherParticipants.keys().next();
    if (!oldest.done) otherParticipants.delete(oldest.value);
  }
  otherParticipants.set(key, otherUserId);
  return otherUserId;
}

const countConversation = (caller: Caller) => takeFromLimit('chat-conversations', RATE_LIMITS.conversationsPerAccount, caller.userId, MSG.tooManyConversations);

/** Counts a message against the sender's limit before anything is written: past it, nothing is sent. */
const countMessage = (caller: Caller) => takeFromLimit('chat-messages', RATE_LIMITS.messagesPerAccount, caller.userId, MSG.tooManyChatMessages);

/** `sentKey`: the client's Idempotency-Key; sent again with it, the message is the one stored the first time (decision 286). */
export async function sendMessage(caller: Caller, account: AccountRecord, chatId: string, content: string, sentKey?: string): Promise<{ message: MessageDto }> {
  const recipient = otherParticipantOf(caller, chatId);
  const counted = countMessage(caller);
  // Both settle before any answer: a refusal (no such conversation) never leaves the count's write
  // running after the response, where a Lambda is frozen.
  await Promise.allSettled([recipient, counted]);
  const [recipientId] = await Promise.all([recipient, counted]);
  return { message: await deliver(chatId, account, recipientId, content, sentKey) };
}

/** A key's record is written in the message's transaction: a key sent before cancels it, and its message is the answer. */
async function deliver(chatId: string, account: AccountRecord, recipientId: string, content: string, sentKey?: string): Promise<MessageDto> {
  const message = messageFrom(account, chatId, content);
  const dto = asSent(message);
  if (await repository.addMessage(message, recipientId, { type: 'newMessage', chatId, message: dto }, sentKey)) return dto;
  const earlier = sentKey && (await sentBefore(account.userId, chatId, sentKey));
  if (!earlier) throw new Contention(`message key of ${account.userId}`);
  return earlier;
}

/** The message the sender's key already sent in this chat, as its sender sees it. */
async function sentBefore(senderId: string, chatId: string, sentKey: string): Promise<MessageDto | undefined> {
  const messageId = await repository.sentWithKey(senderId, chatId, sentKey);
  const message = messageId && (await repository.getMessage(chatId, messageId));
  return message ? asSent(message) : undefined;
}

/**
 * Opens the conversation about an offer, or returns the caller's open one (then the message joins
 * it). A conversation whose order is closed or cancelled is archived: asking again opens a new one,
 * a new order. Only published offers of active experts, and never one's own offer.
 */
export async function createChat(
  caller: Caller,
  account: AccountRecord,
  offerId: string,
  initialMessage: string | undefined,
  sentKey?: string,
): Promise<CreatedChat> {
  if (initialMessage !== undefined) await countMessage(caller);
  const bookable = await bookableOffer(offerId);
  if (!bookable) throw new NotFound(MSG.offerNotAvailable, 'offer_unavailable');
  const { offer, expert } = bookable;
  if (expert.userId === caller.userId) throw new Forbidden(MSG.ownOfferChat, 'own_offer');

  let counted = false;
  for (let attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
    const existingId = await repository.openChatId(caller.userId, offerId);
    const existingOrder = existingId ? await orders.getOrder(existingId) : undefined;
    if (existingId && existingOrder && !isFinished(existingOrder.status)) {
      const message = initialMessage === undefined ? undefined : await deliver(existingId, account, existingOrder.expertId, initialMessage, sentKey);
      const member = await placeOf(caller, existingId);
      return { created: false, chat: await chatView(member), ...(message && { message }) };
    }
    // Only a conversation that will be new counts against the limit, once whatever the attempts.
    if (!counted) await countConversation(caller);
    counted = true;
    const chatId = newId();
    const createdAt = new Date().toISOString();
    const chat: ChatRecord = {
      chatId,
      offer: {
        _id: offer.offerId,
        title: offer.title,
        description: offer.description,
        priceCents: offer.priceCents,
        lessonType: offer.lessonType,
        pricingType: offer.pricingType,
        ...(offer.photo && { photo: offer.photo }),
        professor: { _id: expert.userId, firstName: expert.firstName, lastName: expert.lastName },
      },
      studentId: caller.userId,
      expertId: expert.userId,
      expertName: `${expert.firstName} ${expert.lastName}`.trim(),
      createdAt,
    };
    const kind = orderKindOf(offer);
    const order = await orders.newOrder({
      orderId: chatId,
      offerId: offer.offerId,
      studentId: caller.userId,
      expertId: expert.userId,
      offerTitle: offer.title,
      kind,
      priceCents: offer.priceCents,
      ...(kind === 'call' && { durationMinutes: offer.durationMinutes ?? OFFER_DURATION.defaultMinutes }),
      createdAt,
    });
    const message = initialMessage === undefined ? undefined : messageFrom(account, chatId, initialMessage);
    const first = message && { message, event: { type: 'newMessage' as const, chatId, message: asSent(message) }, sentKey };
    const places = await repository.createChat(chat, orders.orderCreation(order), existingId, first);
    if (places) {
      // Shown from what was just written: reading it back would answer the same.
      const users = new Map([
        [account.userId, account],
        [expert.userId, expert],
      ]);
      return { created: true, chat: toChatDto(chat, order, places.student, places.expert, users), ...(message && { message: asSent(message) }) };
    }
  }
  throw new Contention(`open chat of ${caller.userId} about ${offerId}`);
}

/**
 * Marks the chat read for the caller, up to the newest message their screen shows (`shown`; without
 * it, the last one): a message that came after it stays unread (decision 318). Answers their new
 * total of unread messages.
 */
export async function markRead(caller: Caller, chatId: string, shown?: string): Promise<{ count: number }> {
  let member = await placeOf(caller, chatId, { consistent: true });
  for (let attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
    const reading = readingUpTo(member, shown);
    if (!reading) break;
    const unreadLeft = reading.partial ? Math.min(await repository.unreadAfter(member, reading.upTo), member.unreadCount) : 0;
    if (await repository.markRead(member, reading.upTo, unreadLeft)) break;
    member = await placeOf(caller, chatId, { consistent: true });
  }
  return { count: await repository.unreadTotal(caller.userId, true) };
}

/** Every conversation of a member, with its order, its review and all its messages: their data export and the checks of their deletion. */
export async function conversationsOf(userId: string, options: { withMessages: boolean }) {
  const chats = await repository.everyChatOf(userId);
  if (!options.withMessages) return chats.map((found) => ({ ...found, messages: [] as MessageRecord[] }));
  return Promise.all(chats.map(async (found) => ({ ...found, messages: await repository.everyMessageOf(found.chat.chatId) })));
}

/**
 * A deleted member's name leaves their conversations: their messages, the chat list's previews of
 * them (and, for an expert, the chats' expert name) show the name given; the other member keeps
 * the conversation.
 */
export async function renameMember(
  userId: string,
  chats: readonly { chat: ChatRecord; messages: readonly MessageRecord[] }[],
  names: { firstName: string; lastName: string },
) {
  for (const { chat, messages } of chats) {
    await Promise.all(messages.filter((message) => message.senderId === userId).map((message) => repository.renameSender(message, names)));
    await repository.renamePreviewSender(chat, userId, names);
    if (chat.expertId === userId) await repository.renameExpert(chat.chatId, `${names.firstName} ${names.lastName}`);
  }
}

/** Whether a member has any conversation (and so possibly orders) a change of role would orphan. */
export async function hasConversations(userId: string): Promise<boolean> {
  return (await repository.chatsOfUser(userId, 1)).members.length > 0;
}
