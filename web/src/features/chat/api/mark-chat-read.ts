import { api } from '@/lib/api-client';

/** PUT /chats/{id}/mark-read: answers the caller's new total of unread messages. */
export const markChatRead = (id: string) => api.call('PUT /api/chats/{id}/mark-read', { params: { id }, body: {} });
