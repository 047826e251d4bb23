/**
 * The realtime channel's messages, both ways: what the browser sends on the WebSocket (route
 * selection on `action`) and what the server pushes or answers. Schemas, so that the server parses
 * what a socket sends and reads back the events it stored, and the types both sides use.
 */
import * as z from 'zod/mini';
import type { MessageDto } from './chats';

/** Ids are word characters and dashes: anything else names no chat. */
const id = z.string().check(z.regex(/^[\w-]{1,64}$/));

/** What the browser sends. */
export const realtimeActionSchema = z.discriminatedUnion('action', [z.object({ action: z.literal('joinChat'), chatId: id }), z.object({ action: z.literal('ping') })]);
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

/** What the server pushes or answers. */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('newMessage'), chatId: z.string(), message: messageDtoSchema }),
  /** The reader read the chat up to a message: their other tabs clear its unread count, the other side may show it read. */
  z.object({ type: z.literal('chatRead'), chatId: z.string(), readerId: z.string(), readUpTo: z.optional(z.string()) }),
  z.object({ type: z.literal('joined'), chatId: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), msg: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
