/**
 * Bookings (docs/bookings.md): an expert's availability, the free slots computed from it, and the
 * reservations that keep every binding booking's time, with the buffer after an expert's booking,
 * out of anyone else's reach. The orders context asks for a booking's writes with the move that
 * makes it binding, or frees it, and commits them in the move's own transaction.
 */
import { clientNetworkOf } from '../../../shared/edge';
import { BOOKING_RULES, ORDER_RULES, RATE_LIMITS } from '../../../shared/limits';
import type { Availability, AvailabilityAnswer, SlotsAnswer, SlotsQuery } from '../../../shared/schemas/bookings';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowIso, nowMs } from '../../platform/clock';
import { Conflict, NotFound } from '../../platform/errors';
import { takeFromLimit } from '../../platform/rate-windows';
import type { TransactWrite } from '../../platform/table';
import * as accounts from '../accounts/service';
import { isListedExpert } from '../catalogue/expert';
import { type BookingRecord, clashes, type Reservation } from './booking';
import { busySourceView } from './busy-source';
import * as repo from './repository';
import { freeSlots, isFree } from './slots';

const MINUTE_MS = 60_000;
/** How far before a time a booking may start and still reach it: the longest session and the largest buffer. */
const REACH_MS = (ORDER_RULES.maxHours * 60 + Math.max(...BOOKING_RULES.bufferChoices)) * MINUTE_MS;
const isoOf = (ms: number) => new Date(ms).toISOString();

// Availability -------------------------------------------------------------------------------------

/** GET /availability: the expert's own hours (null until they set them: students then propose any time) and their connected calendar. */
export async function availabilityOf(caller: Caller): Promise<AvailabilityAnswer> {
  const { availability, busySource } = await repo.getSchedule(caller.userId);
  return { availability: availability ?? null, busyCalendar: busySource ? busySourceView(busySource, nowMs()) : null };
}

/** PUT /availability: the expert's hours, replaced whole (the body is checked by its schema). */
export async function saveAvailability(caller: Caller, availability: Availability): Promise<{ msg: string; availability: Availability }> {
  await repo.putAvailability(caller.userId, availability, nowIso());
  return { msg: MSG.availabilitySaved, availability };
}

/**
 * A deleted member's hours, calendar address and calendar feed, forgotten. Their bookings stay in
 * the calendars, with the orders the other side keeps.
 */
export async function forgetMember(userId: string): Promise<void> {
  await repo.deleteSettingsOf(userId);
}

// Free slots --------------------------------------------------------------------------------------

/**
 * GET /experts/{id}/slots: limited per client. A bounded number of calls whatever the range: the
 * limit's count, the expert's account, their availability with their calendar's busy times (one
 * query), and their bookings that reach it (one query).
 */
export async function slotsOf(expertId: string, query: SlotsQuery, clientIp: string): Promise<SlotsAnswer> {
  await takeFromLimit('slots-client', RATE_LIMITS.slotsPerClient, clientNetworkOf(clientIp), MSG.tooManySlotLookups);
  if (!isListedExpert(await accounts.getAccount(expertId))) throw new NotFound(MSG.expertNotFound, 'expert_not_found');
  const { availability, busySource } = await repo.getSchedule(expertId);
  if (!availability) return { slots: [], hasHours: false };
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  const bookings = await repo.bookingsBetween(expertId, isoOf(from - REACH_MS), isoOf(to));
  const slots = freeSlots(
    {
      availability,
      bookings: bookings.map((booking) => ({
        start: Date.parse(booking.start),
        end: Date.parse(booking.end) + (booking.bufferMinutes - availability.bufferMinutes) * MINUTE_MS,
      })),
      busy: busySource?.busy ?? [],
    },
    { from, to, minutes: query.minutes, timeZone: query.timeZone, now: nowMs() },
  );
  return { slots: slots.map(isoOf), expertTimeZone: availability.timeZone, hasHours: true };
}

// Reservations ------------------------------------------------------------------------------------

/** A booking's time between its expert and its student. */
export interface BookedTime {
  orderId: string;
  expertId: string;
  studentId: string;
  /** UTC ISO instants. */
  start: string;
  end: string;
  /** What calendars call it. */
  title?: string;
}

/** The time each calendar would take, and the range of the bookings that could meet it. */
function reach(time: BookedTime, buffer: number) {
  const forExpert: Reservation = { orderId: time.orderId, start: time.start, end: time.end, bufferMinutes: buffer, ...(time.title && { title: time.title }) };
  return {
    from: isoOf(Date.parse(time.start) - REACH_MS),
    to: isoOf(Date.parse(time.end) + buffer * MINUTE_MS),
    forExpert,
    forStudent: { ...forExpert, bufferMinutes: 0 },
  };
}

/** `slot_taken` when the time meets another booking of the expert (with the buffers) or of the student. */
function refuseClash(expert: BookingRecord[], student: BookingRecord[], forExpert: Reservation, forStudent: Reservation): void {
  if (expert.some((booking) => clashes(booking, forExpert)) || student.some((booking) => clashes(booking, forStudent))) {
    throw new Conflict(MSG.slotTaken, 'slot_taken');
  }
}

/**
 * The writes that make a booking's time binding, for the transaction of the move that does: read
 * from both calendars (version first) and refused with `slot_taken` when it meets another booking
 * of either person, with the buffers. Each calendar's version is raised on the condition of the
 * one read, so two reservations decided on the same reading never both commit: the loser's move
 * fails and is tried again from a fresh reading. `moved` is the same order's earlier time, freed.
 */
export async function reserve(time: BookedTime, moved?: Pick<BookedTime, 'start'>): Promise<TransactWrite[]> {
  const buffer = (await repo.getAvailability(time.expertId))?.bufferMinutes ?? 0;
  const { from, to, forExpert, forStudent } = reach(time, buffer);
  const [expert, student] = await Promise.all([repo.readCalendar(time.expertId, from, to), repo.readCalendar(time.studentId, from, to)]);
  refuseClash(expert.bookings, student.bookings, forExpert, forStudent);
  const freed = moved && moved.start !== time.start ? release({ ...time, start: moved.start }) : [];
  return [
    ...repo.reservationWrites(expert, { userId: time.expertId, ...forExpert }),
    ...repo.reservationWrites(student, { userId: time.studentId, ...forStudent }),
    ...freed,
  ];
}

/**
 * A proposed time, checked when it is proposed rather than when it binds: refused when it meets
 * another booking of either person (`slot_taken`), and, proposed by the student to an expert who
 * has set hours, when it is not one of their free slots (`slot_not_offered`; their calendar's busy
 * times included). An expert may
 * propose a time outside their own hours, never onto another booking.
 */
export async function checkProposal(time: BookedTime, by: 'student' | 'expert'): Promise<void> {
  const { availability, busySource } = await repo.getSchedule(time.expertId);
  const { from, to, forExpert, forStudent } = reach(time, availability?.bufferMinutes ?? 0);
  const [expert, student] = await Promise.all([repo.bookingsBetween(time.expertId, from, to), repo.bookingsBetween(time.studentId, from, to)]);
  refuseClash(expert, student, forExpert, forStudent);
  const start = Date.parse(time.start);
  const minutes = (Date.parse(time.end) - start) / MINUTE_MS;
  if (by === 'student' && availability && !isFree({ availability, bookings: [], busy: busySource?.busy ?? [] }, start, minutes, nowMs())) {
    throw new Conflict(MSG.slotNotOffered, 'slot_not_offered');
  }
}

/** A person's booked times that start from `from` to `to` (ISO instants), earliest first: their sessions. */
export async function bookedTimesOf(userId: string, from: string, to: string): Promise<{ orderId: string; start: string; end: string }[]> {
  return (await repo.bookingsBetween(userId, from, to)).map(({ orderId, start, end }) => ({ orderId, start, end }));
}

/** The writes that free a booking's time in both calendars. */
export const release = (time: Pick<BookedTime, 'orderId' | 'expertId' | 'studentId' | 'start'>): TransactWrite[] => [
  repo.releaseWrite(time.expertId, time.start, time.orderId),
  repo.releaseWrite(time.studentId, time.start, time.orderId),
];

/**
 * A booking that was binding before reservations existed, reserved as it is (an operator's
 * migration, docs/bookings.md): the writes, or none when both calendars hold it already. Never
 * refused: an overlap it makes is the migration's to report.
 */
export async function reservationOfExisting(time: BookedTime): Promise<TransactWrite[]> {
  const held = await Promise.all([repo.hasBooking(time.expertId, time.start, time.orderId), repo.hasBooking(time.studentId, time.start, time.orderId)]);
  if (held.every(Boolean)) return [];
  const booking = { orderId: time.orderId, start: time.start, end: time.end, ...(time.title && { title: time.title }) };
  return [
    ...repo.unconditionalReservationWrites({ userId: time.expertId, ...booking, bufferMinutes: 0 }),
    ...repo.unconditionalReservationWrites({ userId: time.studentId, ...booking, bufferMinutes: 0 }),
  ];
}
