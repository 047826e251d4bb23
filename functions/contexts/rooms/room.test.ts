import { describe, expect, it } from 'vitest';
import { ROOMS } from '../../../shared/limits';
import type { OrderStatus } from '../../../shared/order-transitions';
import { isParticipant, otherOf, phaseAt, type RoomOrder, roomOf } from './room';

const MINUTE = 60_000;
const start = '2026-12-01T10:00:00.000Z';
const order = (fields: Partial<RoomOrder> = {}): RoomOrder => ({
  orderId: 'order-1',
  orderNumber: 7,
  offerTitle: 'Exam coaching',
  studentId: 'student-1',
  expertId: 'expert-1',
  kind: 'intro',
  status: 'in_progress',
  scheduledDate: start,
  ...fields,
});

describe('roomOf', () => {
  it('gives every booked call a room from 10 minutes before its start to 30 minutes after its end', () => {
    const intro = roomOf(order());
    expect(intro).toMatchObject({ startMs: Date.parse(start), endMs: Date.parse(start) + 30 * MINUTE });
    expect(intro?.opensAtMs).toBe(Date.parse(start) - ROOMS.opensBeforeMinutes * MINUTE);
    expect(intro?.closesAtMs).toBe(Date.parse(start) + (30 + ROOMS.closesAfterMinutes) * MINUTE);
    expect(roomOf(order({ kind: 'hourly', scheduledHours: 2 }))?.endMs).toBe(Date.parse(start) + 120 * MINUTE);
    expect(roomOf(order({ kind: 'call', durationMinutes: 45 }))?.endMs).toBe(Date.parse(start) + 45 * MINUTE);
  });

  it('gives none to a delivered order, a call without an agreed time, or one not paid or cancelled', () => {
    expect(roomOf(order({ kind: 'fixed' }))).toBeUndefined();
    expect(roomOf(order({ kind: 'work', scheduledHours: 3 }))).toBeUndefined();
    expect(roomOf(order({ scheduledDate: undefined }))).toBeUndefined();
    const without: OrderStatus[] = ['open', 'scheduled', 'countered', 'confirmed', 'submitted', 'revision_requested', 'refund_pending', 'canceled'];
    for (const status of without) expect(roomOf(order({ kind: 'call', status })), status).toBeUndefined();
    for (const status of ['in_progress', 'problem_reported', 'closed'] as const) expect(roomOf(order({ kind: 'call', status })), status).toBeDefined();
  });
});

describe('phaseAt', () => {
  it('waits until the room opens, is open until it closes, and closed from then on', () => {
    const room = roomOf(order())!;
    expect(phaseAt(room, room.opensAtMs - 1)).toBe('waiting');
    expect(phaseAt(room, room.opensAtMs)).toBe('open');
    expect(phaseAt(room, room.closesAtMs - 1)).toBe('open');
    expect(phaseAt(room, room.closesAtMs)).toBe('closed');
  });
});

describe('participants', () => {
  it('are the student and the expert of the order, each the other’s other', () => {
    const room = roomOf(order())!;
    expect([isParticipant(room, 'student-1'), isParticipant(room, 'expert-1'), isParticipant(room, 'someone')]).toEqual([true, true, false]);
    expect([otherOf(room, 'student-1'), otherOf(room, 'expert-1')]).toEqual(['expert-1', 'student-1']);
  });
});
