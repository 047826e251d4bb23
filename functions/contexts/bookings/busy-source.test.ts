import { describe, expect, it } from 'vitest';
import { BUSY_CALENDARS } from '../../../shared/limits';
import { keptBusyTimes } from './busy-calendar-service';
import { addressHint, fromBusySourceItem, toBusySourceItem } from './busy-source';

const MINUTE = 60_000;

describe("an expert's own calendar as kept", () => {
  it('shows the address only by its host and a short file name, never the secret part', () => {
    expect(addressHint('https://calendar.google.com/calendar/ical/claire%40example.com/private-0123456789abcdef/basic.ics')).toBe(
      'calendar.google.com/…/basic.ics',
    );
    expect(addressHint('https://outlook.office365.com/owa/calendar/2f0c@example.com/9a8b7c6d5e4f/calendar.ics')).toBe('outlook.office365.com/…/calendar.ics');
    // iCloud's last segment is the secret itself.
    expect(addressHint('https://p52-caldav.icloud.com/published/2/MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkw')).toBe('p52-caldav.icloud.com/…');
    expect(addressHint('https://calendar.example.com/?token=secret')).toBe('calendar.example.com/…');
  });

  it('keeps busy times as whole minutes, widened outwards, through its item', () => {
    const source = {
      expertId: 'expert-1',
      address: 'https://calendar.example.com/basic.ics',
      savedAt: '2026-11-29T10:00:00.000Z',
      lastReadAt: '2026-11-29T10:15:00.000Z',
      busy: [{ start: 10 * MINUTE + 30_000, end: 20 * MINUTE + 1 }],
    };
    const item = toBusySourceItem(source);
    expect(item).toMatchObject({ pk: 'AVAILABILITY#expert-1', sk: 'BUSY', gsi2pk: 'CALENDARS#READ', gsi2sk: 'expert-1', busyMinutes: [10, 21] });
    expect(fromBusySourceItem(item)).toEqual({ ...source, busy: [{ start: 10 * MINUTE, end: 21 * MINUTE }] });
  });

  it('keeps the nearest busy times of a calendar too full to keep, and everything after them busy', () => {
    const busy = Array.from({ length: BUSY_CALENDARS.maxBusyTimes + 10 }, (_, index) => ({
      start: index * 60 * MINUTE,
      end: index * 60 * MINUTE + 30 * MINUTE,
    }));
    const to = busy.length * 60 * MINUTE;
    const kept = keptBusyTimes(busy, to);
    expect(kept).toHaveLength(BUSY_CALENDARS.maxBusyTimes);
    expect(kept.slice(0, -1)).toEqual(busy.slice(0, BUSY_CALENDARS.maxBusyTimes - 1));
    expect(kept.at(-1)).toEqual({ start: busy[BUSY_CALENDARS.maxBusyTimes - 1].start, end: to });
    expect(keptBusyTimes(busy.slice(0, 5), to)).toEqual(busy.slice(0, 5));
  });
});
