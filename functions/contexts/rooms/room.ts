/**
 * A room: where a booked call takes place (docs/rooms.md). Every paid Video Call or Phone Call
 * booking, and the free introduction, has one while its time holds: it opens ROOMS.opensBeforeMinutes
 * before the start and closes ROOMS.closesAfterMinutes after the end, by the app's clock. Only the
 * order's two participants get in.
 */
import { type OrderKind, type OrderStatus, type RoomWindow, roomWindow } from '../../../shared/order-transitions';
import type { RoomPhase } from '../../../shared/schemas/rooms';

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

export interface Room extends RoomWindow {
  orderId: string;
  studentId: string;
  expertId: string;
}

/** The order's room, or undefined when it has none (roomWindow, shared with the web). */
export function roomOf(order: RoomOrder): Room | undefined {
  const window = roomWindow(order);
  return window && { orderId: order.orderId, studentId: order.studentId, expertId: order.expertId, ...window };
}

export const isParticipant = (room: Room, userId: string): boolean => userId === room.studentId || userId === room.expertId;

/** The other participant. */
export const otherOf = (room: Room, userId: string): string => (userId === room.studentId ? room.expertId : room.studentId);

export function phaseAt(room: Room, now: number): RoomPhase {
  if (now < room.opensAtMs) return 'waiting';
  return now < room.closesAtMs ? 'open' : 'closed';
}
