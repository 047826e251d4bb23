import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantAt, wallTimeAt, weekdayIndex } from './zoned-time';

const utc = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('wall time in a zone and UTC instants', () => {
  it.each([
    // Zones off the hour, no daylight saving.
    ['Asia/Kolkata', '2026-12-01', 10 * 60, '2026-12-01T04:30:00Z'],
    ['Asia/Kathmandu', '2026-12-01', 10 * 60, '2026-12-01T04:15:00Z'],
    // Paris springs forward at 02:00 on 29 March 2026: 02:30 does not exist and moves on to 03:30.
    ['Europe/Paris', '2026-03-29', 2 * 60 + 30, '2026-03-29T01:30:00Z'],
    ['Europe/Paris', '2026-03-29', 3 * 60 + 30, '2026-03-29T01:30:00Z'],
    // It falls back at 03:00 on 25 October: 02:30 happens twice, and the first one counts.
    ['Europe/Paris', '2026-10-25', 2 * 60 + 30, '2026-10-25T00:30:00Z'],
    ['America/New_York', '2026-03-08', 2 * 60 + 30, '2026-03-08T07:30:00Z'],
    ['America/New_York', '2026-11-01', 60 + 30, '2026-11-01T05:30:00Z'],
    // Lord Howe moves its clocks by 30 minutes: 02:00 to 02:30 on 4 October, 02:00 back to 01:30 on 5 April.
    ['Australia/Lord_Howe', '2026-10-04', 2 * 60 + 15, '2026-10-03T15:45:00Z'],
    ['Australia/Lord_Howe', '2026-04-05', 60 + 45, '2026-04-04T14:45:00Z'],
    // The day's end is the next day's start.
    ['Europe/London', '2026-12-01', 24 * 60, '2026-12-02T00:00:00Z'],
  ])('%s on %s at minute %i is %s', (zone, date, minutes, expected) => {
    expect(new Date(instantAt(zone, date, minutes)).toISOString()).toBe(new Date(expected).toISOString());
  });

  it('reads the wall clock and offset at an instant', () => {
    expect(wallTimeAt('Asia/Kathmandu', utc('2026-12-01T20:00:00Z'))).toEqual({ date: '2026-12-02', minutes: 1 * 60 + 45, offsetMinutes: 345 });
    expect(wallTimeAt('Australia/Lord_Howe', utc('2026-10-03T15:30:00Z'))).toEqual({ date: '2026-10-04', minutes: 2 * 60 + 30, offsetMinutes: 660 });
    expect(wallTimeAt('Australia/Lord_Howe', utc('2026-10-03T15:29:00Z')).offsetMinutes).toBe(630);
  });

  it('gives days of 23 and 25 hours where the clocks change', () => {
    expect(instantAt('Europe/Paris', '2026-03-30', 0) - instantAt('Europe/Paris', '2026-03-29', 0)).toBe(23 * HOUR);
    expect(instantAt('America/New_York', '2026-11-02', 0) - instantAt('America/New_York', '2026-11-01', 0)).toBe(25 * HOUR);
    expect(instantAt('Australia/Lord_Howe', '2026-10-05', 0) - instantAt('Australia/Lord_Howe', '2026-10-04', 0)).toBe(23.5 * HOUR);
  });

  it('names weekdays from Monday', () => {
    expect(weekdayIndex('2026-11-30')).toBe(0);
    expect(weekdayIndex('2026-11-29')).toBe(6);
  });

  it('reads back any wall time it converts, or the time the clock jumped to in a gap', () => {
    const zones = ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Africa/Nairobi', 'Asia/Singapore'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 729 }), fc.integer({ min: 0, max: 95 }), (zone, dayOffset, quarter) => {
        const date = new Date(Date.UTC(2026, 0, 1) + dayOffset * 86_400_000).toISOString().slice(0, 10);
        const minutes = quarter * 15;
        const instant = instantAt(zone, date, minutes);
        const read = wallTimeAt(zone, instant);
        if (read.date === date && read.minutes === minutes) return;
        // Only in a gap: the clock reads later by the gap, never earlier, never more than an hour.
        const before = wallTimeAt(zone, instant - 2 * HOUR).offsetMinutes;
        expect(read.date).toBe(date);
        expect(read.minutes - minutes).toBe(read.offsetMinutes - before);
        expect(read.offsetMinutes - before).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });
});
