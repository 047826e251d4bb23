/**
 * The expert's own calendar (docs/bookings.md): its secret address, read at once when saved and
 * again every 15 minutes by the schedule. The busy times of its last good read keep their slots; a
 * read that fails keeps them and shows on the page, and never stops a booking. Only the calendars
 * Lambda imports this module: it holds the iCalendar parser.
 */
import { BOOKING_RULES, BUSY_CALENDARS, RATE_LIMITS } from '../../../shared/limits';
import { BUSY_CALENDAR_FAILURE_TEXTS, type BusyCalendarFailure, type BusyCalendarInput, type BusyCalendarState } from '../../../shared/schemas/bookings';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { isSessionUid } from '../../platform/calendar-uid';
import { nowIso, nowMs } from '../../platform/clock';
import { config } from '../../platform/config';
import { BadRequest } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { takeFromLimit } from '../../platform/rate-windows';
import { fetchPublicText, PublicFetchError } from '../../platform/safe-fetch';
import { BusyCalendarError, busyTimes } from './busy-calendar';
import { type BusySource, busySourceView } from './busy-source';
import * as repo from './repository';
import type { Interval } from './slots';

const DAY_MS = 86_400_000;
/** Failures that say the address itself is wrong, rather than that it could not be read this time. */
const ADDRESS_FAILURES: readonly BusyCalendarFailure[] = ['not_https', 'private_address', 'unresolvable'];

type ReadResult = { busy: Interval[] } | { failure: BusyCalendarFailure };

/** PUT /availability/calendar: the address is read at once, and saved only if it serves a calendar. */
export async function connectBusyCalendar(caller: Caller, input: BusyCalendarInput): Promise<{ msg: string; busyCalendar: BusyCalendarState }> {
  await takeFromLimit('busy-calendar-saves', RATE_LIMITS.busyCalendarSavesPerExpert, caller.userId, MSG.tooManyBusyCalendarSaves);
  // Calendar apps publish webcal:// for "subscribe"; it is the same address over https.
  const address = input.address.replace(/^webcal:/i, 'https:');
  const result = await read(address, await horizonDaysOf(caller.userId));
  if ('failure' in result) {
    throw new BadRequest(
      BUSY_CALENDAR_FAILURE_TEXTS[result.failure],
      ADDRESS_FAILURES.includes(result.failure) ? 'calendar_address_invalid' : 'calendar_unreadable',
    );
  }
  const at = nowIso();
  const source: BusySource = { expertId: caller.userId, address, savedAt: at, lastReadAt: at, lastGoodReadAt: at, busy: result.busy };
  await repo.putBusySource(source);
  return { msg: MSG.busyCalendarSaved, busyCalendar: busySourceView(source, nowMs()) };
}

/** DELETE /availability/calendar: the address and its busy times are forgotten. */
export async function disconnectBusyCalendar(caller: Caller): Promise<{ msg: string }> {
  await repo.deleteBusySource(caller.userId);
  return { msg: MSG.busyCalendarRemoved };
}

/** The schedule's run: every connected calendar read again, a few at once. */
export async function readBusyCalendars(): Promise<{ read: number; failed: number }> {
  const counts = { read: 0, failed: 0 };
  for await (const page of repo.busySourcesToRead()) {
    for (let first = 0; first < page.length; first += BUSY_CALENDARS.readsAtOnce) {
      await Promise.all(
        page.slice(first, first + BUSY_CALENDARS.readsAtOnce).map(async (source) => {
          const failed = await readAgain(source);
          counts[failed ? 'failed' : 'read'] += 1;
        }),
      );
    }
  }
  return counts;
}

/** One calendar read again; true when the read failed (its busy times of the last good read stay). */
async function readAgain(source: BusySource): Promise<boolean> {
  const result = await read(source.address, await horizonDaysOf(source.expertId));
  const at = nowIso();
  const next: BusySource =
    'failure' in result
      ? { ...source, lastReadAt: at, failure: result.failure }
      : { expertId: source.expertId, address: source.address, savedAt: source.savedAt, lastReadAt: at, lastGoodReadAt: at, busy: result.busy };
  if ('failure' in result) logger.warn('A busy calendar could not be read', { expertId: source.expertId, failure: result.failure });
  await repo.recordBusyRead(next);
  return 'failure' in result;
}

/** Busy times are read as far as the expert takes bookings, and a day more for a session that would reach past it. */
async function horizonDaysOf(expertId: string): Promise<number> {
  return ((await repo.getAvailability(expertId))?.horizonDays ?? BOOKING_RULES.defaultHorizonDays) + 1;
}

async function read(address: string, days: number): Promise<ReadResult> {
  const from = nowMs();
  const to = from + days * DAY_MS;
  try {
    const text = await fetchPublicText(address, {
      allowHttpTo: config.calendarHttpHosts,
      maxBytes: BUSY_CALENDARS.maxBytes,
      timeoutMs: BUSY_CALENDARS.timeoutMs,
    });
    return { busy: keptBusyTimes(busyTimes(text, { from, to }, isSessionUid), to) };
  } catch (error) {
    if (error instanceof PublicFetchError || error instanceof BusyCalendarError) return { failure: error.reason };
    throw error;
  }
}

/**
 * At most BUSY_CALENDARS.maxBusyTimes, the nearest: past the last one kept, everything to the end
 * of the range stays busy, so a calendar too full to keep never offers a time it did not read.
 */
export function keptBusyTimes(busy: Interval[], to: number): Interval[] {
  if (busy.length <= BUSY_CALENDARS.maxBusyTimes) return busy;
  const kept = busy.slice(0, BUSY_CALENDARS.maxBusyTimes - 1);
  return [...kept, { start: busy[BUSY_CALENDARS.maxBusyTimes - 1].start, end: Math.max(to, busy.at(-1)?.end ?? to) }];
}
