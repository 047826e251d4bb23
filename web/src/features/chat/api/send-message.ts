import { api } from '@/lib/api-client';

/** POST /chats/{id}/messages. */
export const sendMessage = (chatId: string, content: string) => api.call('POST /api/chats/{id}/messages', { params: { id: chatId }, body: { content } });
