/**
 * Chat calls (spec 2 section 7, "Chat and orders"): request schemas, query strings and the shapes
 * the chats Lambda answers and the realtime channel pushes. The web reads the same types.
 */
import * as z from 'zod/mini';
import { CHAT, LIMITS } from '../limits';
import { MSG } from '../texts';
import { plainText } from './common';
import type { OfferDto, Review } from './catalogue';
import type { OrderAction, OrderKind, OrderStatus } from '../order-transitions';

const id = z.string().check(z.minLength(1), z.maxLength(64));

export const createChatSchema = z.object({
  offerId: id,
  initialMessage: z.optional(plainText(MSG.messageRequired, LIMITS.textCap, 'several')),
});

export const sendMessageSchema = z.object({ content: plainText(MSG.messageRequired, LIMITS.textCap, 'several') });

export const scheduleSchema = z.object({
  scheduledDate: z.iso.datetime({ offset: true, error: MSG.chooseDateHours }),
  scheduledHours: z.int({ error: MSG.chooseDateHours }).check(z.gte(1), z.lte(8)),
});

export const handleProjectSchema = z.object({ action: z.enum(['approve', 'request_revision']) });

/** A cursor the server handed out (opaque to the client). */
export const cursor = z.optional(z.string({ error: MSG.invalidCursor }).check(z.regex(/^[A-Za-z0-9_-]{1,200}$/, MSG.invalidCursor)));
const MESSAGE_ID = /^[0-9a-z]{9}[A-Za-z0-9_-]{8}$/;
const messageId = z.optional(z.string({ error: MSG.invalidCursor }).check(z.regex(MESSAGE_ID, MSG.invalidCursor)));

const pageSize = (fallback: number, max: number) =>
  z
    .pipe(
      z._default(z.string({ error: MSG.invalidChatLimit }).check(z.regex(/^\d{1,3}$/, MSG.invalidChatLimit)), String(fallback)),
      z.transform((text) => Number(text)),
    )
    .check(z.refine((n: number) => n >= 1 && n <= max, MSG.invalidChatLimit));

/** GET /chats: newest activity first, `cursor` from the previous page's `nextCursor`. */
export const chatListQuery = z.object({ cursor, limit: pageSize(CHAT.chatsPageSize, CHAT.pageMax) });

/**
 * GET /chats/chat/{id}: the latest messages, or those `before` a message id (scrolling back), or
 * those `after` one (catching up after a reconnect). Always oldest first.
 */
export const chatMessagesQuery = z.object({ before: messageId, after: messageId, limit: pageSize(CHAT.messagesPageSize, CHAT.pageMax) });

/** PUT /chats/{id}/mark-read: read up to the newest message the screen shows (decision 318); without it, up to the last one. */
export const markReadSchema = z.optional(z.object({ upTo: messageId }));

/** GET /admin/problems/{id}: the reported order's latest messages, or those `before` a message id (reading back). */
export const conversationPageQuery = z.object({ before: messageId });

// ---------------------------------------------------------------- responses

/** A participant as the chat list shows them. */
export interface ChatParticipant {
  _id: string;
  role: 'user' | 'professor' | 'admin';
  firstName: string;
  lastName: string;
  profilePhoto?: string;
}

/** The offer a conversation is about, as it was when the conversation started (title, price). */
export type ChatOffer = Pick<OfferDto, '_id' | 'title' | 'description' | 'price' | 'lessonType' | 'pricingType' | 'photo'> & {
  professor: { _id: string; firstName: string; lastName: string };
};

export type ProjectSubmissionStatus = 'none' | 'submitted' | 'approved' | 'revision_requested';

/** A chat's order fields as spec 2 shows them (sections 3 and 4), derived from the order's status. */
export interface OrderState {
  isServiceInProgress: boolean;
  isOrderClosed: boolean;
  isOrderCanceled: boolean;
  isScheduleConfirmed: boolean;
  scheduledDate?: string;
  /** An hourly call's length, or the hours of work bought. */
  scheduledHours?: number;
  /** A fixed-price call's length. */
  durationMinutes?: number;
  projectSubmission: {
    status: ProjectSubmissionStatus;
    file?: string;
    /** The last delivery's file as it downloads, its size, when it came and which delivery it is (1 for the first). */
    fileName?: string;
    bytes?: number;
    deliveredAt?: string;
    delivery?: number;
  };
  /** What is bought: a project, hours of work, an hourly or fixed-price call, or the free introduction (ORDER_KINDS). */
  orderKind: OrderKind;
  /**
   * The order's steps, oldest first, each with who made it and when: the conversation shows them between its messages.
   * A proposal, a counter-proposal or a move names the time it set (`scheduledDate`, UTC).
   */
  timeline: { action: OrderAction; by: 'user' | 'professor' | 'payment' | 'system' | 'admin'; at: string; scheduledDate?: string }[];
  /** Euros the current booking costs (the pay button's amount); 0 for the free introduction. */
  total: number;
  /** A paid session's move to another time, waiting for the other side. */
  reschedule?: { scheduledDate: string; proposedBy: 'user' | 'professor' };
  cancellation?: { by: 'user' | 'professor' | 'system' | 'admin'; at: string; refundAmount?: number };
  problem?: {
    reportedBy: 'user' | 'professor' | 'admin';
    reason: string;
    at: string;
    /** A no-show report (docs/rooms.md): the side reported absent, and whether they contested it or their browser connected after it. */
    noShow?: { absent: 'user' | 'professor'; contestedAt?: string; attendedAt?: string };
  };
  /** When the next automatic step happens: auto-approval, auto-completion, the end of the refund decision, the refund of an undelivered order. */
  dueAt?: string;
}

export interface MessageDto {
  _id: string;
  chat: string;
  sender: string;
  content: string;
  /** Removed by a moderator: `content` is the notice saying so. */
  removed?: boolean;
  createdAt: string;
  updatedAt: string;
  /** Read by the other participant. */
  read: boolean;
  senderDetails: { firstName: string; lastName: string };
}

/** Spec 2 section 3's Chat. One chat is one order: its fields start empty and the orders issue moves them. */
export interface ChatDto extends OrderState {
  _id: string;
  offer: ChatOffer;
  orderNumber: number;
  /** The order's one status; the booleans of OrderState are derived from it. */
  orderStatus: OrderStatus;
  /** The student first, then the expert. */
  participants: ChatParticipant[];
  /** Messages the caller has not read yet. */
  unreadCount: number;
  /** Euros; set when the order is paid. */
  paymentAmount?: number;
  professorName: string;
  lastMessage?: MessageDto;
  /**
   * The student's review of the closed order, as the catalogue shows it (its order number included,
   * both members being the order's parties). Only in the conversation's own answer
   * (GET /chats/chat/{id}); absent until the student has reviewed.
   */
  review?: Review;
  createdAt: string;
  /** The last message's time (or the creation's): the list's order. */
  updatedAt: string;
}

/**
 * A message as an admin reads a reported order's conversation (GET /admin/problems/{id}): what was
 * written, when, and by which side. Messages carry text only; the order's one file is the delivered
 * project.
 */
export interface ConversationEntry {
  _id: string;
  content: string;
  createdAt: string;
  /** The sender's side and their name as it was when they wrote. */
  sender: { role: 'user' | 'professor'; firstName: string; lastName: string };
}

export interface ChatList {
  chats: ChatDto[];
  /** Pass as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

export interface ChatMessages {
  chat: ChatDto;
  messages: MessageDto[];
  /** More messages exist before the first one returned (ask with `before`). */
  hasMore: boolean;
  /** The server's time as it answered: the page reads the order's times against it, not the device's clock (decision 287). */
  now: string;
}

export interface CreatedChat {
  chat: ChatDto;
  /** The initial message, when one was sent. */
  message?: MessageDto;
  /** false: the open conversation about this offer already existed and is returned. */
  created: boolean;
}
