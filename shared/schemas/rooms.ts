/**
 * The room of a booked call (docs/rooms.md): what a participant's page reads of it, the ICE servers
 * it connects through, and the signalling messages both ways on the realtime WebSocket.
 */
import * as z from 'zod/mini';
import { ROOMS } from '../limits';

/** Ids are word characters and dashes: anything else names no order. */
const orderId = z.string().check(z.regex(/^[\w-]{1,64}$/));

/** Before it opens, open, or closed: by the app's clock, from ROOMS' minutes around the session. */
export const ROOM_PHASES = ['waiting', 'open', 'closed'] as const;
export type RoomPhase = (typeof ROOM_PHASES)[number];

/** A participant's time in the room with media flowing: from their first report to their last (UTC instants). */
export interface StayView {
  from: string;
  to: string;
}

/** What took place: each participant's stays, as their browsers reported them. */
export interface AttendanceView {
  userId: string;
  stays: StayView[];
}

export interface RoomPersonView {
  _id: string;
  firstName: string;
  lastName: string;
}

/** GET /api/rooms/{orderId}: the room as one of its two participants sees it. */
export interface RoomView {
  orderId: string;
  orderNumber: number;
  title: string;
  /** A Phone Call: no camera, both names with a speaking indicator. */
  audioOnly: boolean;
  start: string;
  end: string;
  opensAt: string;
  closesAt: string;
  phase: RoomPhase;
  /** The app's time when answered (the test clock locally): the page counts down from it. */
  now: string;
  you: RoomPersonView;
  other: RoomPersonView;
  attendance: AttendanceView[];
}

/** A session on the member's list: its room's times and the other person. */
export interface UpcomingRoomView {
  orderId: string;
  title: string;
  start: string;
  end: string;
  opensAt: string;
  closesAt: string;
  other: RoomPersonView;
}

/** GET /api/rooms: the member's sessions from the one under way to those of the next 30 days, earliest first. */
export interface UpcomingRoomsView {
  sessions: UpcomingRoomView[];
  /** The app's time when answered: a Join button shows once a room opens, by it. */
  now: string;
}

/** An ICE server as RTCPeerConnection takes it. */
export interface IceServerView {
  urls: string[];
  username?: string;
  credential?: string;
}

/** GET /api/rooms/{orderId}/ice-servers: none on loopback, TURN with time-limited credentials otherwise. */
export interface IceServersView {
  iceServers: IceServerView[];
  /** When the credentials stop working: a page in a call asks again shortly before (ROOMS.iceRenewSeconds). */
  expiresAt?: string;
}

const sdp = z.string().check(z.minLength(1), z.maxLength(ROOMS.sdpMaxChars));
/**
 * Which call of its page a signal belongs to (a random id per page's call): a page that reloads
 * starts a new call, and the other side then starts a new connection to it, rather than feeding the
 * old one a description it cannot take.
 */
const instance = z.string().check(z.regex(/^[\w-]{1,64}$/));
const nullableText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));
/** An RTCIceCandidateInit; the end of candidates is not sent. */
const candidate = z.object({
  candidate: z.string().check(z.minLength(1), z.maxLength(ROOMS.candidateMaxChars)),
  sdpMid: nullableText(64),
  sdpMLineIndex: z.optional(z.nullable(z.int().check(z.gte(0), z.lte(64)))),
  usernameFragment: nullableText(256),
});

/** What a participant's page sends about its room. */
export const roomActionSchemas = [
  /** Enters the room with this socket (again after every reconnection). */
  z.object({ action: z.literal('joinRoom'), orderId }),
  z.object({ action: z.literal('leaveRoom'), orderId }),
  z.object({ action: z.literal('roomOffer'), orderId, instance, sdp }),
  z.object({ action: z.literal('roomAnswer'), orderId, instance, sdp }),
  z.object({ action: z.literal('roomCandidate'), orderId, instance, candidate }),
  /**
   * Whether media flows from the other side (ICE connected, frames or audio received), sent every
   * ROOMS.attendanceBeatSeconds while it does and once when it stops: attendance is made of these.
   */
  z.object({ action: z.literal('roomMedia'), orderId, flowing: z.boolean() }),
] as const;

export const roomActionSchema = z.discriminatedUnion('action', [...roomActionSchemas]);
export type RoomAction = z.infer<typeof roomActionSchema>;
export const ROOM_ACTIONS = [
  'joinRoom',
  'leaveRoom',
  'roomOffer',
  'roomAnswer',
  'roomCandidate',
  'roomMedia',
] as const satisfies readonly RoomAction['action'][];
export type RoomActionName = (typeof ROOM_ACTIONS)[number];

/** What the server tells a participant's page about its room. */
export const roomEventSchemas = [
  /** The answer to joinRoom: whether the other side is in the room now. */
  z.object({ type: z.literal('roomJoined'), orderId: z.string(), peerPresent: z.boolean() }),
  /** The other side came in or left (a leave is told once their socket is gone, or they left). */
  z.object({ type: z.literal('roomPeer'), orderId: z.string(), present: z.boolean() }),
  z.object({ type: z.literal('roomOffer'), orderId: z.string(), instance: z.string(), sdp: z.string() }),
  z.object({ type: z.literal('roomAnswer'), orderId: z.string(), instance: z.string(), sdp: z.string() }),
  z.object({ type: z.literal('roomCandidate'), orderId: z.string(), instance: z.string(), candidate }),
] as const;
