/**
 * The chats Lambda: conversations about offers (each one an order), their messages and unread
 * counts, and the tickets that open the realtime WebSocket. HTTP in, one service call, HTTP out.
 * The order actions of a conversation are the orders Lambda's, whatever their URL.
 */
import { issueRealtimeTicket } from '../../contexts/accounts/session-service';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import { createDomainHandler, idempotencyKeyOf } from '../../platform/http';
import * as chats from '../../contexts/chats/service';
import { CHATS_ROUTES } from '../../../shared/routes/chats';

export const handler = createDomainHandler(
  CHATS_ROUTES,
  {
    'GET /api/chats/unread-count': async (request) => ({ body: await chats.unreadCount(request.caller) }),
    'GET /api/chats': async (request) => ({ body: await chats.listChats(request.caller, request.query) }),
    'GET /api/chats/chat/{id}': async (request) => ({ body: await chats.chatMessages(request.caller, request.params.id, request.query) }),
    'PUT /api/chats/{id}/mark-read': async (request) => ({ body: await chats.markRead(request.caller, request.params.id, request.body?.upTo) }),
    'POST /api/chats/create': async (request) => {
      const opened = await chats.createChat(
        request.caller,
        request.account,
        request.body.offerId,
        request.body.initialMessage,
        idempotencyKeyOf(request.headers),
      );
      return { status: opened.created ? 201 : 200, body: opened };
    },
    'POST /api/chats/{id}/messages': async (request) => ({
      status: 201,
      body: await chats.sendMessage(request.caller, request.account, request.params.id, request.body.content, idempotencyKeyOf(request.headers)),
    }),
    'POST /api/realtime/ticket': async (request) => ({ body: await issueRealtimeTicket(request.caller) }),
  },
  accountOfOpenSession,
);
