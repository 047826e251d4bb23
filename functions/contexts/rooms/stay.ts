/**
 * Attendance: a stay is a participant's time in the room with media flowing, from the first report
 * of their browser to its last (docs/rooms.md). Reports come every ROOMS.attendanceBeatSeconds while
 * media flows; a gap of up to ROOMS.reconnectGraceSeconds (a reload, a network change) continues the
 * same stay. Its item (toStayItem / fromStayItem) is known here only.
 */
import * as z from 'zod/mini';
import { ROOMS } from '../../../shared/limits';
import type { AttendanceView } from '../../../shared/schemas/rooms';
import { roomStayKey } from '../../platform/keys';

export interface StayRecord {
  orderId: string;
  userId: string;
  /** UTC ISO instants, by the app's clock. */
  from: string;
  to: string;
}

const stayItem = z.object({ orderId: z.string(), userId: z.string(), from: z.string(), to: z.string() });

export const toStayItem = (stay: StayRecord) => ({ ...roomStayKey(stay.orderId, stay.userId, stay.from), ...stay });
export const fromStayItem = (item: Record<string, unknown>): StayRecord => stayItem.parse(item);

const GRACE_MS = ROOMS.reconnectGraceSeconds * 1000;

/** Whether a report at `at` continues the stay rather than starting a new one. */
export const continues = (stay: StayRecord, at: string): boolean => Date.parse(at) - Date.parse(stay.to) <= GRACE_MS;

/**
 * Each participant's stays, those no further apart than the grace merged into one, earliest first;
 * a participant who never had media flowing has no entry.
 */
export function attendanceOf(stays: readonly StayRecord[]): AttendanceView[] {
  const byUser = new Map<string, StayRecord[]>();
  for (const stay of [...stays].sort((a, b) => a.from.localeCompare(b.from))) byUser.set(stay.userId, [...(byUser.get(stay.userId) ?? []), stay]);
  return [...byUser].map(([userId, own]) => {
    const merged: { from: string; to: string }[] = [];
    for (const { from, to } of own) {
      const last = merged.at(-1);
      if (last && Date.parse(from) - Date.parse(last.to) <= GRACE_MS) {
        if (to > last.to) last.to = to;
      } else merged.push({ from, to });
    }
    return { userId, stays: merged };
  });
}

/** Whether the participant had media flowing at any time since `sinceMs`: a no-show report needs them never to have. */
export const attendedSince = (stays: readonly StayRecord[], userId: string, sinceMs: number): boolean =>
  stays.some((stay) => stay.userId === userId && Date.parse(stay.to) >= sinceMs);
