import { busyCalendarSchema } from '../schemas/bookings';
import { type Route, r } from './route';

/** The calendars Lambda's: it alone reads calendars (and parses iCalendar), and writes the feeds' files. */
export const CALENDARS_ROUTES = [
  // The expert's own calendar, whose busy times keep their slots.
  r('PUT', '/availability/calendar', 'calendars', 'professor', { body: busyCalendarSchema }), // (added)
  r('DELETE', '/availability/calendar', 'calendars', 'professor'), // (added)
  r('GET', '/calendar/{file}', 'calendars', 'public'), // (added)
] as const satisfies readonly Route[];
