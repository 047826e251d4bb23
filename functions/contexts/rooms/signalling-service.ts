/**
 * The rooms context's service for the realtime WebSocket (docs/rooms.md): entering a room, the WebRTC
 * signalling between its two participants, and the attendance their browsers report.
 *
 * Who may: only the order's two participants, only while the room is open, from a socket whose
 * sign-in session is open. Relayed messages reach only the other participant's sockets that entered
 * this room and are still open; a socket is in one room at a time.
 */
import { RATE_LIMITS, ROOMS } from '../../../shared/limits';
import type { RealtimeEvent } from '../../../shared/schemas/realtime';
import { ROOM_ACTIONS, type RoomAction, type RoomActionName, roomActionSchema } from '../../../shared/schemas/rooms';
import { MSG } from '../../../shared/texts';
import { nowIso, nowMs } from '../../platform/clock';
import { TooManyRequests } from '../../platform/errors';
import { takeFromLimit } from '../../platform/rate-windows';
import { nowSeconds } from '../../platform/table';
import * as noShows from '../orders/no-show-service';
import * as orders from '../orders/service';
import * as realtime from '../realtime/service';
import * as repo from './repository';
import type { PresenceRecord } from './repository';
import { isParticipant, otherOf, phaseAt, roomOf } from './room';
import { continues } from './stay';

/** The room action a socket sent, or undefined when it is not one (or not well formed). */
export function parseRoomAction(body: string | undefined): RoomAction | undefined {
  try {
    const parsed = roomActionSchema.safeParse(JSON.parse(body ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const isRoomAction = (routeKey: string): routeKey is RoomActionName => ROOM_ACTIONS.includes(routeKey as RoomActionName);

const refused = (msg: string): RealtimeEvent => ({ type: 'error', msg });

/**
 * joinRoom: the socket enters the order's room, if its account is a participant and the room is open;
 * the other participant's sockets in the room hear that they came. Sent again after every reconnection.
 */
export async function joinRoom(connectionId: string, body: string | undefined): Promise<RealtimeEvent> {
  const action = parseRoomAction(body);
  if (action?.action !== 'joinRoom') return refused(MSG.roomNotFound);
  const [connection, order] = await Promise.all([realtime.openConnection(connectionId), orders.getOrder(action.orderId, { consistent: true })]);
  if (!connection) return refused(MSG.realtimeAuthFailed);
  const room = order && roomOf(order);
  if (!room || !isParticipant(room, connection.userId)) return refused(MSG.roomNotFound);
  if (phaseAt(room, nowMs()) !== 'open') return refused(MSG.roomNotOpen);
  const closesInSeconds = Math.ceil((room.closesAtMs - nowMs()) / 1000);
  await repo.putPresence({
    orderId: room.orderId,
    userId: connection.userId,
    connectionId,
    expiresAt: nowSeconds() + closesInSeconds + ROOMS.reconnectGraceSeconds,
  });
  const otherId = otherOf(room, connection.userId);
  const others = await otherSockets(room.orderId, otherId);
  await realtime.sendToSockets(otherId, others, { type: 'roomPeer', orderId: room.orderId, present: true });
  return { type: 'roomJoined', orderId: room.orderId, peerPresent: others.length > 0 };
}

async function otherSockets(orderId: string, otherId: string): Promise<string[]> {
  return socketsOf(await repo.presencesIn(orderId), otherId);
}

const socketsOf = (presences: readonly PresenceRecord[], userId: string) =>
  presences.filter((presence) => presence.userId === userId).map((presence) => presence.connectionId);

/** Counts the socket's message against its limit: true past it. */
const pastLimit = (connectionId: string): Promise<boolean> =>
  takeFromLimit('roomSignals', RATE_LIMITS.roomSignalsPerSocket, connectionId, MSG.roomSignalRefused).then(
    () => false,
    (error: unknown) => {
      if (error instanceof TooManyRequests) return true;
      throw error;
    },
  );

/**
 * The one-way room actions: leaveRoom, the signalling (roomOffer, roomAnswer, roomCandidate) relayed
 * to the other participant's sockets in the room, and roomMedia, which records attendance. A refusal
 * is told to the socket; nothing is relayed or recorded then.
 *
 * A relay is on the call's path: what it reads is read at once (the limit, the socket's room and
 * connection, the order, the sockets in the room), then the other side's connections, then the post.
 */
export async function roomMessage(connectionId: string, body: string | undefined): Promise<void> {
  const action = parseRoomAction(body);
  if (!action || action.action === 'joinRoom') return realtime.tellSocket(connectionId, refused(MSG.roomSignalRefused));
  if (action.action === 'leaveRoom') {
    if (await pastLimit(connectionId)) return realtime.tellSocket(connectionId, refused(MSG.roomSignalRefused));
    return leaveRoom(connectionId, action.orderId);
  }
  const relays = action.action !== 'roomMedia';
  const [limited, presence, connection, order, presences] = await Promise.all([
    pastLimit(connectionId),
    repo.getSocketRoom(connectionId),
    realtime.openConnection(connectionId),
    orders.getOrder(action.orderId),
    relays ? repo.presencesIn(action.orderId) : [],
  ]);
  if (limited) return realtime.tellSocket(connectionId, refused(MSG.roomSignalRefused));
  const room = order && roomOf(order);
  const inRoom = presence?.orderId === action.orderId && presence.userId === connection?.userId;
  if (!room || !connection || !inRoom || phaseAt(room, nowMs()) !== 'open') return realtime.tellSocket(connectionId, refused(MSG.roomNotOpen));
  if (action.action === 'roomMedia') {
    await recordMedia(room.orderId, connection.userId, action.flowing);
    // Reported absent, and here after all: the report no longer decides itself, an admin does.
    if (action.flowing && order.status === 'problem_reported') await noShows.absentSideCame(order, connection.userId === room.studentId ? 'student' : 'expert');
    return;
  }
  const otherId = otherOf(room, connection.userId);
  const relayed: RealtimeEvent =
    action.action === 'roomCandidate'
      ? { type: 'roomCandidate', orderId: room.orderId, instance: action.instance, candidate: action.candidate }
      : { type: action.action, orderId: room.orderId, instance: action.instance, sdp: action.sdp };
  await realtime.sendToSockets(otherId, socketsOf(presences, otherId), relayed);
}

/** leaveRoom: the socket leaves the room it is in (closed or not); the other side's sockets there hear it. */
async function leaveRoom(connectionId: string, orderId: string): Promise<void> {
  const presence = await repo.getSocketRoom(connectionId);
  if (presence?.orderId !== orderId) return;
  await repo.removePresence(connectionId);
  const order = await orders.getOrder(orderId);
  const room = order && roomOf(order);
  if (!room) return;
  const otherId = otherOf(room, presence.userId);
  await realtime.sendToSockets(otherId, await otherSockets(orderId, otherId), { type: 'roomPeer', orderId, present: false });
}

/**
 * A report of the participant's browser: media flows (it continues their latest stay, or starts a
 * new one), or it stopped (the latest stay ends now, if it was still going).
 */
async function recordMedia(orderId: string, userId: string, flowing: boolean): Promise<void> {
  const at = nowIso();
  const latest = await repo.latestStay(orderId, userId);
  if (latest && continues(latest, at)) return repo.extendStay(latest, at);
  if (flowing) await repo.startStay({ orderId, userId, from: at, to: at });
}

/** $disconnect: the socket leaves its room. The call itself may go on (it flows between the browsers); the page joins again once its socket is back. */
export async function socketGone(connectionId: string): Promise<void> {
  await repo.removePresence(connectionId);
}
