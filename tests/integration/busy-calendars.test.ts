/**
 * Busy times from an expert's own calendar (docs/bookings.md), through the local gateway, the real
 * calendars and orders handlers and DynamoDB Local. The calendars are the test's own, served by the
 * local stack at /_local/calendars: the one address the stack lets the reader reach over http.
 * Every refusal below is the production rules' (https only, public addresses only, judged again
 * after a redirect, 2 MB at most).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityAnswer, BusyCalendarState, SlotsAnswer } from '../../shared/schemas/bookings';
import { MSG } from '../../shared/texts';
import { type ApiClient, stackUrl } from '../support/api';
import { hourlyOfferOf } from '../support/chats';
import { signedInPublishingExpert } from '../support/accounts';
import { advanceClock } from '../support/payments';
import { openOrder, put, serverNow } from '../support/orders';
import { partitionItems } from '../support/table';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "20261202T100000Z". */
const icsTime = (at: number) => `${new Date(at).toISOString().slice(0, 19).replaceAll(/[-:]/g, '')}Z`;
const icsDate = (at: number) => new Date(at).toISOString().slice(0, 10).replaceAll('-', '');
const iso = (at: number) => new Date(at).toISOString();

/** Where the stack serves a calendar of the test's, and the address an expert pastes for it. */
function servedCalendar() {
  const name = `${randomUUID()}.ics`;
  const path = `${stackUrl()}/_local/calendars/${name}`;
  return {
    name,
    address: `http://127.0.0.1:${new URL(stackUrl()).port}/_local/calendars/${name}`,
    serve: async (text: string, headers: Record<string, string> = {}) => {
      const response = await fetch(path, { method: 'PUT', body: text, headers });
      expect(response.status).toBe(204);
    },
  };
}

const calendar = (events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Busy times//EN', 'X-WR-TIMEZONE:UTC', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
const event = (uid: string, lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];

async function slots(expertId: string, from: number, to: number): Promise<string[]> {
  const query = new URLSearchParams({ from: iso(from), to: iso(to), minutes: '60', timeZone: 'UTC' });
  const response = await fetch(`${stackUrl()}/api/experts/${expertId}/slots?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as SlotsAnswer).slots;
}

const connect = (expert: ApiClient, address: string) =>
  expert.request<{ msg: string; code?: string; busyCalendar: BusyCalendarState }>('PUT', '/availability/calendar', { address });

async function withHours(firstName: string): Promise<{ expert: ApiClient; expertId: string }> {
  const { client: expert, userId: expertId } = await signedInPublishingExpert(firstName, 'Busy');
  const everyDay = [{ start: '08:00', end: '20:00' }];
  const saved = await put(expert, '/availability', {
    timeZone: 'UTC',
    weekly: { mon: everyDay, tue: everyDay, wed: everyDay, thu: everyDay, fri: everyDay, sat: everyDay, sun: everyDay },
    overrides: [],
    bufferMinutes: 0,
    minNoticeHours: 0,
    horizonDays: 60,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { expert, expertId };
}

describe("busy times from the expert's own calendar", () => {
  let expert: ApiClient;
  let expertId: string;
  /** Midnight UTC of a day three days after the app's clock. */
  let day: number;
  const feed = servedCalendar();

  beforeAll(async () => {
    ({ expert, expertId } = await withHours('Cora'));
    day = Math.floor((await serverNow()) / DAY) * DAY + 3 * DAY;
    const appHost = new URL(stackUrl()).hostname;
    await feed.serve(
      calendar([
        // A weekly seminar begun two weeks before, 10:00-11:00, but for the week after `day`.
        event('seminar@example.com', [
          'SUMMARY:Seminar',
          `DTSTART:${icsTime(day - 14 * DAY + 10 * HOUR)}`,
          `DTEND:${icsTime(day - 14 * DAY + 11 * HOUR)}`,
          'RRULE:FREQ=WEEKLY',
          `EXDATE:${icsTime(day + 7 * DAY + 10 * HOUR)}`,
        ]),
        // The whole next day.
        event('trip@example.com', ['SUMMARY:Trip', `DTSTART;VALUE=DATE:${icsDate(day + DAY)}`, `DTEND;VALUE=DATE:${icsDate(day + 2 * DAY)}`]),
        // Free, cancelled, and the product's own session: none of them blocks its time.
        event('focus@example.com', ['SUMMARY:Focus', `DTSTART:${icsTime(day + 14 * HOUR)}`, `DTEND:${icsTime(day + 15 * HOUR)}`, 'TRANSP:TRANSPARENT']),
        event('lunch@example.com', ['SUMMARY:Lunch', `DTSTART:${icsTime(day + 18 * HOUR)}`, `DTEND:${icsTime(day + 19 * HOUR)}`, 'STATUS:CANCELLED']),
        event(`order-${randomUUID()}@${appHost}`, ['SUMMARY:Order #1', `DTSTART:${icsTime(day + 16 * HOUR)}`, `DTEND:${icsTime(day + 17 * HOUR)}`]),
      ]),
    );
  });

  it('blocks the slots of busy events, recurring and all-day ones included, and shows the address only as a hint', async () => {
    const connected = await connect(expert, feed.address);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.msg).toBe(MSG.busyCalendarSaved);
    expect(connected.body.busyCalendar).toMatchObject({ addressHint: `127.0.0.1:${new URL(stackUrl()).port}/…`, busyCount: expect.any(Number) });
    expect(connected.body.busyCalendar.lastGoodReadAt).toBe(connected.body.busyCalendar.lastReadAt);
    expect(connected.body.busyCalendar.failure).toBeUndefined();

    const free = await slots(expertId, day, day + 15 * DAY);
    // The seminar: busy on `day` and two weeks later, free the week between (its EXDATE).
    expect(free).not.toContain(iso(day + 10 * HOUR));
    expect(free).not.toContain(iso(day + 9.5 * HOUR));
    expect(free).toContain(iso(day + 11 * HOUR));
    expect(free).toContain(iso(day + 9 * HOUR));
    expect(free).toContain(iso(day + 7 * DAY + 10 * HOUR));
    expect(free).not.toContain(iso(day + 14 * DAY + 10 * HOUR));
    // The trip: not one slot that day.
    expect(free.filter((slot) => slot.startsWith(iso(day + DAY).slice(0, 10)))).toEqual([]);
    for (const hour of [14, 16, 18]) expect(free).toContain(iso(day + hour * HOUR));

    const answer = await expert.get<AvailabilityAnswer>('/availability');
    expect(answer.body.busyCalendar).toEqual(connected.body.busyCalendar);
    // The address is the expert's secret: no answer carries it.
    expect(JSON.stringify(answer.body)).not.toContain(feed.name);
    expect(JSON.stringify(connected.body)).not.toContain(feed.name);
  });

  it("refuses a student's proposal of a busy time, as any time the expert does not offer", async () => {
    const offer = await hourlyOfferOf(expert, 'Calendar-aware coaching', 50);
    const { student, chat } = await openOrder(offer);
    const busy = await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: iso(day + 10 * HOUR), scheduledHours: 1 });
    expect(busy).toMatchObject({ status: 409, body: { code: 'slot_not_offered' } });
    const free = await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: iso(day + 11 * HOUR), scheduledHours: 1 });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
  });

  it('keeps the last good busy times when a read fails, and shows when it failed and when it last read well', async () => {
    const before = (await expert.get<AvailabilityAnswer>('/availability')).body.busyCalendar;
    await feed.serve('<html>Not found</html>');
    await advanceClock('15m');
    const after = (await expert.get<AvailabilityAnswer>('/availability')).body.busyCalendar;
    expect(after).toMatchObject({ failure: 'unparsable', lastGoodReadAt: before?.lastGoodReadAt, busyCount: before?.busyCount });
    expect(Date.parse(after?.lastReadAt ?? '')).toBeGreaterThan(Date.parse(before?.lastReadAt ?? ''));
    expect(await slots(expertId, day, day + DAY)).not.toContain(iso(day + 10 * HOUR));
  });

  it('frees the busy times when the expert disconnects the calendar', async () => {
    const removed = await expert.request<{ msg: string }>('DELETE', '/availability/calendar');
    expect(removed).toMatchObject({ status: 200, body: { msg: MSG.busyCalendarRemoved } });
    expect((await expert.get<AvailabilityAnswer>('/availability')).body.busyCalendar).toBeNull();
    expect(await slots(expertId, day, day + 2 * DAY)).toContain(iso(day + 10 * HOUR));
    expect((await partitionItems(`AVAILABILITY#${expertId}`)).map((item) => item.sk)).toEqual(['AVAILABILITY']);
  });
});

describe('addresses that are refused, by the production rules', () => {
  let expert: ApiClient;
  let expertId: string;

  beforeAll(async () => {
    ({ expert, expertId } = await withHours('Rhea'));
  });

  it.each([
    ['a private address', 'https://10.0.0.7/calendar.ics', 'calendar_address_invalid', MSG.busyCalendarPrivateAddress],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/', 'calendar_address_invalid', MSG.busyCalendarPrivateAddress],
    ['loopback over IPv6', 'https://[::1]/calendar.ics', 'calendar_address_invalid', MSG.busyCalendarPrivateAddress],
    ['a name of this machine (webcal:// is read as https://)', 'webcal://localhost/calendar.ics', 'calendar_address_invalid', MSG.busyCalendarPrivateAddress],
    ['http', 'http://calendar.example.com/basic.ics', 'calendar_address_invalid', MSG.busyCalendarNotHttps],
  ])('%s', async (_what, address, code, msg) => {
    expect(await connect(expert, address)).toMatchObject({ status: 400, body: { code, msg } });
  });

  it('a redirect to a private address, judged again after the redirect', async () => {
    const hop = servedCalendar();
    await hop.serve('', { location: 'https://169.254.169.254/latest/meta-data/' });
    expect(await connect(expert, hop.address)).toMatchObject({ status: 400, body: { code: 'calendar_address_invalid', msg: MSG.busyCalendarPrivateAddress } });
  });

  it('a calendar larger than 2 MB, and a page that is not a calendar', async () => {
    const large = servedCalendar();
    await large.serve(calendar([event('big@example.com', ['SUMMARY:Big', `DESCRIPTION:${'x'.repeat(2.1 * 1024 * 1024)}`])]));
    expect(await connect(expert, large.address)).toMatchObject({ status: 400, body: { code: 'calendar_unreadable', msg: MSG.busyCalendarTooLarge } });
    const page = servedCalendar();
    await page.serve('<!doctype html><title>Sign in</title>');
    expect(await connect(expert, page.address)).toMatchObject({ status: 400, body: { code: 'calendar_unreadable', msg: MSG.busyCalendarUnparsable } });
    expect(await connect(expert, 'not an address')).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('saves nothing that was refused', async () => {
    expect((await expert.get<AvailabilityAnswer>('/availability')).body.busyCalendar).toBeNull();
    expect((await partitionItems(`AVAILABILITY#${expertId}`)).map((item) => item.sk)).toEqual(['AVAILABILITY']);
  });
});
