/**
 * The realtime channel's messages, both ways: what the browser sends on the WebSocket (route
 * selection on `action`) and what the server pushes or answers. Schemas, so that the server parses
 * what a socket sends and reads back the events it stored, and the types both sides use.
 */
import * as z from 'zod/mini';
import type { MessageDto } from './chats';
import { ORDER_STATUSES } from '../order-transitions';
import { WITHDRAWAL_STATUSES } from './earnings';
import { DATA_EXPORT_STATUSES } from './account-data';
import { roomActionSchemas, roomEventSchemas } from './rooms';

/** Ids are word characters and dashes: anything else names no chat. */
const id = z.string().check(z.regex(/^[\w-]{1,64}$/));

/** What the browser sends. */
export const realtimeActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('joinChat'), chatId: id }),
  z.object({ action: z.literal('ping') }),
  // A booked call's room: entering and leaving it, the WebRTC signalling, attendance (./rooms.ts).
  ...roomActionSchemas,
]);
export type RealtimeAction = z.infer<typeof realtimeActionSchema>;

const messageDtoSchema: z.ZodMiniType<MessageDto> = z.object({
  _id: z.string(),
  chat: z.string(),
  sender: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  read: z.boolean(),
  senderDetails: z.object({ firstName: z.string(), lastName: z.string() }),
});

/**
 * What a change announces (stored in its event item, pushed to its recipients): the new message,
 * or how far a reader has read a chat (their other tabs clear its unread count, the other side may
 * show it read).
 */
const newMessage = { type: z.literal('newMessage'), chatId: z.string(), message: messageDtoSchema };
const chatRead = { type: z.literal('chatRead'), chatId: z.string(), readerId: z.string(), readUpTo: z.optional(z.string()) };
/** An order moved: both sides reload the conversation's order to show its new status. */
const orderChanged = { type: z.literal('orderChanged'), chatId: z.string(), orderStatus: z.enum(ORDER_STATUSES) };
/** A moderator removed a message (a report upheld): both members' open conversations show it removed. */
const messageRemoved = { type: z.literal('messageRemoved'), chatId: z.string(), messageId: z.string() };
/** A withdrawal of the expert moved: their earnings page reloads. */
const withdrawalChanged = { type: z.literal('withdrawalChanged'), withdrawalId: z.string(), status: z.enum(WITHDRAWAL_STATUSES) };
/** The member's data export was built or failed: their "Your data" section shows it. */
const dataExportChanged = { type: z.literal('dataExportChanged'), status: z.enum(DATA_EXPORT_STATUSES) };
export const announcementSchema = z.discriminatedUnion('type', [
  z.object(newMessage),
  z.object(chatRead),
  z.object(orderChanged),
  z.object(withdrawalChanged),
  z.object(messageRemoved),
  z.object(dataExportChanged),
]);
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * A push carries its event's id: an event may arrive twice (the write path pushes it at once, the
 * table's stream again a moment later, docs/decisions.md), and clients keep the first.
 */
const eventId = z.string().check(z.minLength(1), z.maxLength(64));

/** What the server pushes or answers. */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ ...newMessage, eventId }),
  z.object({ ...chatRead, eventId }),
  z.object({ ...orderChanged, eventId }),
  z.object({ ...withdrawalChanged, eventId }),
  z.object({ ...messageRemoved, eventId }),
  z.object({ ...dataExportChanged, eventId }),
  /** Pushed before the server closes this connection for a newer one of the account (REALTIME.maxConnectionsPerAccount). */
  z.object({ type: z.literal('superseded'), eventId }),
  z.object({ type: z.literal('joined'), chatId: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), msg: z.string() }),
  ...roomEventSchemas,
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
/** The events that are pushed (not answers to the connection's own actions): they carry an id. */
export type PushedEvent = Extract<RealtimeEvent, { eventId: string }>;
