/**
 * Realtime Lambda behind the WebSocket API: $connect accepts only connections that came through the
 * edge (origin secret) from browsers of the app's own origin and stores the connection (with a TTL), $disconnect removes it, `ping` answers `pong` through the
 * @connections management API. The one-time ticket that ties a connection to a signed-in user,
 * and chat delivery, arrive with the chat issue.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import { config } from '../lib/config';
import { db, nowSeconds } from '../lib/dynamo';
import { connectionKey } from '../lib/keys';
import { logger, UNHANDLED_ERROR_MESSAGE } from '../lib/logger';
import { cameThroughEdge } from '../lib/edge';

const CONNECTION_TTL_SECONDS = 2 * 60 * 60;
let management: ApiGatewayManagementApiClient | undefined;

function managementApi(event: APIGatewayProxyWebsocketEventV2): ApiGatewayManagementApiClient {
  const endpoint = process.env.WS_MANAGEMENT_ENDPOINT ?? `https://${event.requestContext.domainName}/${event.requestContext.stage}`;
  management ??= new ApiGatewayManagementApiClient({ region: config.region, endpoint });
  return management;
}

function headerOf(event: APIGatewayProxyWebsocketEventV2, name: string): string | undefined {
  const headers = (event as { headers?: Record<string, string | undefined> }).headers ?? {};
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const { connectionId, routeKey } = event.requestContext;
  try {
    switch (routeKey) {
      case '$connect':
        if (!(await cameThroughEdge(headerOf(event, ORIGIN_VERIFY_HEADER)))) return { statusCode: 403 };
        // Another site's page must not open sockets in our users' browsers (cross-site WebSocket hijacking).
        if (headerOf(event, 'origin') !== new URL(config.appUrl).origin) return { statusCode: 403 };
        await db.send(new PutCommand({ TableName: config.tableName, Item: { ...connectionKey(connectionId), connectedAt: nowSeconds(), expiresAt: nowSeconds() + CONNECTION_TTL_SECONDS } }));
        return { statusCode: 200 };
      case '$disconnect':
        await db.send(new DeleteCommand({ TableName: config.tableName, Key: connectionKey(connectionId) }));
        return { statusCode: 200 };
      case 'ping':
        await managementApi(event).send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify({ event: 'pong', at: Date.now() }) }));
        return { statusCode: 200 };
      default:
        return { statusCode: 400, body: JSON.stringify({ msg: 'Unknown action' }) };
    }
  } catch (error) {
    logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, routeKey, requestId: event.requestContext.requestId });
    return { statusCode: 500 };
  }
}
