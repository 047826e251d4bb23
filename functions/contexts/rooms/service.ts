/**
 * The rooms context's service for the rooms Lambda (docs/rooms.md): a booked call's room as its
 * participants see it, the member's list of sessions, and the ICE servers a room connects through.
 * Only the order's two participants see its room; anyone else gets the same 404. What goes over the
 * realtime WebSocket (entering a room, the signalling, attendance) is in signalling-service.ts.
 */
import { ORDER_RULES, RATE_LIMITS, ROOMS } from '../../../shared/limits';
import { noShowReportable } from '../../../shared/order-transitions';
import type { AttendanceView, IceServersView, RoomView, UpcomingRoomsView } from '../../../shared/schemas/rooms';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowMs } from '../../platform/clock';
import { config } from '../../platform/config';
import { Conflict, NotFound } from '../../platform/errors';
import { takeFromLimit } from '../../platform/rate-windows';
import * as accounts from '../accounts/service';
import * as bookings from '../bookings/service';
import * as chats from '../chats/service';
import * as noShows from '../orders/no-show-service';
import * as orders from '../orders/service';
import { kinesisCredentials, localIceServers } from './ice-servers';
import * as repo from './repository';
import { isParticipant, otherOf, phaseAt, type Room, roomOf } from './room';
import { attendanceOf, attendedSince } from './stay';

/** The caller's room and its order, or 404 (room_not_found) for anyone else, and for an order with no room. */
async function roomOfParticipant(userId: string, orderId: string) {
  const order = await orders.getOrder(orderId);
  const room = order && roomOf(order);
  if (!order || !room || !isParticipant(room, userId)) throw new NotFound(MSG.roomNotFound, 'room_not_found');
  return { order, room };
}

const peopleNamed = async (userIds: string[]) => {
  const found = await accounts.getAccounts(userIds);
  return (userId: string) => {
    const account = found.get(userId);
    const names = account && !account.isDeleted ? account : accounts.FORMER_MEMBER;
    return { _id: userId, firstName: names.firstName, lastName: names.lastName };
  };
};

/** GET /rooms/{id}: the room, its times and phase by the app's clock, the two people, what took place. */
export async function roomView(caller: Caller, orderId: string): Promise<RoomView> {
  const { order, room } = await roomOfParticipant(caller.userId, orderId);
  const otherId = otherOf(room, caller.userId);
  const [offer, person, stays] = await Promise.all([chats.offerOfConversation(orderId), peopleNamed([caller.userId, otherId]), repo.staysIn(orderId)]);
  const now = nowMs();
  return {
    orderId,
    orderNumber: order.orderNumber,
    title: offer?.title ?? order.offerTitle,
    audioOnly: offer?.lessonType === 'Phone Call',
    start: new Date(room.startMs).toISOString(),
    end: new Date(room.endMs).toISOString(),
    opensAt: new Date(room.opensAtMs).toISOString(),
    closesAt: new Date(room.closesAtMs).toISOString(),
    phase: phaseAt(room, now),
    now: new Date(now).toISOString(),
    you: person(caller.userId),
    other: person(otherId),
    attendance: attendanceOf(stays),
  };
}

const MINUTE_MS = 60_000;
/** How far ahead the list of sessions looks, and how many it shows. */
const UPCOMING = { days: 30, max: 20 } as const;

/** GET /rooms: the caller's sessions, from one whose room is still open to those of the next 30 days, earliest first. */
export async function upcomingRooms(caller: Caller): Promise<UpcomingRoomsView> {
  const now = nowMs();
  // A session under way began at most its length ago: 8 hours for the longest, and its room stays open 30 minutes more.
  const from = new Date(now - (ORDER_RULES.maxHours * 60 + ROOMS.closesAfterMinutes) * MINUTE_MS).toISOString();
  const to = new Date(now + UPCOMING.days * 24 * 60 * MINUTE_MS).toISOString();
  const times = await bookings.bookedTimesOf(caller.userId, from, to);
  const found = await orders.getOrders([...new Set(times.map((time) => time.orderId))]);
  const rooms = found
    .map((order) => ({ order, room: roomOf(order) }))
    .filter((entry): entry is { order: (typeof found)[number]; room: Room } => entry.room !== undefined && isParticipant(entry.room, caller.userId))
    .filter(({ room }) => phaseAt(room, now) !== 'closed')
    .sort((a, b) => a.room.startMs - b.room.startMs)
    .slice(0, UPCOMING.max);
  const person = await peopleNamed([...new Set(rooms.map(({ room }) => otherOf(room, caller.userId)))]);
  return {
    sessions: rooms.map(({ order, room }) => ({
      orderId: room.orderId,
      title: order.offerTitle,
      start: new Date(room.startMs).toISOString(),
      end: new Date(room.endMs).toISOString(),
      opensAt: new Date(room.opensAtMs).toISOString(),
      closesAt: new Date(room.closesAtMs).toISOString(),
      other: person(otherOf(room, caller.userId)),
    })),
    now: new Date(now).toISOString(),
  };
}

/**
 * GET /rooms/{id}/ice-servers, while the room is open. Kinesis Video Streams' credentials are asked
 * once per room and kept in the table (its channels take a few requests a second each); a local
 * coturn's are made on the spot; none on loopback.
 */
export async function iceServers(caller: Caller, orderId: string): Promise<IceServersView> {
  const { room } = await roomOfParticipant(caller.userId, orderId);
  if (phaseAt(room, nowMs()) !== 'open') throw new Conflict(MSG.roomNotOpen, 'room_not_open');
  await takeFromLimit('iceServers', RATE_LIMITS.iceServersPerAccount, caller.userId, MSG.roomSignalRefused);
  const realNow = Date.now();
  const channelArns = config.signalingChannelArns;
  if (channelArns.length === 0) return localIceServers(caller.userId, realNow);
  const kept = await repo.getIceServers(orderId, realNow, ROOMS.iceRenewSeconds * 1000);
  if (kept) return kept;
  const fresh = await kinesisCredentials(channelArns, orderId, realNow);
  await repo.putIceServers(orderId, fresh);
  return fresh;
}

/**
 * POST /rooms/{id}/report-no-show: from 15 minutes after the start, while the room is open, a
 * participant whose socket is in the room reports the other absent, if the other's browser never
 * had media flowing since the room opened. The order then waits 48 hours for them to contest it.
 */
export async function reportNoShow(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, room } = await roomOfParticipant(caller.userId, orderId);
  if (!noShowReportable(order, nowMs())) throw new Conflict(MSG.noShowTooEarly, 'no_show_too_early');
  const otherId = otherOf(room, caller.userId);
  const [presences, stays] = await Promise.all([repo.presencesIn(orderId), repo.staysIn(orderId)]);
  if (!presences.some((presence) => presence.userId === caller.userId)) throw new Conflict(MSG.noShowNotInRoom, 'room_not_joined');
  if (attendedSince(stays, otherId, room.opensAtMs)) throw new Conflict(MSG.noShowOtherCame, 'other_side_came');
  await noShows.reportNoShow(order, caller.userId === room.studentId ? 'student' : 'expert');
  return { msg: MSG.noShowReported };
}

/** GET /admin/rooms/{id}: who attended a call, for the admin deciding a problem reported about it; 404 for an order without a room. */
export async function attendanceForAdmin(orderId: string): Promise<{ attendance: AttendanceView[] }> {
  const order = await orders.getOrder(orderId);
  if (!order || !roomOf(order)) throw new NotFound(MSG.roomNotFound, 'room_not_found');
  return { attendance: attendanceOf(await repo.staysIn(orderId)) };
}

/** Whether both participants of a call had media flowing in its room at some time: a ban then sends the call to an admin (decision 262). */
export async function bothAttended(orderId: string): Promise<boolean> {
  return new Set((await repo.staysIn(orderId)).map((stay) => stay.userId)).size >= 2;
}
