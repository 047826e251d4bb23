/**
 * Open WebSocket connections, stored per user (so a push reaches every tab and device of a user)
 * and by id (so $disconnect finds the user). Each belongs to the session its ticket was asked in,
 * and expires with the API's 2-hour limit or the session's absolute end, whichever comes first.
 * Beside the connections, in the same partition, the user's sessions that have ended: none of their
 * sockets opens or hears anything any more.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { REALTIME } from '../../../shared/limits';
import { config } from '../../platform/config';
import { connectionKey, connectionsOfUser, ENDED_SESSION_PREFIX, endedSessionKey, userConnectionKey } from '../../platform/keys';
import { logger } from '../../platform/logger';
import { db, nowSeconds, transact } from '../../platform/table';

export interface ConnectionRecord {
  connectionId: string;
  userId: string;
  sessionId: string;
  /** When it opened (epoch milliseconds): the oldest gives way past the cap. */
  connectedAt: number;
  /** Epoch seconds; also the items' TTL. */
  expiresAt: number;
}

const connectionItem: z.ZodMiniType<ConnectionRecord> = z.object({
  connectionId: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  connectedAt: z.number(),
  expiresAt: z.number(),
});
const endedSessionItem = z.object({ sessionId: z.string() });

/** Items of connections stored before they named their session carry no sessionId: they are left to expire. */
const fromConnectionItem = (item: Record<string, unknown> | undefined): ConnectionRecord | undefined => {
  const parsed = connectionItem.safeParse(item);
  return parsed.success ? parsed.data : undefined;
};

export const isOpen = (connection: ConnectionRecord) => connection.expiresAt > nowSeconds();

/** Whether its $connect may still be running: the API answers 410 for it then, though it is about to open. */
export const mayBeConnecting = (connection: ConnectionRecord) => Date.now() - connection.connectedAt < REALTIME.connectMaxSeconds * 1000;

export async function saveConnection(connection: ConnectionRecord): Promise<void> {
  const { connectionId, userId } = connection;
  await transact({
    TransactItems: [
      { Put: { TableName: config.tableName, Item: { ...connectionKey(connectionId), ...connection } } },
      { Put: { TableName: config.tableName, Item: { ...userConnectionKey(userId, connectionId), ...connection } } },
    ],
  });
}

/** The connection, while it is open. Strongly consistent: a client may act the moment its socket opens. */
export async function getConnection(connectionId: string): Promise<ConnectionRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: connectionKey(connectionId), ConsistentRead: true }));
  const connection = fromConnectionItem(Item);
  return connection && isOpen(connection) ? connection : undefined;
}

/**
 * The user's stored connections and ended sessions: one strongly consistent Query of the user's
 * partition, which holds both. So a session's end, once recorded, keeps every later push from its
 * sockets.
 */
export async function connectionsOf(userId: string): Promise<{ connections: ConnectionRecord[]; endedSessions: Set<string> }> {
  const { pk } = connectionsOfUser(userId);
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const isEnded = (item: Record<string, unknown>) => String(item.sk).startsWith(ENDED_SESSION_PREFIX);
  return {
    connections: items.flatMap((item) => (isEnded(item) ? [] : [fromConnectionItem(item)].filter((connection) => connection !== undefined))),
    endedSessions: new Set(items.filter(isEnded).map((item) => endedSessionItem.parse(item).sessionId)),
  };
}

/** Records that sessions ended, for as long as a ticket or connection of theirs could still show up. */
export async function recordEndedSessions(userId: string, sessionIds: string[]): Promise<void> {
  const expiresAt = nowSeconds() + REALTIME.connectionTtlSeconds;
  await Promise.all(
    sessionIds.map((sessionId) =>
      db.send(new PutCommand({ TableName: config.tableName, Item: { ...endedSessionKey(userId, sessionId), sessionId, expiresAt } })),
    ),
  );
}

/** Strongly consistent: a session ended a moment ago must not get a socket. */
export async function hasSessionEnded(userId: string, sessionId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: endedSessionKey(userId, sessionId), ConsistentRead: true }));
  return Item !== undefined;
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
  const owner = z.object({ userId: z.string() }).safeParse(Attributes);
  if (owner.success) await deleteItem(userConnectionKey(owner.data.userId, connectionId));
}

// The @connections management API ----------------------------------------------------------------

/**
 * A post bounded in time. The SDK's request timeout only warns unless told to throw: without it, a
 * post that never got its answer held the request that wrote, and every later event of the stream,
 * for good (decision 282).
 */
const boundedTo = (timeoutMs: number) => ({ connectionTimeout: timeoutMs, requestTimeout: timeoutMs, throwOnRequestTimeout: true });

/** The stream's client: the SDK's attempts, each bounded in time. */
let management: ApiGatewayManagementApiClient | undefined;
const managementApi = () =>
  (management ??= new ApiGatewayManagementApiClient({
    region: config.region,
    endpoint: config.wsManagementEndpoint,
    requestHandler: boundedTo(REALTIME.pushTimeoutMs),
  }));

/**
 * The write path's own client: one attempt, bounded in time. Its push is an extra (the stream's
 * follows), so it must never hold up the answer to the request that wrote.
 */
let fastPath: ApiGatewayManagementApiClient | undefined;
const fastPathApi = () =>
  (fastPath ??= new ApiGatewayManagementApiClient({
    region: config.region,
    endpoint: config.wsFastPathEndpoint,
    maxAttempts: 1,
    requestHandler: boundedTo(REALTIME.fastPushTimeoutMs),
  }));

const isGone = (error: unknown) => error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;

export type PostOutcome = 'sent' | 'gone';

/** Sends data on a connection; 'gone' when the API no longer knows it (410). Other failures throw. */
export async function postTo(connectionId: string, data: string, via: 'stream' | 'fast-path' = 'stream'): Promise<PostOutcome> {
  try {
    await (via === 'fast-path' ? fastPathApi() : managementApi()).send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
    return 'sent';
  } catch (error) {
    if (isGone(error)) return 'gone';
    throw error;
  }
}

/** Closes a connection at the API (its $disconnect follows); one already gone is fine. Never throws: a failure is logged. */
export async function closeAtApi(connectionId: string): Promise<void> {
  try {
    await managementApi().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) logger.warn('Connection not closed at the API', { connectionId, error: error as Error });
  }
}
