import { CHAT } from '@shared/limits';
import { api } from '@/lib/api-client';

/** GET /user/order-history: a page of the caller's orders, latest activity first; `cursor` from the page before. */
export const orderHistory = (cursor?: string) =>
  api.call('GET /api/user/order-history', { query: { limit: CHAT.chatsPageSize, ...(cursor !== undefined && { cursor }) } });
