/** Dates and times as the money pages show them, in the viewer's own time zone. */

/** The browser's own time zone, e.g. "Europe/Paris". */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string, weekday: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${weekday}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      ...(weekday && { weekday: 'short' }),
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, format);
  }
  return format;
}

/** "3 Dec 2026, 10:00": a date and time in the viewer's zone (a table's column). */
export const formatDateTime = (iso: string, timeZone = localTimeZone()): string => formatIn(timeZone, false).format(new Date(iso));

/** "Thu 3 Dec 2026, 10:00 (Europe/Paris)": a moment ahead, in the viewer's zone, the zone named. */
export const formatDateTimeWithZone = (iso: string, timeZone = localTimeZone()): string => `${formatIn(timeZone, true).format(new Date(iso))} (${timeZone})`;
