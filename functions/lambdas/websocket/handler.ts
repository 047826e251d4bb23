/**
 * The realtime Lambda behind the WebSocket API.
 * - $connect: only through the edge (origin secret), from the app's own origins (the rule the HTTP
 *   API applies to state changes), with a one-time ticket (POST /realtime/ticket) that names the
 *   user and session; the connection is stored for them.
 * - $disconnect: the connection is forgotten.
 * - joinChat and ping: two-way routes, whose answer API Gateway returns on the connection itself.
 * - A booked call's room (docs/rooms.md): joinRoom answers on the connection; leaveRoom, the
 *   signalling (roomOffer, roomAnswer, roomCandidate) and attendance (roomMedia) are one-way.
 * Pushes (new messages, later order updates) go out from the write path and the notifications function.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '../../../shared/edge';
import type { RealtimeEvent } from '../../../shared/schemas/realtime';
import { comesFromApp } from '../../platform/app-origin';
import { cameThroughEdge } from '../../platform/origin-secret';
import { logger, UNHANDLED_ERROR_MESSAGE } from '../../platform/logger';
import { isParticipant } from '../../contexts/chats/service';
import * as realtime from '../../contexts/realtime/service';
import * as rooms from '../../contexts/rooms/signalling-service';

const answer = (event: RealtimeEvent): APIGatewayProxyResultV2 => ({ statusCode: 200, body: JSON.stringify(event) });

/** The handshake's headers, names lower-cased. */
function headersOf(event: APIGatewayProxyWebsocketEventV2): Record<string, string | undefined> {
  const headers = (event as { headers?: Record<string, string | undefined> }).headers ?? {};
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

async function connect(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const headers = headersOf(event);
  if (!(await cameThroughEdge(headers[ORIGIN_VERIFY_HEADER]))) return { statusCode: 403 };
  // Another site's page must not open sockets in our users' browsers (cross-site WebSocket hijacking).
  if (comesFromApp(headers) !== true) return { statusCode: 403 };
  const ticket = (event as { queryStringParameters?: Record<string, string | undefined> }).queryStringParameters?.ticket;
  return { statusCode: (await realtime.connect(event.requestContext.connectionId, ticket)) ? 200 : 401 };
}

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const { connectionId, routeKey } = event.requestContext;
  try {
    switch (routeKey) {
      case '$connect':
        return await connect(event);
      case '$disconnect':
        await Promise.all([realtime.disconnect(connectionId), rooms.socketGone(connectionId)]);
        return { statusCode: 200 };
      case 'joinChat':
        return answer(await realtime.joinChat(connectionId, event.body, isParticipant));
      case 'ping':
        return answer(await realtime.pong(connectionId));
      case 'joinRoom':
        return answer(await rooms.joinRoom(connectionId, event.body));
      default:
        if (!rooms.isRoomAction(routeKey)) return { statusCode: 400, body: JSON.stringify({ msg: 'Unknown action' }) };
        await rooms.roomMessage(connectionId, event.body);
        return { statusCode: 200 };
    }
  } catch (error) {
    logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, routeKey, requestId: event.requestContext.requestId });
    return { statusCode: 500 };
  }
}
