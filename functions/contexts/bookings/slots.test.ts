import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Availability, minutesOfDay, WEEKDAYS } from '../../../shared/schemas/bookings';
import { type ExpertTime, freeSlots, type Interval, isFree } from './slots';
import { instantAt, nextDate, wallTimeAt, weekdayIndex } from './zoned-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const utc = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const noHours = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as Availability['weekly'];
const availability = (fields: Partial<Availability> = {}): Availability => ({
  timeZone: 'Europe/London',
  weekly: noHours,
  overrides: [],
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 60,
  ...fields,
});
const expert = (fields: Partial<Availability> = {}, bookings: Interval[] = [], busy: Interval[] = []): ExpertTime => ({
  availability: availability(fields),
  bookings,
  busy,
});
// Monday 30 November 2026; London is on UTC.
const NOW = utc('2026-11-29T12:00:00Z');
const MONDAY = { from: utc('2026-11-30T00:00:00Z'), to: utc('2026-12-01T00:00:00Z') };
const mornings = { ...noHours, mon: [{ start: '09:00', end: '12:00' }] };

describe('free slots', () => {
  it('start on the half hours of the viewer’s clock: Paris on the hour, Kathmandu at a quarter past', () => {
    const slots = (timeZone: string) => freeSlots(expert({ weekly: mornings }), { ...MONDAY, minutes: 60, timeZone, now: NOW }).map(iso);
    expect(slots('Europe/Paris')).toEqual([
      '2026-11-30T09:00:00Z',
      '2026-11-30T09:30:00Z',
      '2026-11-30T10:00:00Z',
      '2026-11-30T10:30:00Z',
      '2026-11-30T11:00:00Z',
    ]);
    expect(slots('Asia/Kathmandu')).toEqual(['2026-11-30T09:15:00Z', '2026-11-30T09:45:00Z', '2026-11-30T10:15:00Z', '2026-11-30T10:45:00Z']);
    expect(slots('Asia/Kolkata')).toEqual(slots('Europe/Paris'));
  });

  it('leave out the expert’s bookings with the buffer after each, and need the buffer free after the new one', () => {
    const booked = [{ start: utc('2026-11-30T11:00:00Z'), end: utc('2026-11-30T12:00:00Z') }];
    const hours = { ...noHours, mon: [{ start: '09:00', end: '15:00' }] };
    const slots = freeSlots(expert({ weekly: hours, bufferMinutes: 30 }, booked), { ...MONDAY, minutes: 60, timeZone: 'UTC', now: NOW }).map(iso);
    // 09:30 would end at 10:30 and need its buffer until 11:00: free. 10:00 would not. After: from 12:30.
    expect(slots).toEqual([
      '2026-11-30T09:00:00Z',
      '2026-11-30T09:30:00Z',
      '2026-11-30T12:30:00Z',
      '2026-11-30T13:00:00Z',
      '2026-11-30T13:30:00Z',
      '2026-11-30T14:00:00Z',
    ]);
  });

  it('leave out the calendar’s busy times, the minimum notice and what lies past the horizon', () => {
    const busy = [{ start: utc('2026-11-30T09:10:00Z'), end: utc('2026-11-30T09:50:00Z') }];
    expect(freeSlots(expert({ weekly: mornings }, [], busy), { ...MONDAY, minutes: 60, timeZone: 'UTC', now: NOW }).map(iso)).toEqual([
      '2026-11-30T10:00:00Z',
      '2026-11-30T10:30:00Z',
      '2026-11-30T11:00:00Z',
    ]);
    const now = utc('2026-11-29T22:00:00Z');
    expect(freeSlots(expert({ weekly: mornings, minNoticeHours: 12 }), { ...MONDAY, minutes: 60, timeZone: 'UTC', now }).map(iso)).toEqual([
      '2026-11-30T10:00:00Z',
      '2026-11-30T10:30:00Z',
      '2026-11-30T11:00:00Z',
    ]);
    expect(
      freeSlots(expert({ weekly: mornings, horizonDays: 1 }), { ...MONDAY, minutes: 60, timeZone: 'UTC', now: utc('2026-11-29T09:45:00Z') }).map(iso),
    ).toEqual(['2026-11-30T09:00:00Z', '2026-11-30T09:30:00Z']);
  });

  it('follow a date override: a day off, or other hours that date', () => {
    const weekly = mornings;
    const query = { ...MONDAY, minutes: 120, timeZone: 'UTC', now: NOW };
    expect(freeSlots(expert({ weekly, overrides: [{ date: '2026-11-30', ranges: [] }] }), query)).toEqual([]);
    expect(freeSlots(expert({ weekly, overrides: [{ date: '2026-11-30', ranges: [{ start: '16:00', end: '18:00' }] }] }), query).map(iso)).toEqual([
      '2026-11-30T16:00:00Z',
    ]);
  });

  it('count a night across midnight as one stretch, and real hours across a change of clocks', () => {
    const nights = { ...noHours, sat: [{ start: '22:00', end: '24:00' }], sun: [{ start: '00:00', end: '04:00' }] };
    // Paris springs forward on Sunday 29 March 2026: 22:00 Saturday to 04:00 Sunday is 5 real hours.
    const slots = freeSlots(expert({ timeZone: 'Europe/Paris', weekly: nights }), {
      from: utc('2026-03-28T00:00:00Z'),
      to: utc('2026-03-30T00:00:00Z'),
      minutes: 300,
      timeZone: 'Europe/Paris',
      now: utc('2026-03-01T00:00:00Z'),
    });
    expect(slots.map(iso)).toEqual(['2026-03-28T21:00:00Z']);
  });

  it('are exactly the half hours of the viewer’s clock that fit the hours and clash with nothing, in any zone, across changes of clocks', () => {
    const zones = [
      'Europe/Paris',
      'Europe/London',
      'America/New_York',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Africa/Nairobi',
      'Asia/Singapore',
    ];
    const quarterClock = fc.integer({ min: 0, max: 96 }).map((quarter) => quarter * 15);
    const ranges = fc.array(fc.tuple(quarterClock, quarterClock), { maxLength: 3 }).map((pairs) => {
      const sorted = pairs
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const)
        .sort((x, y) => x[0] - y[0]);
      const kept: (readonly [number, number])[] = [];
      for (const pair of sorted) if (!kept.length || kept[kept.length - 1][1] <= pair[0]) kept.push(pair);
      const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      return kept.map(([start, end]) => ({ start: clock(start), end: clock(end) }));
    });
    // Around the changes of clocks of 2026: Paris and London in March and October, New York in March and November, Lord Howe in April and October.
    const around = fc.constantFrom('2026-03-07', '2026-03-27', '2026-04-03', '2026-10-02', '2026-10-24', '2026-10-31', '2026-12-01');
    const spans = fc.array(fc.tuple(fc.integer({ min: 0, max: 4 * 96 }), fc.integer({ min: 1, max: 16 })), { maxLength: 6 });

    fc.assert(
      fc.property(
        fc.record({
          expertZone: fc.constantFrom(...zones),
          viewerZone: fc.constantFrom(...zones),
          weekly: fc.tuple(ranges, ranges, ranges, ranges, ranges, ranges, ranges),
          override: fc.option(fc.tuple(fc.integer({ min: 0, max: 3 }), ranges), { nil: undefined }),
          bufferMinutes: fc.constantFrom(0, 15, 30, 60),
          minNoticeHours: fc.integer({ min: 0, max: 30 }),
          horizonDays: fc.integer({ min: 1, max: 4 }),
          start: around,
          nowBefore: fc.integer({ min: 0, max: 48 }),
          minutes: fc.integer({ min: 1, max: 8 }).map((halfHours) => halfHours * 30),
          bookings: spans,
          busy: spans,
        }),
        (input) => {
          const from = utc(`${input.start}T00:00:00Z`);
          const to = from + 3 * DAY;
          const now = from - input.nowBefore * HOUR;
          const intervals = (list: [number, number][]) =>
            list.map(([at, quarters]) => ({ start: from + at * 15 * MINUTE + 7 * MINUTE, end: from + (at + quarters) * 15 * MINUTE }));
          const overrideDate = input.override && new Date(from + input.override[0] * DAY).toISOString().slice(0, 10);
          const hours = availability({
            timeZone: input.expertZone,
            weekly: Object.fromEntries(WEEKDAYS.map((day, index) => [day, input.weekly[index]])) as Availability['weekly'],
            overrides: input.override && overrideDate ? [{ date: overrideDate, ranges: input.override[1] }] : [],
            bufferMinutes: input.bufferMinutes,
            minNoticeHours: input.minNoticeHours,
            horizonDays: input.horizonDays,
          });
          const time: ExpertTime = { availability: hours, bookings: intervals(input.bookings), busy: intervals(input.busy) };
          const got = freeSlots(time, { from, to, minutes: input.minutes, timeZone: input.viewerZone, now });

          // The oracle: every quarter hour, judged on its own.
          const rangesOf = (date: string) => hours.overrides.find((entry) => entry.date === date)?.ranges ?? hours.weekly[WEEKDAYS[weekdayIndex(date)]];
          // Each date's open stretches as instants, computed once a date (the zone's arithmetic is the test's cost).
          const stretches = new Map<string, [number, number][]>();
          const stretchesOf = (date: string) => {
            let known = stretches.get(date);
            if (!known) {
              known = rangesOf(date).map((range) => [
                instantAt(hours.timeZone, date, minutesOfDay(range.start)),
                instantAt(hours.timeZone, date, minutesOfDay(range.end)),
              ]);
              stretches.set(date, known);
            }
            return known;
          };
          const open = (instant: number) => {
            const today = wallTimeAt(hours.timeZone, instant).date;
            const yesterday = wallTimeAt(hours.timeZone, instant - DAY).date;
            return [yesterday, today, nextDate(today)].some((date) => stretchesOf(date).some(([start, end]) => start <= instant && instant < end));
          };
          const buffer = hours.bufferMinutes * MINUTE;
          const length = input.minutes * MINUTE;
          const quarters = (to - from + length) / (15 * MINUTE);
          const openAt = Array.from({ length: quarters }, (_, index) => open(from + index * 15 * MINUTE));
          const expected: number[] = [];
          for (let start = from; start < to; start += 15 * MINUTE) {
            const first = (start - from) / (15 * MINUTE);
            const fits = openAt.slice(first, first + length / (15 * MINUTE)).every(Boolean);
            const clash = [...time.bookings, ...time.busy].some((taken) => start < taken.end + buffer && start + length + buffer > taken.start);
            // One start judged alone (a proposal) agrees with the oracle, on the viewer's step or not (one quarter hour in five, for time).
            if ((start / (15 * MINUTE)) % 5 === 0)
              expect(isFree(time, start, input.minutes, now), iso(start)).toBe(
                fits && !clash && start >= now + hours.minNoticeHours * HOUR && start <= now + hours.horizonDays * DAY,
              );
            if (wallTimeAt(input.viewerZone, start).minutes % 30 !== 0) continue;
            if (start < now + hours.minNoticeHours * HOUR || start > now + hours.horizonDays * DAY) continue;
            if (fits && !clash) expected.push(start);
          }
          expect(got.map(iso)).toEqual(expected.map(iso));
        },
      ),
      { numRuns: 60 },
    );
    // 60 runs of a brute-force oracle: about a second alone, several on a loaded machine.
  }, 20_000);
});
