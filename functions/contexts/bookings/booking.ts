/**
 * A booking: a reserved time in one person's calendar, for one order. The expert's and the
 * student's calendars each hold one for every binding booking (docs/bookings.md); the expert's
 * carries the buffer that follows it. Its item (toBookingItem / fromBookingItem) is known here only.
 */
import * as z from 'zod/mini';
import { calendarBookingKey } from '../../platform/keys';

export interface BookingRecord {
  userId: string;
  orderId: string;
  /** UTC ISO instants. */
  start: string;
  end: string;
  /** Minutes that must stay free after it: the expert's buffer when it was booked; 0 for a student. */
  bufferMinutes: number;
  /** What the member's calendar feed calls it ("Order #12: Thesis review"); absent on bookings made before the feed. */
  title?: string;
}

/** The time a booking would take, for one person. */
export interface Reservation {
  orderId: string;
  start: string;
  end: string;
  bufferMinutes: number;
  title?: string;
}

const MINUTE_MS = 60_000;

/**
 * Whether a new reservation clashes with a booking: each needs its own time and the buffer after
 * it free, so the new one must end (with its buffer) before the other starts, or start after the
 * other's end and buffer. A booking of the same order never clashes (a moved session).
 */
export function clashes(booking: Pick<BookingRecord, 'orderId' | 'start' | 'end' | 'bufferMinutes'>, wanted: Reservation): boolean {
  if (booking.orderId === wanted.orderId) return false;
  const wantedStart = Date.parse(wanted.start);
  const wantedEnd = Date.parse(wanted.end) + wanted.bufferMinutes * MINUTE_MS;
  return wantedStart < Date.parse(booking.end) + booking.bufferMinutes * MINUTE_MS && wantedEnd > Date.parse(booking.start);
}

const bookingItem = z.object({
  userId: z.string(),
  orderId: z.string(),
  start: z.string(),
  end: z.string(),
  bufferMinutes: z.number(),
  title: z.optional(z.string()),
});

export const toBookingItem = (booking: BookingRecord) => ({ ...calendarBookingKey(booking.userId, booking.start, booking.orderId), ...booking });
export const fromBookingItem = (item: Record<string, unknown>): BookingRecord => bookingItem.parse(item);
