/**
 * The free start times of an expert (docs/bookings.md): their weekly hours and date overrides, in
 * their own zone, less their bookings with the buffer after each, less their calendar's busy times,
 * from the minimum notice to the horizon; on the half hours of the viewer's clock (decision 144).
 * Pure: the service reads what it needs in a bounded number of calls and hands it in.
 */
import { BOOKING_RULES } from '../../../shared/limits';
import { type Availability, minutesOfDay, WEEKDAYS } from '../../../shared/schemas/bookings';
import { instantAt, nextDate, wallTimeAt, weekdayIndex } from './zoned-time';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A span of time, [start, end) in ms. */
export interface Interval {
  start: number;
  end: number;
}

export interface ExpertTime {
  availability: Availability;
  /** The expert's binding bookings, as booked (the buffer is added here). */
  bookings: readonly Interval[];
  /** Busy times read from the expert's own calendar. */
  busy: readonly Interval[];
}

export interface SlotQuery {
  /** Starts from `from` (inclusive) to `to` (exclusive). */
  from: number;
  to: number;
  minutes: number;
  /** The viewer's IANA zone: starts fall on its half hours. */
  timeZone: string;
  now: number;
}

/** Intervals sorted by start, overlapping or touching ones merged. */
export function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}

/** The expert's hours as instants, for every date of their zone that meets [from, to). */
export function hoursBetween(availability: Availability, from: number, to: number): Interval[] {
  const { timeZone } = availability;
  const overrides = new Map(availability.overrides.map((entry) => [entry.date, entry.ranges]));
  const windows: Interval[] = [];
  const last = wallTimeAt(timeZone, to).date;
  for (let date = wallTimeAt(timeZone, from - DAY_MS).date; date <= last; date = nextDate(date)) {
    const ranges = overrides.get(date) ?? availability.weekly[WEEKDAYS[weekdayIndex(date)]];
    for (const range of ranges)
      windows.push({ start: instantAt(timeZone, date, minutesOfDay(range.start)), end: instantAt(timeZone, date, minutesOfDay(range.end)) });
  }
  return merged(windows).filter((window) => window.end > from && window.start < to);
}

/** Whether the viewer's clock reads a half hour at this instant. */
const onStep = (timeZone: string, instant: number) => wallTimeAt(timeZone, instant).minutes % BOOKING_RULES.slotStepMinutes === 0;

/** The first instant at or after `at` on the viewer's half hours (every zone's offset is a whole quarter hour). */
function firstStep(timeZone: string, at: number): number {
  const quarter = 15 * MINUTE_MS;
  let instant = Math.ceil(at / quarter) * quarter;
  while (!onStep(timeZone, instant)) instant += quarter;
  return instant;
}

/** The free starts, ascending, as instants in ms. */
export function freeSlots(expert: ExpertTime, query: SlotQuery): number[] {
  const { availability } = expert;
  const length = query.minutes * MINUTE_MS;
  const buffer = availability.bufferMinutes * MINUTE_MS;
  const earliest = Math.max(query.from, query.now + availability.minNoticeHours * HOUR_MS);
  // A start is within the horizon; starts are before `to`.
  const latest = Math.min(query.to - 1, query.now + availability.horizonDays * DAY_MS);
  if (latest < earliest) return [];
  const windows = hoursBetween(availability, earliest, latest + length);
  // A booking needs its own buffer free after it, and starts no earlier than the end of the one before plus its buffer.
  const taken = merged([...expert.bookings, ...expert.busy].map((interval) => ({ start: interval.start, end: interval.end + buffer })));
  const starts: number[] = [];
  let next = 0;
  for (const window of windows) {
    for (let start = firstStep(query.timeZone, Math.max(window.start, earliest)); start + length <= window.end && start <= latest; ) {
      while (next < taken.length && taken[next].end <= start) next++;
      const clash = taken[next];
      if (clash && clash.start < start + length + buffer) {
        // Taken: the next possible start is the end of what is in the way.
        start = firstStep(query.timeZone, clash.end);
        continue;
      }
      starts.push(start);
      const following = start + BOOKING_RULES.slotStepMinutes * MINUTE_MS;
      start = onStep(query.timeZone, following) ? following : firstStep(query.timeZone, following);
    }
  }
  return starts;
}

/**
 * Whether one start is free: within the expert's hours (all of the session), from the minimum
 * notice to the horizon, and clear of bookings and busy times with the buffers. The viewer's
 * half-hour step is the start's own check (its offset as sent, decision 144).
 */
export function isFree(expert: ExpertTime, start: number, minutes: number, now: number): boolean {
  const { availability } = expert;
  const length = minutes * MINUTE_MS;
  const buffer = availability.bufferMinutes * MINUTE_MS;
  if (start < now + availability.minNoticeHours * HOUR_MS || start > now + availability.horizonDays * DAY_MS) return false;
  if (!hoursBetween(availability, start, start + length).some((window) => window.start <= start && start + length <= window.end)) return false;
  return ![...expert.bookings, ...expert.busy].some((taken) => start < taken.end + buffer && start + length + buffer > taken.start);
}
