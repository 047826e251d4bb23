/**
 * The realtime Lambda behind the WebSocket API.
 * - $connect: only through the edge (origin secret), from the app's own origin, with a one-time
 *   ticket (POST /realtime/ticket) that names the user; the connection is stored for that user.
 * - $disconnect: the connection is forgotten.
 * - joinChat and ping: two-way routes, whose answer API Gateway returns on the connection itself.
 * Pushes (new messages, later order updates) go out from the notifications function.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '../../../shared/edge';
import { MSG } from '../../../shared/texts';
import { type RealtimeEvent, realtimeActionSchema } from '../../../shared/schemas/realtime';
import { config } from '../../platform/config';
import { cameThroughEdge } from '../../platform/origin-secret';
import { isParticipant } from '../../contexts/chats/service';
import { logger, UNHANDLED_ERROR_MESSAGE } from '../../platform/logger';
import { connectionOwner, removeConnection, saveConnection } from '../../contexts/realtime/connections';
import { redeemTicket } from '../../contexts/realtime/tickets';

function headerOf(event: APIGatewayProxyWebsocketEventV2, name: string): string | undefined {
  const headers = (event as { headers?: Record<string, string | undefined> }).headers ?? {};
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

const answer = (event: RealtimeEvent): APIGatewayProxyResultV2 => ({ statusCode: 200, body: JSON.stringify(event) });

async function connect(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  if (!(await cameThroughEdge(headerOf(event, ORIGIN_VERIFY_HEADER)))) return { statusCode: 403 };
  // Another site's page must not open sockets in our users' browsers (cross-site WebSocket hijacking).
  if (headerOf(event, 'origin') !== new URL(config.appUrl).origin) return { statusCode: 403 };
  const ticket = (event as { queryStringParameters?: Record<string, string | undefined> }).queryStringParameters?.ticket;
  const userId = await redeemTicket(ticket);
  if (!userId) return { statusCode: 401 };
  await saveConnection(event.requestContext.connectionId, userId);
  return { statusCode: 200 };
}

/** Acknowledges a chat the connection's user takes part in; the client re-joins after every reconnect. */
async function joinChat(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const action = parseAction(event.body);
  if (action?.action !== 'joinChat') return answer({ type: 'error', msg: MSG.chatNotFound });
  const userId = await connectionOwner(event.requestContext.connectionId);
  if (!userId) return answer({ type: 'error', msg: MSG.realtimeAuthFailed });
  return (await isParticipant(userId, action.chatId)) ? answer({ type: 'joined', chatId: action.chatId }) : answer({ type: 'error', msg: MSG.notYourChat });
}

function parseAction(body: string | undefined) {
  try {
    const parsed = realtimeActionSchema.safeParse(JSON.parse(body ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const { connectionId, routeKey } = event.requestContext;
  try {
    switch (routeKey) {
      case '$connect':
        return await connect(event);
      case '$disconnect':
        await removeConnection(connectionId);
        return { statusCode: 200 };
      case 'joinChat':
        return await joinChat(event);
      case 'ping':
        return answer({ type: 'pong' });
      default:
        return { statusCode: 400, body: JSON.stringify({ msg: 'Unknown action' }) };
    }
  } catch (error) {
    logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, routeKey, requestId: event.requestContext.requestId });
    return { statusCode: 500 };
  }
}
