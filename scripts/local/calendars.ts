/**
 * Calendars served by the local stack at /_local/calendars/<name>.ics, standing for the secret iCal
 * addresses Google, Outlook and Apple publish (docs/bookings.md): two demo experts' calendars, made
 * around today's date on each read, and any calendar a test puts there. The stack lets the calendars
 * Lambda read its own http address (CALENDAR_HTTP_HOSTS); every other address meets the production
 * rules.
 *
 * PUT /_local/calendars/<name>.ics with the text serves it from then on; with a `location` header
 * instead, the address answers a redirect there (to prove a redirect is judged again).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const LOCAL_CALENDARS_PATH = '/_local/calendars';
/** More than the reader's 2 MB, so that a test can serve a calendar too large to read. */
const MAX_PUT_BYTES = 4 * 1024 * 1024;
const DAY_MS = 86_400_000;

/** The demo experts whose own calendar the local stack serves, by their e-mail address. */
export const DEMO_CALENDARS: Readonly<Record<string, string>> = {
  'claire.dubois@demo.test': 'claire.ics',
  'omar.haddad@demo.test': 'omar.ics',
};

type Served = { kind: 'text'; text: string } | { kind: 'redirect'; location: string };

export function createLocalCalendars(now: () => number): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const put = new Map<string, Served>();
  return async (request, response) => {
    const name = decodeURIComponent((request.url ?? '').split('?')[0].slice(LOCAL_CALENDARS_PATH.length + 1));
    if (request.method === 'PUT') {
      const location = request.headers.location;
      if (location) {
        request.resume();
        put.set(name, { kind: 'redirect', location });
      } else {
        const text = await bodyOf(request);
        if (text === undefined) return void response.writeHead(413).end();
        put.set(name, { kind: 'text', text });
      }
      response.writeHead(204).end();
      return;
    }
    const served: Served | undefined = put.get(name) ?? demoCalendar(name, now());
    if (!served) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('No such calendar');
    if (served.kind === 'redirect') return void response.writeHead(302, { location: served.location }).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-store' }).end(served.text);
  };
}

function bodyOf(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PUT_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= MAX_PUT_BYTES ? Buffer.concat(chunks).toString('utf8') : undefined));
    request.on('error', reject);
  });
}

/** "20261201": a date of the UTC calendar, `days` from `at`. */
const dateOf = (at: number, days: number) => new Date(at + days * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');

/** Days from `at` to the first `weekday` (0 Sunday to 6 Saturday, UTC) at least `after` days on. */
function daysToWeekday(at: number, weekday: number, after: number): number {
  let days = after;
  while (new Date(at + days * DAY_MS).getUTCDay() !== weekday) days += 1;
  return days;
}

/**
 * The demo calendars, as Google writes them: a weekly meeting (its series begun weeks ago, one
 * week skipped), a conference of two whole days, and a free "focus" block that keeps nothing busy;
 * a daily stand-up and a one-off appointment.
 */
function demoCalendar(name: string, at: number): Served | undefined {
  const stamp = `${dateOf(at, 0)}T000000Z`;
  const event = (uid: string, lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}@demo.test`, `DTSTAMP:${stamp}`, ...lines, 'END:VEVENT'];
  const calendar = (zone: string, events: string[][]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Local stack//Demo calendar//EN', `X-WR-TIMEZONE:${zone}`, ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
  if (name === 'claire.ics') {
    return {
      kind: 'text',
      text: calendar('Europe/Paris', [
        event('faculty-meeting', [
          'SUMMARY:Faculty meeting',
          `DTSTART;TZID=Europe/Paris:${dateOf(at, -56)}T100000`,
          `DTEND;TZID=Europe/Paris:${dateOf(at, -56)}T113000`,
          'RRULE:FREQ=WEEKLY;BYDAY=TU',
          `EXDATE;TZID=Europe/Paris:${dateOf(at, daysToWeekday(at, 2, 7))}T100000`,
        ]),
        // Wednesday and Thursday, never the week the meeting skips.
        event('conference', [
          'SUMMARY:Conference in Lyon',
          `DTSTART;VALUE=DATE:${dateOf(at, daysToWeekday(at, 3, 9))}`,
          `DTEND;VALUE=DATE:${dateOf(at, daysToWeekday(at, 3, 9) + 2)}`,
        ]),
        event('focus', [
          'SUMMARY:Focus time',
          `DTSTART;TZID=Europe/Paris:${dateOf(at, -7)}T160000`,
          `DTEND;TZID=Europe/Paris:${dateOf(at, -7)}T170000`,
          'RRULE:FREQ=DAILY',
          'TRANSP:TRANSPARENT',
        ]),
      ]),
    };
  }
  if (name === 'omar.ics') {
    return {
      kind: 'text',
      text: calendar('Europe/London', [
        event('stand-up', [
          'SUMMARY:Team stand-up',
          `DTSTART;TZID=Europe/London:${dateOf(at, -30)}T093000`,
          `DTEND;TZID=Europe/London:${dateOf(at, -30)}T100000`,
          'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
        ]),
        event('appointment', ['SUMMARY:Dentist', `DTSTART;TZID=Europe/London:${dateOf(at, 3)}T140000`, `DTEND;TZID=Europe/London:${dateOf(at, 3)}T150000`]),
      ]),
    };
  }
  return undefined;
}
