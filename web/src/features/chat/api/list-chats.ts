import { api } from '@/lib/api-client';

/** GET /chats: the caller's conversations, newest activity first; `cursor` from the previous page's `nextCursor`. */
export const listChats = (cursor?: string) => api.call('GET /api/chats', { query: { cursor } });
