/**
 * DynamoDB access of chats. Keys come from platform/keys.ts only, item shapes from chat.ts only. Every
 * message is written in one transaction with both members' places, the recipient's unread total
 * and the event that pushes it, so counts and pushes always match what is stored.
 */
import { GetCommand, QueryCommand, type QueryCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Announcement } from '../../../shared/schemas/realtime';
import { config } from '../../platform/config';
import { batchGet, conditionalWrite, db, failedConditions, isConditionFailure, type TransactWrite, transact } from '../../platform/table';
import { madeWithKey, sentKeyPut } from '../../platform/sent-keys';
import * as z from 'zod/mini';
import {
  chatKey,
  chatMemberIndex,
  chatMemberKey,
  chatsOfMember,
  GSI1,
  messageKey,
  messagesOf,
  openChatKey,
  orderKey,
  reviewKey,
  unreadTotalKey,
  userKey,
} from '../../platform/keys';
import { type AccountRecord, fromAccountItem } from '../accounts/account';
import { fromReviewItem, type ReviewRecord } from '../catalogue/review';
import { fromOrderItem, type OrderRecord } from '../orders/order';
import type { OrderCreation } from '../orders/service';
import { announcement } from '../realtime/service';
import {
  type ChatRecord,
  fromChatItem,
  fromMemberItem,
  fromMessageItem,
  type MemberRecord,
  type MessageRecord,
  toChatItem,
  toMemberItem,
  toMessageItem,
} from './chat';

const table = () => config.tableName;

export async function getMember(userId: string, chatId: string, consistent = false): Promise<MemberRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: chatMemberKey(userId, chatId), ConsistentRead: consistent }));
  return Item && fromMemberItem(Item);
}

export async function getChat(chatId: string): Promise<ChatRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: chatKey(chatId) }));
  return Item && fromChatItem(Item);
}

/**
 * The review of a closed order, read through the catalogue's key and item mapper (never its
 * repository); consistent, so that the student's own review shows as soon as it is saved.
 */
export async function reviewOfOrder(offerId: string, orderId: string): Promise<ReviewRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: reviewKey(offerId, orderId), ConsistentRead: true }));
  return Item && fromReviewItem(Item);
}

/**
 * Chats with their orders, members' places and users in one BatchGetItem. Orders and accounts are
 * read through their contexts' keys and item mappers (their read parts), never their repositories.
 */
export async function chatsMembersAndUsers(
  chatIds: string[],
  members: { userId: string; chatId: string }[],
  userIds: string[],
  options: { consistent?: boolean } = {},
) {
  const items = await batchGet(
    table(),
    [...chatIds.flatMap((chatId) => [chatKey(chatId), orderKey(chatId)]), ...members.map((m) => chatMemberKey(m.userId, m.chatId)), ...userIds.map(userKey)],
    options,
  );
  const chats = new Map<string, ChatRecord>();
  const orders = new Map<string, OrderRecord>();
  const places = new Map<string, MemberRecord>();
  const users = new Map<string, AccountRecord>();
  for (const item of items) {
    if (item.sk === 'CHAT') {
      const chat = fromChatItem(item);
      chats.set(chat.chatId, chat);
    } else if (item.sk === 'ORDER') {
      const order = fromOrderItem(item);
      orders.set(order.orderId, order);
    } else if (item.sk === 'PROFILE') {
      const account = fromAccountItem(item);
      users.set(account.userId, account);
    } else {
      const member = fromMemberItem(item);
      places.set(`${member.userId}#${member.chatId}`, member);
    }
  }
  return { chats, orders, places, users };
}

const listPosition = z.object({ gsi1sk: z.string() });

/** A member's chats, latest activity first: one Query of their partition of GSI1. */
export async function chatsOfUser(userId: string, limit: number, after?: string): Promise<{ members: MemberRecord[]; next?: string }> {
  const { gsi1pk } = chatsOfMember(userId);
  const { Items = [], LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI1,
      KeyConditionExpression: after ? 'gsi1pk = :pk AND gsi1sk < :after' : 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk, ...(after && { ':after': after }) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return { members: Items.map(fromMemberItem), next: LastEvaluatedKey && listPosition.parse(LastEvaluatedKey).gsi1sk };
}

/** Messages oldest first: the latest `limit`, those before a message, or those after one. */
export async function messagesOfChat(
  chatId: string,
  page: { before?: string; after?: string; limit: number },
): Promise<{ messages: MessageRecord[]; more: boolean }> {
  const { pk, skPrefix } = messagesOf(chatId);
  const query: QueryCommandInput = page.after
    ? {
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk > :after',
        ExpressionAttributeValues: { ':pk': pk, ':after': messageKey(chatId, page.after).sk },
        ScanIndexForward: true,
      }
    : page.before
      ? {
          TableName: table(),
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :before',
          ExpressionAttributeValues: { ':pk': pk, ':from': skPrefix, ':before': messageKey(chatId, page.before).sk },
          ScanIndexForward: false,
        }
      : {
          TableName: table(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
          ScanIndexForward: false,
        };
  // One more than asked tells whether more exist; `before` may also return the message it names.
  const { Items = [] } = await db.send(new QueryCommand({ ...query, Limit: page.limit + 2 }));
  const found = Items.map(fromMessageItem).filter((message) => message.messageId !== page.before);
  const more = found.length > page.limit;
  const taken = found.slice(0, page.limit);
  return { messages: page.after ? taken : taken.reverse(), more };
}

const openChatItem = z.object({ chatId: z.string() });

export async function openChatId(studentId: string, offerId: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: openChatKey(studentId, offerId), ConsistentRead: true }));
  return Item && openChatItem.parse(Item).chatId;
}

const unreadTotalItem = z.object({ count: z.number() });

export async function unreadTotal(userId: string, consistent = false): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: unreadTotalKey(userId), ConsistentRead: consistent }));
  return Math.max(0, Item ? unreadTotalItem.parse(Item).count : 0);
}

/**
 * The writes that deliver a message: the message, both members' places (order in their lists, the
 * preview, the recipient's unread count), the recipient's total and the push. The chat item, which
 * holds the order, is not among them: messages never contend with order changes.
 */
function messageWrites(message: MessageRecord, recipientId: string, event: ReturnType<typeof announcement>, placesExist: boolean) {
  const { chatId, senderId, createdAt, messageId } = message;
  const place = (userId: string, unread: boolean) => ({
    Update: {
      TableName: table(),
      Key: chatMemberKey(userId, chatId),
      UpdateExpression: `SET lastActivityAt = :at, gsi1sk = :sk, lastMessageId = :id, lastMessage = :message${unread ? ' ADD unreadCount :one' : ''}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':at': createdAt,
        ':sk': chatMemberIndex(userId, createdAt, chatId).gsi1sk,
        ':id': messageId,
        ':message': message,
        ...(unread && { ':one': 1 }),
      },
    },
  });
  return [
    { Put: { TableName: table(), Item: toMessageItem(message), ConditionExpression: 'attribute_not_exists(pk)' } },
    ...(placesExist ? [place(senderId, false), place(recipientId, true)] : []),
    {
      Update: {
        TableName: table(),
        Key: unreadTotalKey(recipientId),
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    event.put,
  ];
}

/** The event of a message, for both members (the sender's other tabs too); its notice may mail the recipient. */
const messageAnnouncement = (message: MessageRecord, recipientId: string, event: Announcement) =>
  announcement([recipientId, message.senderId], event, { kind: 'newMessage', chatId: message.chatId, recipientId });

/** The record that the sender's key sent this message: the same key again finds it, and adds nothing. */
const sentKeyWrite = (message: MessageRecord, sentKey: string) => sentKeyPut(message.senderId, message.chatId, sentKey, { messageId: message.messageId });

/** The id of the message the sender's key sent in this chat, if it did (decision 286). */
export const sentWithKey = (senderId: string, chatId: string, sentKey: string) => madeWithKey(senderId, chatId, sentKey, 'messageId');

/**
 * Once the transaction has committed, the event goes out at once (best-effort; the stream follows).
 * false: a send with the same key landed first, and this one wrote nothing.
 */
export async function addMessage(message: MessageRecord, recipientId: string, event: Announcement, sentKey?: string): Promise<boolean> {
  const announced = messageAnnouncement(message, recipientId, event);
  const writes = [...messageWrites(message, recipientId, announced, true), ...(sentKey ? [sentKeyWrite(message, sentKey)] : [])];
  try {
    await transact({ TransactItems: writes });
  } catch (error) {
    if (sentKey && failedConditions(error).includes(writes.length - 1)) return false;
    throw error;
  }
  await announced.pushNow();
  return true;
}

/**
 * Creates a chat with its order, the student's open-chat marker (replacing the archived
 * conversation's), both members' places and, when given, the first message. Answers the places
 * written; undefined: the student opened a chat about this offer meanwhile, ask again.
 */
export async function createChat(
  chat: ChatRecord,
  orderCreation: OrderCreation,
  archivedChatId: string | undefined,
  first?: { message: MessageRecord; event: Announcement; sentKey?: string },
): Promise<{ student: MemberRecord; expert: MemberRecord } | undefined> {
  const at = chat.createdAt;
  const last = first && { lastMessageId: first.message.messageId, lastMessage: first.message };
  const student: MemberRecord = {
    userId: chat.studentId,
    chatId: chat.chatId,
    otherUserId: chat.expertId,
    unreadCount: 0,
    lastActivityAt: at,
    ...last,
    ...(first && { readUpTo: first.message.messageId }),
  };
  const expert: MemberRecord = {
    userId: chat.expertId,
    chatId: chat.chatId,
    otherUserId: chat.studentId,
    unreadCount: first ? 1 : 0,
    lastActivityAt: at,
    ...last,
  };
  const announced = first && messageAnnouncement(first.message, chat.expertId, first.event);
  const written = await conditionalWrite(
    transact({
      TransactItems: [
        ...orderCreation,
        {
          Put: {
            TableName: table(),
            Item: { ...openChatKey(chat.studentId, chat.offer._id), chatId: chat.chatId },
            // The marker of an archived conversation gives way; an open one never does.
            ConditionExpression: archivedChatId ? 'chatId = :archived' : 'attribute_not_exists(pk)',
            ...(archivedChatId && { ExpressionAttributeValues: { ':archived': archivedChatId } }),
          },
        },
        { Put: { TableName: table(), Item: toChatItem(chat), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: table(), Item: toMemberItem(student) } },
        { Put: { TableName: table(), Item: toMemberItem(expert) } },
        ...(first && announced ? messageWrites(first.message, chat.expertId, announced, false) : []),
        ...(first?.sentKey ? [sentKeyWrite(first.message, first.sentKey)] : []),
      ],
    }),
  );
  if (!written) return undefined;
  await announced?.pushNow();
  return { student, expert };
}

/**
 * The other member's messages after `after`: those still unread when the reader's screen showed
 * messages up to `after` (each was counted unread for the reader as it came).
 */
export async function unreadAfter(member: MemberRecord, after: string): Promise<number> {
  const { pk } = messagesOf(member.chatId);
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk > :after',
        FilterExpression: 'senderId = :other',
        ExpressionAttributeValues: { ':pk': pk, ':after': messageKey(member.chatId, after).sk, ':other': member.otherUserId },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * Marks a chat read up to `upTo`, leaving `unreadLeft` of its messages unread, and takes the others
 * off the member's total, in one transaction conditioned on the count just read (a message arriving
 * meanwhile: false, read again) and on reading forward only (another tab read further: false), with
 * the event that tells the member's other tabs and the other participant.
 */
export async function markRead(member: MemberRecord, upTo: string, unreadLeft: number): Promise<boolean> {
  const { userId, chatId, otherUserId, unreadCount } = member;
  const read = unreadCount - unreadLeft;
  const announced = announcement([userId, otherUserId], { type: 'chatRead', chatId, readerId: userId, readUpTo: upTo });
  const written = await conditionalWrite(
    transact({
      TransactItems: [
        {
          Update: {
            TableName: table(),
            Key: chatMemberKey(userId, chatId),
            UpdateExpression: 'SET unreadCount = :left, readUpTo = :upTo',
            ConditionExpression: 'unreadCount = :seen AND (attribute_not_exists(readUpTo) OR readUpTo <= :upTo)',
            ExpressionAttributeValues: { ':left': unreadLeft, ':seen': unreadCount, ':upTo': upTo },
          },
        },
        ...(read > 0
          ? [
              {
                Update: {
                  TableName: table(),
                  Key: unreadTotalKey(userId),
                  UpdateExpression: 'ADD #count :minus',
                  ExpressionAttributeNames: { '#count': 'count' },
                  ExpressionAttributeValues: { ':minus': -read },
                },
              },
            ]
          : []),
        announced.put,
      ],
    }),
  );
  if (written) await announced.pushNow();
  return written;
}

// A member's data: their export and their deletion -----------------------------------------------

/** Every chat of a member with its order and its review (if any), whatever their number: pages of the member's GSI1 partition. */
export async function everyChatOf(userId: string): Promise<{ chat: ChatRecord; order: OrderRecord; review?: ReviewRecord }[]> {
  const found: { chat: ChatRecord; order: OrderRecord; review?: ReviewRecord }[] = [];
  let after: string | undefined;
  do {
    const page = await chatsOfUser(userId, 100, after);
    const chatIds = page.members.map((member) => member.chatId);
    // The orders as written: the account's deletion decides on them (decision 223).
    const { chats, orders } = await chatsMembersAndUsers(chatIds, [], [], { consistent: true });
    const reviewKeys = chatIds.flatMap((chatId) => {
      const chat = chats.get(chatId);
      return chat && orders.get(chatId)?.status === 'closed' ? [reviewKey(chat.offer._id, chatId)] : [];
    });
    const reviews = new Map((await batchGet(table(), reviewKeys)).map(fromReviewItem).map((review) => [review.orderId, review]));
    for (const chatId of chatIds) {
      const chat = chats.get(chatId);
      const order = orders.get(chatId);
      if (chat && order) found.push({ chat, order, ...(reviews.has(chatId) && { review: reviews.get(chatId) }) });
    }
    after = page.next;
  } while (after);
  return found;
}

/** Every message of a chat, oldest first. */
export async function everyMessageOf(chatId: string): Promise<MessageRecord[]> {
  const { pk, skPrefix } = messagesOf(chatId);
  const messages: MessageRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ExclusiveStartKey,
      }),
    );
    messages.push(...(page.Items ?? []).map(fromMessageItem));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return messages;
}

/** Gives a message the name its sender is shown by now (a deleted account: "Former member"). */
export async function renameSender(message: MessageRecord, names: { firstName: string; lastName: string }): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: messageKey(message.chatId, message.messageId),
      UpdateExpression: 'SET senderFirstName = :first, senderLastName = :last',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':first': names.firstName, ':last': names.lastName },
    }),
  );
}

/**
 * Gives the members' previews of a chat (each one's last message) that show a message of `senderId`
 * the name it is shown by now; a preview of the other member's message is left as it is.
 */
export async function renamePreviewSender(
  chat: Pick<ChatRecord, 'chatId' | 'studentId' | 'expertId'>,
  senderId: string,
  names: { firstName: string; lastName: string },
): Promise<void> {
  await updatePreviews(chat, {
    UpdateExpression: 'SET lastMessage.senderFirstName = :first, lastMessage.senderLastName = :last',
    ConditionExpression: 'lastMessage.senderId = :sender',
    ExpressionAttributeValues: { ':first': names.firstName, ':last': names.lastName, ':sender': senderId },
  });
}

/**
 * Applies one update to both members' previews of a chat, each on its condition (what the preview
 * must still show); a preview that no longer shows it is left as it is.
 */
async function updatePreviews(
  chat: Pick<ChatRecord, 'chatId' | 'studentId' | 'expertId'>,
  update: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> },
): Promise<void> {
  await Promise.all(
    [chat.studentId, chat.expertId].map(async (userId) => {
      try {
        await db.send(new UpdateCommand({ TableName: table(), Key: chatMemberKey(userId, chat.chatId), ...update }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }),
  );
}

/** Gives a chat the name its expert is shown by now. */
export async function renameExpert(chatId: string, expertName: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: chatKey(chatId),
      UpdateExpression: 'SET expertName = :name',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':name': expertName },
    }),
  );
}

export async function getMessage(chatId: string, messageId: string): Promise<MessageRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: messageKey(chatId, messageId), ConsistentRead: true }));
  return Item && fromMessageItem(Item);
}

/**
 * Marks a message removed, with `alongside` (the moderation's own writes) and the event that tells
 * both members' open conversations, in one transaction (the table's stream pushes it: the admin's
 * Lambda does not push itself); then the members' previews that show it follow (best-effort: a
 * newer message has replaced them, or will). false when the message does not exist or a write
 * alongside is refused.
 */
export async function removeMessage(
  chat: Pick<ChatRecord, 'chatId' | 'studentId' | 'expertId'>,
  messageId: string,
  alongside: TransactWrite[],
): Promise<boolean> {
  const removedAt = new Date().toISOString();
  const removed = await conditionalWrite(
    transact({
      TransactItems: [
        ...alongside,
        announcement([chat.studentId, chat.expertId], { type: 'messageRemoved', chatId: chat.chatId, messageId }).put,
        {
          Update: {
            TableName: table(),
            Key: messageKey(chat.chatId, messageId),
            UpdateExpression: 'SET removedAt = if_not_exists(removedAt, :now)',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':now': removedAt },
          },
        },
      ],
    }),
  );
  if (!removed) return false;
  await updatePreviews(chat, {
    UpdateExpression: 'SET lastMessage.removedAt = :now',
    ConditionExpression: 'lastMessageId = :id',
    ExpressionAttributeValues: { ':now': removedAt, ':id': messageId },
  });
  return true;
}
