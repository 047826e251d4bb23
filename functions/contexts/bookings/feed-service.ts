/**
 * A member's calendar feed (docs/bookings.md): a secret address that calendar apps subscribe to,
 * listing the member's bookings from a week ago on, under the same UIDs as the invites the mails
 * carry, so that a calendar holding both shows each session once. Only the token's hash is stored:
 * the address is shown once, when it is made, and making a new one revokes the old one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createEvents, type EventAttributes } from 'ics';
import { roomPath } from '../../../shared/app-paths';
import { clientNetworkOf } from '../../../shared/edge';
import { BOOKING_RULES, RATE_LIMITS } from '../../../shared/limits';
import type { CalendarFeed, CalendarFeedAddress } from '../../../shared/schemas/bookings';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { sessionUid } from '../../platform/calendar-uid';
import { nowIso, nowMs } from '../../platform/clock';
import { config } from '../../platform/config';
import { Contention, NotFound } from '../../platform/errors';
import { takeFromLimit } from '../../platform/rate-windows';
import * as accounts from '../accounts/service';
import * as repo from './repository';

const DAY_MS = 86_400_000;
/** A feed's file name: the token (32 random bytes, base64url) and the calendar extension. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const ATTEMPTS = 3;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const addressOf = (token: string) => `${config.appUrl}/api/calendar/${token}.ics`;

/** GET /calendar-feed: whether the member has a feed, and since when (its address is not kept). */
export async function feedOf(caller: Caller): Promise<CalendarFeed> {
  const feed = await repo.getFeed(caller.userId);
  return feed ? { active: true, createdAt: feed.createdAt } : { active: false };
}

/** POST /calendar-feed: a new secret address, shown this once; the previous one stops working at once. */
export async function renewFeed(caller: Caller): Promise<CalendarFeedAddress> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const current = await repo.getFeed(caller.userId);
    const token = randomBytes(32).toString('base64url');
    const feed = { userId: caller.userId, tokenHash: hashOf(token), createdAt: nowIso() };
    if (await repo.replaceFeed(feed, current)) return { msg: MSG.calendarFeedCreated, url: addressOf(token), createdAt: feed.createdAt };
  }
  throw new Contention(`calendar feed of ${caller.userId}`);
}

/**
 * GET /calendar/{file}: the feed's calendar file, for whoever holds the address (calendar apps send
 * no credentials). An unknown, revoked or malformed address, or one of an account that is gone or
 * suspended, is a 404 that tells nothing more. Limited per client, as addresses are guessed.
 */
export async function feedFile(file: string, clientIp: string): Promise<string> {
  await takeFromLimit('calendar-feed-client', RATE_LIMITS.calendarFeedPerClient, clientNetworkOf(clientIp), MSG.tooManyFeedReads);
  const token = FEED_FILE.exec(file)?.[1];
  const userId = token && (await repo.feedOwner(hashOf(token)));
  const account = userId ? await accounts.getAccount(userId) : undefined;
  if (!userId || !account || account.isDeleted || account.isBanned) throw new NotFound(MSG.calendarFeedNotFound, 'feed_not_found');
  const now = nowMs();
  const bookings = await repo.bookingsBetween(
    userId,
    new Date(now - 7 * DAY_MS).toISOString(),
    new Date(now + BOOKING_RULES.maxHorizonDays * DAY_MS).toISOString(),
  );
  const events: EventAttributes[] = bookings.map((booking) => ({
    uid: sessionUid(booking.orderId),
    start: Date.parse(booking.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(booking.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: booking.title ?? 'Booked session',
    // The call's room, where calendars offer to join it; the conversation is a click away from there.
    location: `${config.appUrl}${roomPath(booking.orderId)}`,
    url: `${config.appUrl}${roomPath(booking.orderId)}`,
    status: 'CONFIRMED',
  }));
  const { error, value } = createEvents(events, { productId: 'mentoring-marketplace/calendar', calName: 'Mentoring sessions' });
  if (error || !value) throw error ?? new Error('The calendar feed could not be made');
  return value;
}
