/**
 * An expert's own calendar, read for the times it keeps busy (docs/bookings.md): its secret address,
 * what the last read found, and the busy times of the last good read. Its item (toBusySourceItem /
 * fromBusySourceItem) is known here only. The address is a secret of the expert's: no view carries
 * it, only its hint.
 */
import * as z from 'zod/mini';
import { BUSY_CALENDAR_FAILURES, type BusyCalendarFailure, type BusyCalendarState } from '../../../shared/schemas/bookings';
import { busyCalendarKey, busyCalendarsToReadIndex } from '../../platform/keys';
import type { Interval } from './slots';

export interface BusySource {
  expertId: string;
  /** As it is read: https:// (a webcal:// address is saved as https://). */
  address: string;
  savedAt: string;
  lastReadAt: string;
  lastGoodReadAt?: string;
  failure?: BusyCalendarFailure;
  /** The busy times of the last good read, merged and sorted (ms). */
  busy: Interval[];
}

const MINUTE_MS = 60_000;

/**
 * "calendar.google.com/…/basic.ics": enough to know which calendar it is, never the secret part. The
 * last segment shows only when it is short, a file name: a long one may be the secret itself (iCloud).
 */
export function addressHint(address: string): string {
  const url = new URL(address);
  const fileName = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  return `${url.host}/…${fileName.length > 0 && fileName.length <= 16 ? `/${fileName}` : ''}`;
}

export function busySourceView(source: BusySource, from: number): BusyCalendarState {
  return {
    addressHint: addressHint(source.address),
    savedAt: source.savedAt,
    lastReadAt: source.lastReadAt,
    ...(source.lastGoodReadAt && { lastGoodReadAt: source.lastGoodReadAt }),
    busyCount: source.busy.filter((interval) => interval.end > from).length,
    ...(source.failure && { failure: source.failure }),
  };
}

const busySourceItem = z.object({
  expertId: z.string(),
  address: z.string(),
  savedAt: z.string(),
  lastReadAt: z.string(),
  lastGoodReadAt: z.optional(z.string()),
  failure: z.optional(z.enum(BUSY_CALENDAR_FAILURES)),
  /** Start and end of each busy time in epoch minutes, one after the other: a third of the size of ISO pairs. */
  busyMinutes: z.array(z.number()),
});

export const toBusySourceItem = (source: BusySource) => ({
  ...busyCalendarKey(source.expertId),
  ...busyCalendarsToReadIndex(source.expertId),
  expertId: source.expertId,
  address: source.address,
  savedAt: source.savedAt,
  lastReadAt: source.lastReadAt,
  ...(source.lastGoodReadAt && { lastGoodReadAt: source.lastGoodReadAt }),
  ...(source.failure && { failure: source.failure }),
  busyMinutes: busyMinutesOf(source.busy),
});

export function fromBusySourceItem(item: Record<string, unknown>): BusySource {
  const { busyMinutes, ...source } = busySourceItem.parse(item);
  const busy: Interval[] = [];
  for (let index = 0; index + 1 < busyMinutes.length; index += 2) {
    busy.push({ start: busyMinutes[index] * MINUTE_MS, end: busyMinutes[index + 1] * MINUTE_MS });
  }
  return { ...source, busy };
}

/** Busy times widened to whole minutes: a meeting ending at 10:00:30 keeps 10:00 busy. */
export const busyMinutesOf = (busy: readonly Interval[]): number[] =>
  busy.flatMap((interval) => [Math.floor(interval.start / MINUTE_MS), Math.ceil(interval.end / MINUTE_MS)]);
