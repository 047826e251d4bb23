/**
 * A room: where a booked call takes place (docs/rooms.md). Every paid Video Call or Phone Call
 * booking, and the free introduction, has one while its time holds: it opens ROOMS.opensBeforeMinutes
 * before the start and closes ROOMS.closesAfterMinutes after the end, by the app's clock. Only the
 * order's two participants get in.
 */
import { ROOMS } from '../../../shared/limits';
import { isBooked, type OrderKind, type OrderStatus, sessionEndMs, sessionStartMs } from '../../../shared/order-transitions';
import type { RoomPhase } from '../../../shared/schemas/rooms';

const MINUTE_MS = 60_000;

/** What a room reads of its order (the orders context's record has these). */
export interface RoomOrder {
  orderId: string;
  orderNumber: number;
  offerTitle: string;
  studentId: string;
  expertId: string;
  kind: OrderKind;
  status: OrderStatus;
  scheduledDate?: string;
  scheduledHours?: number;
  durationMinutes?: number;
}

export interface Room {
  orderId: string;
  studentId: string;
  expertId: string;
  startMs: number;
  endMs: number;
  opensAtMs: number;
  closesAtMs: number;
}

/**
 * The statuses in which the call takes place: paid (the free introduction: agreed), a problem
 * reported about it (a no-show report leaves the room open to the one reported absent), or completed
 * (a student may confirm the session before its room closes).
 */
const ROOM_STATUSES: readonly OrderStatus[] = ['in_progress', 'problem_reported', 'closed'];

/** The order's room, or undefined when it has none: not a booked call, no agreed time, not paid, cancelled. */
export function roomOf(order: RoomOrder): Room | undefined {
  if (!isBooked(order) || !ROOM_STATUSES.includes(order.status)) return undefined;
  const startMs = sessionStartMs(order);
  const endMs = sessionEndMs(order);
  if (startMs === undefined || endMs === undefined) return undefined;
  return {
    orderId: order.orderId,
    studentId: order.studentId,
    expertId: order.expertId,
    startMs,
    endMs,
    opensAtMs: startMs - ROOMS.opensBeforeMinutes * MINUTE_MS,
    closesAtMs: endMs + ROOMS.closesAfterMinutes * MINUTE_MS,
  };
}

export const isParticipant = (room: Room, userId: string): boolean => userId === room.studentId || userId === room.expertId;

/** The other participant. */
export const otherOf = (room: Room, userId: string): string => (userId === room.studentId ? room.expertId : room.studentId);

export function phaseAt(room: Room, now: number): RoomPhase {
  if (now < room.opensAtMs) return 'waiting';
  return now < room.closesAtMs ? 'open' : 'closed';
}
