import { api } from '@/lib/api-client';

/** PUT /chats/{id}/mark-read, up to the newest message shown (`upTo`): answers the caller's new total of unread messages. */
export const markChatRead = (id: string, upTo: string | undefined) =>
  api.call('PUT /api/chats/{id}/mark-read', { params: { id }, body: upTo === undefined ? {} : { upTo } });
