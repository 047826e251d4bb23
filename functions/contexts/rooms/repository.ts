/** DynamoDB access of rooms: the sockets in a room, the room each socket joined, stays, TURN credentials. Keys come from platform/keys.ts only. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { ROOMS } from '../../../shared/limits';
import type { IceServersView } from '../../../shared/schemas/rooms';
import { config } from '../../platform/config';
import { ROOM_PRESENCE_PREFIX, ROOM_STAY_PREFIX, roomIceKey, roomPartition, roomPresenceKey, roomSocketKey, roomStayKey } from '../../platform/keys';
import { conditionalWrite, db, nowSeconds } from '../../platform/table';
import { fromStayItem, type StayRecord, toStayItem } from './stay';

/** A socket in a room: the participant, and when its items expire (epoch seconds, past the room's close). */
export interface PresenceRecord {
  orderId: string;
  userId: string;
  connectionId: string;
  expiresAt: number;
}

const presenceItem: z.ZodMiniType<PresenceRecord> = z.object({
  orderId: z.string(),
  userId: z.string(),
  connectionId: z.string(),
  expiresAt: z.number(),
});

/** Enters a socket in a room: its presence in the room's partition, and which room it is in by its id (a socket is in one room at a time). */
export async function putPresence(presence: PresenceRecord): Promise<void> {
  const { orderId, userId, connectionId } = presence;
  const previous = await getSocketRoom(connectionId);
  await Promise.all([
    db.send(new PutCommand({ TableName: config.tableName, Item: { ...roomPresenceKey(orderId, userId, connectionId), ...presence } })),
    db.send(new PutCommand({ TableName: config.tableName, Item: { ...roomSocketKey(connectionId), ...presence } })),
    previous && previous.orderId !== orderId ? deletePresenceItem(previous) : undefined,
  ]);
}

const deletePresenceItem = (presence: PresenceRecord) =>
  db.send(new DeleteCommand({ TableName: config.tableName, Key: roomPresenceKey(presence.orderId, presence.userId, presence.connectionId) }));

/** The room a socket is in, if any. Strongly consistent: a socket signals the moment it has joined. */
export async function getSocketRoom(connectionId: string): Promise<PresenceRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: roomSocketKey(connectionId), ConsistentRead: true }));
  const parsed = presenceItem.safeParse(Item);
  return parsed.success ? parsed.data : undefined;
}

/** Takes a socket out of its room; the presence it had, if any. */
export async function removePresence(connectionId: string): Promise<PresenceRecord | undefined> {
  const { Attributes } = await db.send(new DeleteCommand({ TableName: config.tableName, Key: roomSocketKey(connectionId), ReturnValues: 'ALL_OLD' }));
  const parsed = presenceItem.safeParse(Attributes);
  if (!parsed.success) return undefined;
  await deletePresenceItem(parsed.data);
  return parsed.data;
}

/** The sockets in a room, strongly consistent: one that joined a moment ago hears the next relay. */
export async function presencesIn(orderId: string): Promise<PresenceRecord[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': roomPartition(orderId).pk, ':prefix': ROOM_PRESENCE_PREFIX },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => presenceItem.parse(item));
}

/** Every stay recorded in a room: each participant's. */
export async function staysIn(orderId: string): Promise<StayRecord[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': roomPartition(orderId).pk, ':prefix': ROOM_STAY_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.map(fromStayItem);
}

/** The participant's latest stay in the room. */
export async function latestStay(orderId: string, userId: string): Promise<StayRecord | undefined> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': roomPartition(orderId).pk, ':prefix': `${ROOM_STAY_PREFIX}${userId}#` },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return Items[0] && fromStayItem(Items[0]);
}

/** Starts a stay; false if it exists already (two reports of one moment). */
export const startStay = (stay: StayRecord): Promise<boolean> =>
  conditionalWrite(db.send(new PutCommand({ TableName: config.tableName, Item: toStayItem(stay), ConditionExpression: 'attribute_not_exists(pk)' })));

/** Moves a stay's end later; reports that arrive out of order never move it back. */
export async function extendStay(stay: StayRecord, to: string): Promise<void> {
  await conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: roomStayKey(stay.orderId, stay.userId, stay.from),
        UpdateExpression: 'SET #to = :to',
        ConditionExpression: 'attribute_exists(pk) AND #to < :to',
        ExpressionAttributeNames: { '#to': 'to' },
        ExpressionAttributeValues: { ':to': to },
      }),
    ),
  );
}

const iceItem = z.object({
  iceServers: z.array(z.object({ urls: z.array(z.string()), username: z.optional(z.string()), credential: z.optional(z.string()) })),
  endsAt: z.string(),
});

/** The room's TURN credentials, while they have more than `marginMs` to live by the app's clock `now`. */
export async function getIceServers(orderId: string, now: number, marginMs: number): Promise<IceServersView | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: roomIceKey(orderId) }));
  const parsed = iceItem.safeParse(Item);
  if (!parsed.success || Date.parse(parsed.data.endsAt) - marginMs <= now) return undefined;
  return { iceServers: parsed.data.iceServers, expiresAt: parsed.data.endsAt };
}

/** Keeps the room's credentials; the item goes (TTL, epoch seconds) once they have ended. */
export async function putIceServers(orderId: string, servers: Required<IceServersView>): Promise<void> {
  const Item = { ...roomIceKey(orderId), iceServers: servers.iceServers, endsAt: servers.expiresAt, expiresAt: nowSeconds() + ROOMS.iceCredentialSeconds };
  await db.send(new PutCommand({ TableName: config.tableName, Item }));
}
