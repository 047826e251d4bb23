/**
 * An expert's availability as they set it on /profile (docs/bookings.md): their time zone, weekly
 * hours with several ranges a day, date overrides (a day off, or other hours that date), a buffer
 * after each session, a minimum notice and a booking horizon. And the free slots' query.
 */
import * as z from 'zod/mini';
import { BOOKING_RULES, BUSY_CALENDARS, ORDER_RULES } from '../limits';
import { MSG } from '../texts';
import { withoutControlCharacters } from './common';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The zones found known so far: a calendar's every event names its zone, and a formatter costs far more than a lookup. */
const knownZones = new Set<string>();

/** Whether the runtime knows the IANA zone ("Europe/Paris"); "UTC" too. */
export function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return false;
  }
  knownZones.add(zone);
  return true;
}

export const timeZone = z.string({ error: MSG.timeZoneInvalid }).check(z.refine(isTimeZone, MSG.timeZoneInvalid));

/** "HH:MM" to minutes of the day; "24:00" is the day's end. */
export const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const clock = z.string({ error: MSG.availabilityRange }).check(
  z.refine((value) => {
    if (!/^\d\d:\d\d$/.test(value)) return false;
    const minutes = minutesOfDay(value);
    return Number(value.slice(3, 5)) < 60 && minutes <= 24 * 60 && minutes % BOOKING_RULES.rangeStepMinutes === 0;
  }, MSG.availabilityRange),
);

const range = z.object({ start: clock, end: clock }).check(z.refine((value) => minutesOfDay(value.start) < minutesOfDay(value.end), MSG.availabilityRange));
export type TimeRange = z.output<typeof range>;

/** A day's ranges: at most six, none overlapping another (touching is fine). */
const dayRanges = z.array(range).check(
  z.maxLength(BOOKING_RULES.maxRangesPerDay, MSG.availabilityTooManyRanges),
  z.refine((ranges) => {
    const sorted = [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
    return sorted.every((current, index) => index === 0 || minutesOfDay(sorted[index - 1].end) <= minutesOfDay(current.start));
  }, MSG.availabilityOverlap),
);

const calendarDate = z.string({ error: MSG.availabilityDate }).check(
  z.refine((value) => {
    if (!/^\d{4}-\d\d-\d\d$/.test(value)) return false;
    const at = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
  }, MSG.availabilityDate),
);

/** Other hours on one date of the expert's calendar; no ranges is a day off. */
const override = z.object({ date: calendarDate, ranges: dayRanges });
export type DateOverride = z.output<typeof override>;

const wholeIn = (min: number, max: number, message: string) => z.int({ error: message }).check(z.gte(min, message), z.lte(max, message));

export const availabilitySchema = z.object({
  timeZone,
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayRanges])) as Record<Weekday, typeof dayRanges>),
  overrides: z.array(override).check(
    z.maxLength(BOOKING_RULES.maxOverrides, MSG.availabilityTooManyOverrides),
    z.refine((overrides) => new Set(overrides.map((entry) => entry.date)).size === overrides.length, MSG.availabilityDuplicateDate),
  ),
  bufferMinutes: z
    .number({ error: MSG.availabilityBuffer })
    .check(z.refine((value) => (BOOKING_RULES.bufferChoices as readonly number[]).includes(value), MSG.availabilityBuffer)),
  minNoticeHours: wholeIn(0, BOOKING_RULES.maxMinNoticeHours, MSG.availabilityNotice),
  horizonDays: wholeIn(1, BOOKING_RULES.maxHorizonDays, MSG.availabilityHorizon),
});
export type Availability = z.output<typeof availabilitySchema>;

/** GET /experts/{id}/slots' query: a range of UTC instants, a session's length, the viewer's zone. */
export const slotsQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: MSG.slotsRange }),
    to: z.iso.datetime({ offset: true, error: MSG.slotsRange }),
    minutes: z.coerce
      .number({ error: MSG.slotsMinutes })
      .check(
        z.int(MSG.slotsMinutes),
        z.gte(ORDER_RULES.stepMinutes, MSG.slotsMinutes),
        z.lte(ORDER_RULES.maxHours * 60, MSG.slotsMinutes),
        z.multipleOf(ORDER_RULES.stepMinutes, MSG.slotsMinutes),
      ),
    timeZone,
  })
  .check(
    z.refine((query) => {
      const span = Date.parse(query.to) - Date.parse(query.from);
      return span > 0 && span <= BOOKING_RULES.maxSlotRangeDays * 86_400_000;
    }, MSG.slotsRange),
  );
export type SlotsQuery = z.output<typeof slotsQuerySchema>;

/** GET /calendar-feed: whether the member has a calendar feed (its address is shown only when made). */
export type CalendarFeed = { active: false } | { active: true; createdAt: string };

/** POST /calendar-feed: the new secret address, shown this once. */
export interface CalendarFeedAddress {
  msg: string;
  url: string;
  createdAt: string;
}

/** GET /experts/{id}/slots' answer: free starts (UTC instants) and the expert's zone, to name their time too. */
export interface SlotsAnswer {
  slots: string[];
  /** Absent for an expert who has not set hours: the student proposes a time, the expert confirms or counters. */
  expertTimeZone?: string;
  hasHours: boolean;
}

/** PUT /availability/calendar: the secret iCal address of the expert's own calendar; webcal:// is read as https://. */
export const busyCalendarSchema = z.object({
  address: z.string({ error: MSG.busyCalendarAddress }).check(
    withoutControlCharacters('one', MSG.busyCalendarAddress),
    z.trim(),
    z.maxLength(BUSY_CALENDARS.maxAddressLength, MSG.busyCalendarAddress),
    z.refine((value) => URL.canParse(value) && ['https:', 'webcal:', 'http:'].includes(new URL(value).protocol), MSG.busyCalendarAddress),
  ),
});
export type BusyCalendarInput = z.output<typeof busyCalendarSchema>;

/** Why a read of a calendar failed: the fetch's and the parser's reasons (their messages are in MSG). */
export const BUSY_CALENDAR_FAILURES = [
  'not_https',
  'private_address',
  'unresolvable',
  'timeout',
  'too_large',
  'too_many_redirects',
  'bad_status',
  'unreachable',
  'unparsable',
  'too_many_occurrences',
] as const;
export type BusyCalendarFailure = (typeof BUSY_CALENDAR_FAILURES)[number];

/** What the expert reads of each failure, on saving and on the page. */
export const BUSY_CALENDAR_FAILURE_TEXTS: Record<BusyCalendarFailure, string> = {
  not_https: MSG.busyCalendarNotHttps,
  private_address: MSG.busyCalendarPrivateAddress,
  unresolvable: MSG.busyCalendarUnresolvable,
  timeout: MSG.busyCalendarTimeout,
  too_large: MSG.busyCalendarTooLarge,
  too_many_redirects: MSG.busyCalendarTooManyRedirects,
  bad_status: MSG.busyCalendarBadStatus,
  unreachable: MSG.busyCalendarUnreachable,
  unparsable: MSG.busyCalendarUnparsable,
  too_many_occurrences: MSG.busyCalendarTooManyOccurrences,
};

/** The expert's connected calendar as they see it: never its address, which is a secret, only a hint of it. */
export interface BusyCalendarState {
  /** "calendar.google.com/…/basic.ics". */
  addressHint: string;
  savedAt: string;
  lastReadAt: string;
  /** Absent until a read succeeds. */
  lastGoodReadAt?: string;
  /** Busy times it keeps free from now to the booking horizon, as of the last good read. */
  busyCount: number;
  /** The last read's failure; absent when it succeeded. */
  failure?: BusyCalendarFailure;
}

/** GET /availability: the expert's hours (null until set) and their connected calendar (null when none). */
export interface AvailabilityAnswer {
  availability: Availability | null;
  busyCalendar: BusyCalendarState | null;
}
