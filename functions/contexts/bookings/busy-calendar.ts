/**
 * The busy times of an expert's own calendar, from the iCalendar text its secret address serves
 * (Google, Outlook, Apple; issue 25). Every event that meets the range blocks its time: timed ones,
 * all-day ones, each occurrence of a recurring one (RRULE, RDATE, less its EXDATEs), an occurrence
 * moved or changed on its own (RECURRENCE-ID) at its new time. Free (TRANSP:TRANSPARENT) and
 * cancelled events block nothing, nor those the caller ignores by UID (the invites the product sent,
 * so that a session never blocks its own reschedule). ical.js parses and expands the rules.
 *
 * Zones: a time in UTC is that instant; one with a TZID the runtime knows (IANA) is read in that zone
 * from the runtime's own zone data; one with another TZID (Outlook's "Romance Standard Time") in the
 * calendar's definition of it (VTIMEZONE). A floating time, a TZID nobody defines, and every all-day
 * date are read in the calendar's zone: its X-WR-TIMEZONE (Google and Apple write it) when the
 * runtime knows it, else UTC. An all-day event is busy from the start of its first day in that zone
 * to the start of the day after its last.
 */
import ICAL from 'ical.js';
import { isTimeZone } from '../../../shared/schemas/bookings';
import { type Interval, merged } from './slots';
import { instantAt } from './zoned-time';

export type BusyCalendarReason = 'unparsable' | 'too_many_occurrences';

/** A calendar text that cannot be read into busy times; `reason` is the stable code callers branch on. */
export class BusyCalendarError extends Error {
  constructor(
    readonly reason: BusyCalendarReason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * Occurrences stepped through in one calendar at most, those before the range included (a rule can
 * only be expanded from its start): a daily event begun ten years ago takes 3,650 of them, and each
 * costs ical.js about 7 µs, so a calendar built to spin is refused in under a second.
 */
const MAX_OCCURRENCES = 100_000;

const DAY_MS = 86_400_000;

/**
 * The times `ics` keeps busy that meet [range.from, range.to), merged and sorted (ms). A busy time
 * that starts before the range or ends after it is kept whole.
 */
export function busyTimes(ics: string, range: { from: number; to: number }, ignoreUid: (uid: string) => boolean): Interval[] {
  try {
    return merged(calendarsIn(ics).flatMap((calendar) => busyTimesOf(calendar, range, ignoreUid)));
  } catch (error) {
    if (error instanceof BusyCalendarError) throw error;
    // ical.js throws on text it cannot read (a broken line, a rule it cannot expand).
    throw new BusyCalendarError('unparsable', 'The calendar could not be read', { cause: error });
  }
}

/** The VCALENDARs of the text: feeds hold one, a file may hold several. */
function calendarsIn(ics: string): ICAL.Component[] {
  const parsed: unknown[] = ICAL.parse(ics);
  const roots = typeof parsed[0] === 'string' ? [parsed] : parsed;
  const calendars = roots.map((root) => new ICAL.Component(root as unknown[])).filter((component) => component.name === 'vcalendar');
  if (calendars.length === 0) throw new BusyCalendarError('unparsable', 'The text holds no calendar');
  return calendars;
}

function busyTimesOf(calendar: ICAL.Component, range: { from: number; to: number }, ignoreUid: (uid: string) => boolean): Interval[] {
  const declaredZone = calendar.getFirstPropertyValue('x-wr-timezone');
  const calendarZone = typeof declaredZone === 'string' && isTimeZone(declaredZone) ? declaredZone : 'UTC';
  const events = calendar
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component))
    .filter((event) => !ignoreUid(event.uid ?? ''));
  const meetsRange = (interval: Interval) => interval.start < range.to && interval.end > range.from;

  // Occurrences changed on their own, by series and original start: the series leaves them to their own event.
  const changedOccurrences = new Map<string, Set<number>>();
  for (const event of events.filter((candidate) => candidate.isRecurrenceException())) {
    const starts = changedOccurrences.get(event.uid) ?? new Set<number>();
    starts.add(instantOf(event.recurrenceId, zoneIdOf(event.component, 'recurrence-id'), calendarZone));
    changedOccurrences.set(event.uid, starts);
  }

  const busy: Interval[] = [];
  let occurrencesLeft = MAX_OCCURRENCES;
  for (const event of events) {
    if (!blocksTime(event.component)) continue;
    const startZoneId = zoneIdOf(event.component, 'dtstart');
    if (!event.isRecurring() || event.isRecurrenceException()) {
      const interval = {
        start: instantOf(event.startDate, startZoneId, calendarZone),
        end: instantOf(event.endDate, zoneIdOf(event.component, 'dtend') ?? startZoneId, calendarZone),
      };
      if (meetsRange(interval)) busy.push(interval);
      continue;
    }
    const duration = event.duration;
    const durationMs = duration.toSeconds() * 1000;
    const changed = changedOccurrences.get(event.uid);
    const expansion = event.iterator();
    for (let occurrence = expansion.next(); occurrence; occurrence = expansion.next()) {
      if (--occurrencesLeft < 0) throw new BusyCalendarError('too_many_occurrences', `The calendar repeats more than ${MAX_OCCURRENCES} times`);
      // Reading a wall clock in its zone is the costly part: an occurrence ending a day before the range
      // by its wall clock read as UTC (no zone is a day off UTC) cannot meet it.
      if (occurrence.toUnixTime() * 1000 + durationMs + DAY_MS <= range.from) continue;
      const start = instantOf(occurrence, startZoneId, calendarZone);
      if (start >= range.to) break;
      if (changed?.has(start)) continue;
      const end = occurrence.clone();
      end.addDuration(duration);
      const interval = { start, end: instantOf(end, startZoneId, calendarZone) };
      if (meetsRange(interval)) busy.push(interval);
    }
  }
  return busy;
}

/** Whether the event (or the one occurrence it changes) keeps its time busy: not free, not cancelled. */
function blocksTime(component: ICAL.Component): boolean {
  const upperValue = (name: string) => String(component.getFirstPropertyValue(name) ?? '').toUpperCase();
  return upperValue('transp') !== 'TRANSPARENT' && upperValue('status') !== 'CANCELLED';
}

function zoneIdOf(component: ICAL.Component, property: string): string | undefined {
  const zoneId = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof zoneId === 'string' ? zoneId : undefined;
}

/** The instant (ms) a date or date-time of the calendar stands for, in the zone the header explains. */
function instantOf(time: ICAL.Time, zoneId: string | undefined, calendarZone: string): number {
  const date = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  if (time.isDate) return instantAt(calendarZone, date, 0);
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
  const wallClockIn = (zone: string) => instantAt(zone, date, time.hour * 60 + time.minute) + time.second * 1000;
  if (zoneId && isTimeZone(zoneId)) return wallClockIn(zoneId);
  // Defined by the calendar's own VTIMEZONE, which ical.js reads.
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  return wallClockIn(calendarZone);
}
