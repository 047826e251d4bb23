/**
 * A member's calendar feed file (docs/bookings.md), at the secret address that `feed-service.ts`
 * makes: the member's bookings from a week ago on, under the same UIDs as the invites the mails
 * carry, so that a calendar holding both shows each session once. Served by the calendars Lambda,
 * whose ical.js writes the file as it reads the experts' calendars.
 */
import ICAL from 'ical.js';
import { roomPath } from '../../../shared/app-paths';
import { clientNetworkOf } from '../../../shared/edge';
import { BOOKING_RULES, RATE_LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import { sessionUid } from '../../platform/calendar-uid';
import { nowMs } from '../../platform/clock';
import { config } from '../../platform/config';
import { NotFound } from '../../platform/errors';
import { takeFromLimit } from '../../platform/rate-windows';
import * as accounts from '../accounts/service';
import type { BookingRecord } from './booking';
import { feedTokenHash } from './feed-service';
import * as repo from './repository';

const DAY_MS = 86_400_000;
/** A feed's file name: the token (32 random bytes, base64url) and the calendar extension. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * GET /calendar/{file}: the feed's calendar file, for whoever holds the address (calendar apps send
 * no credentials). An unknown, revoked or malformed address, or one of an account that is gone or
 * suspended, is a 404 that tells nothing more. Limited per client, as addresses are guessed.
 */
export async function feedFile(file: string, clientIp: string): Promise<string> {
  await takeFromLimit('calendar-feed-client', RATE_LIMITS.calendarFeedPerClient, clientNetworkOf(clientIp), MSG.tooManyFeedReads);
  const token = FEED_FILE.exec(file)?.[1];
  const userId = token && (await repo.feedOwner(feedTokenHash(token)));
  const account = userId ? await accounts.getAccount(userId) : undefined;
  if (!userId || !account || account.isDeleted || account.isBanned) throw new NotFound(MSG.calendarFeedNotFound, 'feed_not_found');
  const now = nowMs();
  const bookings = await repo.bookingsBetween(
    userId,
    new Date(now - 7 * DAY_MS).toISOString(),
    new Date(now + BOOKING_RULES.maxHorizonDays * DAY_MS).toISOString(),
  );
  return calendarFile(bookings, now);
}

/** The iCalendar file of the bookings (RFC 5545): times in UTC, lines folded and text escaped by ical.js. */
function calendarFile(bookings: BookingRecord[], now: number): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//mentoring-marketplace//calendar//EN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', 'Mentoring sessions');
  const stamp = ICAL.Time.fromJSDate(new Date(now), true);
  for (const booking of bookings) {
    const event = new ICAL.Component('vevent');
    // The call's room, where calendars offer to join it; the conversation is a click away from there.
    const room = `${config.appUrl}${roomPath(booking.orderId)}`;
    event.addPropertyWithValue('uid', sessionUid(booking.orderId));
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(booking.start), true));
    event.addPropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(booking.end), true));
    event.addPropertyWithValue('summary', booking.title ?? 'Booked session');
    event.addPropertyWithValue('location', room);
    event.addPropertyWithValue('url', room);
    event.addPropertyWithValue('status', 'CONFIRMED');
    calendar.addSubcomponent(event);
  }
  return `${calendar.toString()}\r\n`;
}
