import { ROOMS } from '@shared/limits';
import type { RoomView } from '@shared/schemas/rooms';

const MINUTE = 60_000;

/**
 * A room as one of its participants reads it (`GET /rooms/{orderId}`): a call of `minutes` from
 * `startMs`, opening and closing around it as ROOMS says, answered at the app's time `nowMs`.
 */
export function roomAt(
  startMs: number,
  nowMs: number,
  phase: RoomView['phase'],
  { minutes = 30, ...fields }: Partial<RoomView> & { minutes?: number } = {},
): RoomView {
  return {
    orderId: 'c1',
    orderNumber: 7,
    title: 'Exam coaching',
    audioOnly: false,
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + minutes * MINUTE).toISOString(),
    opensAt: new Date(startMs - ROOMS.opensBeforeMinutes * MINUTE).toISOString(),
    closesAt: new Date(startMs + (minutes + ROOMS.closesAfterMinutes) * MINUTE).toISOString(),
    phase,
    now: new Date(nowMs).toISOString(),
    you: { _id: 'student-1', firstName: 'Alice', lastName: 'Martin' },
    other: { _id: 'expert-1', firstName: 'Claire', lastName: 'Dubois' },
    attendance: [],
    ...fields,
  };
}
