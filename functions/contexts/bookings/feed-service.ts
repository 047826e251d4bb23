/**
 * A member's calendar feed (docs/bookings.md): a secret address that calendar apps subscribe to,
 * whose file `feed-file-service.ts` writes. Only the token's hash is stored: the address is shown
 * once, when it is made, and making a new one revokes the old one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeed, CalendarFeedAddress } from '../../../shared/schemas/bookings';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowIso } from '../../platform/clock';
import { config } from '../../platform/config';
import { Contention } from '../../platform/errors';
import * as repo from './repository';

const ATTEMPTS = 3;

/** What is stored of a feed's token, and what its address is looked up by. */
export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
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
    const feed = { userId: caller.userId, tokenHash: feedTokenHash(token), createdAt: nowIso() };
    if (await repo.replaceFeed(feed, current)) return { msg: MSG.calendarFeedCreated, url: addressOf(token), createdAt: feed.createdAt };
  }
  throw new Contention(`calendar feed of ${caller.userId}`);
}
