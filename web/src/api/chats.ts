/** Conversation calls more than one feature makes. */
import { api } from '@/lib/api-client';

/** GET /chats: the caller's conversations, newest activity first; `cursor` from the previous page's `nextCursor`. */
export const listChats = (cursor?: string, limit?: number) => api.call('GET /api/chats', { query: { cursor, limit } });
