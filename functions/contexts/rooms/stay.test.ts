import { describe, expect, it } from 'vitest';
import { ROOMS } from '../../../shared/limits';
import { attendanceOf, attendedSince, continues, type StayRecord } from './stay';

const at = (minutes: number, seconds = 0) => new Date(Date.UTC(2026, 11, 1, 10, minutes, seconds)).toISOString();
const stay = (userId: string, from: string, to: string): StayRecord => ({ orderId: 'order-1', userId, from, to });

describe('attendance', () => {
  it('merges a participant’s stays no further apart than the reconnection grace, and keeps longer gaps apart', () => {
    const graceMinutes = ROOMS.reconnectGraceSeconds / 60;
    const attendance = attendanceOf([
      stay('student', at(20), at(40)),
      stay('expert', at(1), at(58)),
      stay('student', at(2), at(10)),
      stay('student', at(10 + graceMinutes), at(15)),
    ]);
    expect(attendance).toEqual([
      { userId: 'expert', stays: [{ from: at(1), to: at(58) }] },
      {
        userId: 'student',
        stays: [
          { from: at(2), to: at(15) },
          { from: at(20), to: at(40) },
        ],
      },
    ]);
  });

  it('continues a stay with a report within the grace, not after it', () => {
    const latest = stay('student', at(2), at(10));
    expect(continues(latest, new Date(Date.parse(at(10)) + ROOMS.reconnectGraceSeconds * 1000).toISOString())).toBe(true);
    expect(continues(latest, new Date(Date.parse(at(10)) + ROOMS.reconnectGraceSeconds * 1000 + 1).toISOString())).toBe(false);
  });

  it('tells whether a participant had media flowing since a moment', () => {
    const stays = [stay('expert', at(1), at(5))];
    expect(attendedSince(stays, 'expert', Date.parse(at(5)))).toBe(true);
    expect(attendedSince(stays, 'expert', Date.parse(at(5, 1)))).toBe(false);
    expect(attendedSince(stays, 'student', Date.parse(at(0)))).toBe(false);
  });
});
