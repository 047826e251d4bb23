import { chatListQuery, chatMessagesQuery, createChatSchema, markReadSchema, sendMessageSchema } from '../schemas/chats';
import { emptyBody } from '../schemas/common';
import { type Route, r } from './route';

/** The chats Lambda's: conversations and messages (spec 2 section 7). */
export const CHATS_ROUTES = [
  r('GET', '/chats/unread-count', 'chats', 'member'),
  r('GET', '/chats', 'chats', 'member', { query: chatListQuery }),
  r('GET', '/chats/chat/{id}', 'chats', 'member', { query: chatMessagesQuery }),
  r('PUT', '/chats/{id}/mark-read', 'chats', 'member', { body: markReadSchema }),
  r('POST', '/chats/create', 'chats', 'member', { body: createChatSchema }),
  r('POST', '/chats/{id}/messages', 'chats', 'member', { body: sendMessageSchema }),
  // The one-time ticket that opens the realtime WebSocket (issue 7; the spec's socket sends credentials).
  r('POST', '/realtime/ticket', 'chats', 'member', { body: emptyBody }),
] as const satisfies readonly Route[];
