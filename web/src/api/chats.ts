/** Conversation calls more than one feature makes. */
import { api } from '@/lib/api-client';

/** GET /chats: the caller's conversations, newest activity first; `cursor` from the previous page's `nextCursor`. */
export const listChats = (cursor?: string, limit?: number) => api.call('GET /api/chats', { query: { cursor, limit } });

/**
 * GET /chats/chat/{id}: the conversation and its latest messages (oldest first), or those `before`
 * a message (scrolling back), or those `after` one (catching up after a reconnection).
 */
export const getChat = (id: string, page: { before?: string; after?: string; limit?: number } = {}) =>
  api.call('GET /api/chats/chat/{id}', { params: { id }, query: page });

/** POST /chats/{id}/messages. */
export const sendMessage = (chatId: string, content: string, idempotencyKey: string) =>
  api.call('POST /api/chats/{id}/messages', { params: { id: chatId }, body: { content }, idempotencyKey });
