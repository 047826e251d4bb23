/**
 * Wall-clock time in an IANA zone and UTC instants, both ways, from the runtime's own zone data
 * (Intl). A wall time a zone skips (a spring-forward gap) moves forward by the gap, as clocks do;
 * one it repeats (a fall-back) is its first occurrence. Decision 244 says why this is not a library.
 */

const MINUTE_MS = 60_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall clock of `zone` at an instant: its date, minutes of the day, and offset from UTC in minutes. */
export interface WallTime {
  /** "2026-03-29" */
  date: string;
  minutes: number;
  offsetMinutes: number;
}

export function wallTimeAt(zone: string, instant: number): WallTime {
  const parts: Record<string, number> = {};
  for (const { type, value } of formatOf(zone).formatToParts(new Date(instant))) if (type !== 'literal') parts[type] = Number(value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return {
    date: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    minutes: hour * 60 + minute,
    offsetMinutes: Math.round((asUtc - whole) / MINUTE_MS),
  };
}

/** The instant at which `zone`'s clock reads `minutes` into `date` ("2026-03-29"); 1440 is the next day's start. */
export function instantAt(zone: string, date: string, minutes: number): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, 0, minutes);
  // The offsets in force a little before and after: a day holds at most one change of offset.
  const offsets = [...new Set([wallTimeAt(zone, asUtc - 14 * 60 * MINUTE_MS).offsetMinutes, wallTimeAt(zone, asUtc + 14 * 60 * MINUTE_MS).offsetMinutes])];
  const readsRight = offsets
    .map((offset) => asUtc - offset * MINUTE_MS)
    .filter((instant) => wallTimeAt(zone, instant).offsetMinutes * MINUTE_MS === asUtc - instant)
    .sort((a, b) => a - b);
  // Read right: its first occurrence. In a gap none does: the clock before the change, moved on by the gap.
  return readsRight[0] ?? asUtc - Math.min(...offsets) * MINUTE_MS;
}

/** The calendar day after `date`, and its weekday (0 Monday … 6 Sunday). */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export const weekdayIndex = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
