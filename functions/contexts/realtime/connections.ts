/**
 * Open WebSocket connections, stored per user (so a push reaches every tab and device of a user)
 * and by id (so $disconnect finds the user). Both items expire with the API's 2-hour limit.
 */
import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REALTIME } from '../../../shared/limits';
import type { RealtimeEvent } from '../../../shared/schemas/realtime';
import { config } from '../../platform/config';
import { db, nowSeconds, transact } from '../../platform/table';
import { connectionKey, connectionsOfUser, userConnectionKey } from '../../platform/keys';
import { logger } from '../../platform/logger';

let management: ApiGatewayManagementApiClient | undefined;
const managementApi = () => (management ??= new ApiGatewayManagementApiClient({ region: config.region, endpoint: config.wsManagementEndpoint }));

export async function saveConnection(connectionId: string, userId: string): Promise<void> {
  const expiresAt = nowSeconds() + REALTIME.connectionTtlSeconds;
  await transact({
    TransactItems: [
      { Put: { TableName: config.tableName, Item: { ...connectionKey(connectionId), userId, expiresAt } } },
      { Put: { TableName: config.tableName, Item: { ...userConnectionKey(userId, connectionId), connectionId, expiresAt } } },
    ],
  });
}

/** The user a connection belongs to, while it is open. */
export async function connectionOwner(connectionId: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: connectionKey(connectionId) }));
  return Item && (Item.expiresAt as number) > nowSeconds() ? (Item.userId as string) : undefined;
}

/** Forgets a connection: both its items. Without the user ($disconnect), the connection's own item names them. */
export async function removeConnection(connectionId: string, userId?: string): Promise<void> {
  const deleteItem = (key: Record<string, string>, returnOld = false) =>
    db.send(new DeleteCommand({ TableName: config.tableName, Key: key, ...(returnOld && { ReturnValues: 'ALL_OLD' as const }) }));
  if (userId) {
    await Promise.all([deleteItem(connectionKey(connectionId)), deleteItem(userConnectionKey(userId, connectionId))]);
    return;
  }
  const { Attributes } = await deleteItem(connectionKey(connectionId), true);
  if (Attributes?.userId) await deleteItem(userConnectionKey(Attributes.userId as string, connectionId));
}

/** Sends `event` to every open connection of the user; connections the API reports gone (410) are removed. */
export async function pushToUser(userId: string, event: RealtimeEvent): Promise<void> {
  const { pk, skPrefix } = connectionsOfUser(userId);
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'expiresAt > :now',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix, ':now': nowSeconds() },
    }),
  );
  const data = JSON.stringify(event);
  await Promise.all(
    Items.map(async (item) => {
      const connectionId = item.connectionId as string;
      try {
        await managementApi().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      } catch (error) {
        if (!(error instanceof GoneException) && (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 410) throw error;
        logger.debug('Connection gone, removed', { connectionId });
        await removeConnection(connectionId, userId);
      }
    }),
  );
}
