import { api } from '@/lib/api-client';

/**
 * GET /chats/chat/{id}: the conversation and its latest messages (oldest first), or those `before`
 * a message (scrolling back), or those `after` one (catching up after a reconnection).
 */
export const getChat = (id: string, page: { before?: string; after?: string; limit?: number } = {}) =>
  api.call('GET /api/chats/chat/{id}', { params: { id }, query: page });
