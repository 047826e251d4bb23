import { describe, expect, it } from 'vitest';
import { BusyCalendarError, busyTimes } from './busy-calendar';

const utc = (iso: string) => Date.parse(iso);
const iso = ({ start, end }: { start: number; end: number }) => [new Date(start).toISOString(), new Date(end).toISOString()];
const MARCH_2026 = { from: utc('2026-03-01T00:00:00Z'), to: utc('2026-04-01T00:00:00Z') };
const ignoreNone = () => false;

/** A calendar feed around `events` (each a VEVENT's lines), with the header lines given. */
const feed = (events: string[][], header: string[] = []) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    ...header,
    ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
const busy = (ics: string, range = MARCH_2026, ignoreUid: (uid: string) => boolean = ignoreNone) => busyTimes(ics, range, ignoreUid).map(iso);

/** Google writes the definition of each zone it uses. */
const PARIS_DEFINITION = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Paris',
  'X-LIC-LOCATION:Europe/Paris',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Outlook names zones the Windows way and defines them from 1601. */
const ROMANCE_DEFINITION = [
  'BEGIN:VTIMEZONE',
  'TZID:Romance Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

describe('busy times of an expert’s calendar', () => {
  it('repeat a weekly event, with its RDATE and less its EXDATE, within the range only', () => {
    const weekly = feed([
      [
        'UID:weekly@calendar.example',
        'DTSTART:20260223T100000Z',
        'DTEND:20260223T110000Z',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'EXDATE:20260316T100000Z',
        'RDATE:20260312T150000Z',
        'SUMMARY:Team call',
      ],
    ]);
    expect(busy(weekly)).toEqual([
      ['2026-03-02T10:00:00.000Z', '2026-03-02T11:00:00.000Z'],
      ['2026-03-09T10:00:00.000Z', '2026-03-09T11:00:00.000Z'],
      ['2026-03-12T15:00:00.000Z', '2026-03-12T16:00:00.000Z'],
      ['2026-03-23T10:00:00.000Z', '2026-03-23T11:00:00.000Z'],
      ['2026-03-30T10:00:00.000Z', '2026-03-30T11:00:00.000Z'],
    ]);
  });

  it('keep 09:00 in Paris through the change to summer time, whether the calendar defines the zone or not', () => {
    const daily = [
      'UID:daily@calendar.example',
      'DTSTART;TZID=Europe/Paris:20260327T090000',
      'DTEND;TZID=Europe/Paris:20260327T100000',
      'RRULE:FREQ=DAILY;COUNT=4',
    ];
    const expected = [
      ['2026-03-27T08:00:00.000Z', '2026-03-27T09:00:00.000Z'],
      ['2026-03-28T08:00:00.000Z', '2026-03-28T09:00:00.000Z'],
      // Sunday 29 March, 02:00 Paris time: clocks go forward to 03:00.
      ['2026-03-29T07:00:00.000Z', '2026-03-29T08:00:00.000Z'],
      ['2026-03-30T07:00:00.000Z', '2026-03-30T08:00:00.000Z'],
    ];
    expect(busy(feed([daily], PARIS_DEFINITION))).toEqual(expected);
    expect(busy(feed([daily]))).toEqual(expected);
  });

  it('read Outlook’s Windows zone names by the calendar’s own definition, back to winter time in October', () => {
    const outlook = feed(
      [
        [
          'UID:outlook@calendar.example',
          'DTSTART;TZID=Romance Standard Time:20261024T090000',
          'DTEND;TZID=Romance Standard Time:20261024T100000',
          'RRULE:FREQ=DAILY;COUNT=2',
        ],
      ],
      ROMANCE_DEFINITION,
    );
    expect(busy(outlook, { from: utc('2026-10-01T00:00:00Z'), to: utc('2026-11-01T00:00:00Z') })).toEqual([
      ['2026-10-24T07:00:00.000Z', '2026-10-24T08:00:00.000Z'],
      // Sunday 25 October, 03:00 Paris time: clocks go back to 02:00.
      ['2026-10-25T08:00:00.000Z', '2026-10-25T09:00:00.000Z'],
    ]);
  });

  it('block whole days for all-day events, in the calendar’s X-WR-TIMEZONE, else in UTC', () => {
    const allDay = [
      ['UID:trip@calendar.example', 'DTSTART;VALUE=DATE:20260310', 'DTEND;VALUE=DATE:20260312', 'SUMMARY:Trip'],
      ['UID:holiday@calendar.example', 'DTSTART;VALUE=DATE:20260320', 'SUMMARY:Holiday, no end given: one day'],
    ];
    expect(busy(feed(allDay, ['X-WR-TIMEZONE:Europe/Paris']))).toEqual([
      ['2026-03-09T23:00:00.000Z', '2026-03-11T23:00:00.000Z'],
      ['2026-03-19T23:00:00.000Z', '2026-03-20T23:00:00.000Z'],
    ]);
    expect(busy(feed(allDay))).toEqual([
      ['2026-03-10T00:00:00.000Z', '2026-03-12T00:00:00.000Z'],
      ['2026-03-20T00:00:00.000Z', '2026-03-21T00:00:00.000Z'],
    ]);
    expect(busy(feed(allDay, ['X-WR-TIMEZONE:Not/AZone']))).toEqual(busy(feed(allDay)));
  });

  it('repeat all-day events on local days', () => {
    const weeklyDayOff = feed(
      [['UID:day-off@calendar.example', 'DTSTART;VALUE=DATE:20260306', 'RRULE:FREQ=WEEKLY;COUNT=2']],
      ['X-WR-TIMEZONE:America/New_York'],
    );
    expect(busy(weeklyDayOff)).toEqual([
      ['2026-03-06T05:00:00.000Z', '2026-03-07T05:00:00.000Z'],
      // New York moved to summer time on 8 March.
      ['2026-03-13T04:00:00.000Z', '2026-03-14T04:00:00.000Z'],
    ]);
  });

  it('read floating times in the calendar’s zone', () => {
    const floating = feed([['UID:floating@calendar.example', 'DTSTART:20260305T090000', 'DTEND:20260305T093000']], ['X-WR-TIMEZONE:Asia/Kolkata']);
    expect(busy(floating)).toEqual([['2026-03-05T03:30:00.000Z', '2026-03-05T04:00:00.000Z']]);
  });

  it('leave out free, cancelled and ignored events', () => {
    const ignoreInvites = (uid: string) => /^order-[\w-]+@app\.example$/.test(uid);
    const events = feed([
      ['UID:kept@calendar.example', 'DTSTART:20260305T090000Z', 'DTEND:20260305T100000Z'],
      ['UID:free@calendar.example', 'DTSTART:20260305T110000Z', 'DTEND:20260305T120000Z', 'TRANSP:TRANSPARENT'],
      ['UID:cancelled@calendar.example', 'DTSTART:20260305T130000Z', 'DTEND:20260305T140000Z', 'STATUS:CANCELLED'],
      ['UID:order-01JQ7Z3@app.example', 'DTSTART:20260305T150000Z', 'DTEND:20260305T160000Z', 'STATUS:CONFIRMED', 'SEQUENCE:3'],
      ['UID:tentative@calendar.example', 'DTSTART:20260305T170000Z', 'DTEND:20260305T180000Z', 'STATUS:TENTATIVE', 'TRANSP:OPAQUE'],
      ['UID:daily-free@calendar.example', 'DTSTART:20260302T080000Z', 'DTEND:20260302T083000Z', 'RRULE:FREQ=DAILY', 'TRANSP:TRANSPARENT'],
    ]);
    expect(busy(events, MARCH_2026, ignoreInvites)).toEqual([
      ['2026-03-05T09:00:00.000Z', '2026-03-05T10:00:00.000Z'],
      ['2026-03-05T17:00:00.000Z', '2026-03-05T18:00:00.000Z'],
    ]);
    expect(busy(events, MARCH_2026, ignoreNone)).toContainEqual(['2026-03-05T15:00:00.000Z', '2026-03-05T16:00:00.000Z']);
  });

  it('keep only events that meet the range, whole, and merge those that touch', () => {
    const range = { from: utc('2026-03-10T00:00:00Z'), to: utc('2026-03-11T00:00:00Z') };
    const events = feed([
      ['UID:before@calendar.example', 'DTSTART:20260309T220000Z', 'DTEND:20260310T000000Z'],
      ['UID:across-start@calendar.example', 'DTSTART:20260309T230000Z', 'DTEND:20260310T010000Z'],
      ['UID:morning@calendar.example', 'DTSTART:20260310T090000Z', 'DURATION:PT1H'],
      ['UID:after-morning@calendar.example', 'DTSTART:20260310T100000Z', 'DTEND:20260310T103000Z'],
      ['UID:after@calendar.example', 'DTSTART:20260311T000000Z', 'DTEND:20260311T010000Z'],
      ['UID:last-year@calendar.example', 'DTSTART:20250310T090000Z', 'DTEND:20250310T100000Z'],
      ['UID:ended-series@calendar.example', 'DTSTART:20260301T120000Z', 'DTEND:20260301T130000Z', 'RRULE:FREQ=DAILY;UNTIL=20260309T120000Z'],
    ]);
    expect(busy(events, range)).toEqual([
      ['2026-03-09T23:00:00.000Z', '2026-03-10T01:00:00.000Z'],
      ['2026-03-10T09:00:00.000Z', '2026-03-10T10:30:00.000Z'],
    ]);
  });

  it('read a daily event begun ten years ago, each occurrence that meets the range whole, far east and far west of UTC', () => {
    const dailyIn = (zone: string) => feed([[`UID:${zone}@calendar.example`, `DTSTART;TZID=${zone}:20160101T090000`, 'DURATION:PT2H', 'RRULE:FREQ=DAILY']]);
    // Kiritimati is 14 hours ahead: 09:00-11:00 there is 19:00-21:00 UTC the day before.
    expect(busy(dailyIn('Pacific/Kiritimati'), { from: utc('2026-03-09T20:00:00Z'), to: utc('2026-03-10T20:00:00Z') })).toEqual([
      ['2026-03-09T19:00:00.000Z', '2026-03-09T21:00:00.000Z'],
      ['2026-03-10T19:00:00.000Z', '2026-03-10T21:00:00.000Z'],
    ]);
    // Pago Pago is 11 hours behind: 09:00-11:00 there is 20:00-22:00 UTC the same day.
    expect(busy(dailyIn('Pacific/Pago_Pago'), { from: utc('2026-03-09T21:00:00Z'), to: utc('2026-03-10T21:00:00Z') })).toEqual([
      ['2026-03-09T20:00:00.000Z', '2026-03-09T22:00:00.000Z'],
      ['2026-03-10T20:00:00.000Z', '2026-03-10T22:00:00.000Z'],
    ]);
  });

  it('move an occurrence changed on its own, and drop one cancelled on its own (RECURRENCE-ID)', () => {
    const series = [
      'UID:standup@calendar.example',
      'DTSTART;TZID=Europe/Paris:20260302T090000',
      'DTEND;TZID=Europe/Paris:20260302T093000',
      'RRULE:FREQ=WEEKLY;COUNT=3',
    ];
    const events = feed(
      [
        series,
        // Google writes the changed occurrence as an event of the same UID, named by its original start.
        [
          'UID:standup@calendar.example',
          'RECURRENCE-ID;TZID=Europe/Paris:20260309T090000',
          'DTSTART;TZID=Europe/Paris:20260309T150000',
          'DTEND;TZID=Europe/Paris:20260309T160000',
        ],
        ['UID:standup@calendar.example', 'RECURRENCE-ID:20260316T080000Z', 'DTSTART:20260316T080000Z', 'DTEND:20260316T083000Z', 'STATUS:CANCELLED'],
      ],
      PARIS_DEFINITION,
    );
    expect(busy(events)).toEqual([
      ['2026-03-02T08:00:00.000Z', '2026-03-02T08:30:00.000Z'],
      ['2026-03-09T14:00:00.000Z', '2026-03-09T15:00:00.000Z'],
    ]);
  });

  it('refuse a text that is not a calendar', () => {
    for (const text of [
      '',
      'Not a calendar',
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:yesterday\r\nEND:VEVENT\r\nEND:VCALENDAR',
      'BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD',
    ])
      expect(() => busyTimes(text, MARCH_2026, ignoreNone), JSON.stringify(text)).toThrow(
        expect.objectContaining({ name: 'BusyCalendarError', reason: 'unparsable' }),
      );
  });

  // A guard against a hang, not a measure of speed: 100,000 steps take ~0.7 s alone, several times that on a loaded machine.
  it('refuse a calendar that repeats without bound before the range, rather than spin', { timeout: 20_000 }, () => {
    const everySecond = feed([['UID:spin@calendar.example', 'DTSTART:20200101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY']]);
    const error = (() => {
      try {
        busyTimes(everySecond, MARCH_2026, ignoreNone);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(BusyCalendarError);
    expect((error as BusyCalendarError).reason).toBe('too_many_occurrences');
  });
});
