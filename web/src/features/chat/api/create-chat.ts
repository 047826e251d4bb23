import { api } from '@/lib/api-client';

/** POST /chats/create: a new conversation about an offer, or the open one that already exists (`created: false`). */
export const createChat = (offerId: string, initialMessage: string, idempotencyKey: string) =>
  api.call('POST /api/chats/create', { body: { offerId, initialMessage }, idempotencyKey });
