/**
 * When each call service on an expert's profile could next take place: the first of the expert's
 * free starts (GET /experts/{id}/slots, docs/bookings.md) over the next two weeks, asked once per
 * session length, in the viewer's zone. Asked after the page has hydrated: the page is rendered with
 * its data on the server (decision 297), and a free time is the viewer's, at the moment they look.
 */
import { useEffect, useState } from 'react';
import { ORDER_RULES } from '@shared/limits';
import { isBooked, orderKindOf, sessionMinutes } from '@shared/order-transitions';
import type { OfferDto } from '@shared/schemas/catalogue';
import { freeSlots } from '@/api/experts';
import { formatDateTimeWithZone, localTimeZone } from '@/lib/format-date';

/** How far ahead the profile looks for a free time. */
const LOOK_AHEAD_DAYS = 14;
const DAY_MS = 86_400_000;

/** The first free start (UTC), or `none` within the look-ahead. */
export type NextFree = string | 'none';

/** A service's session length as its order will have it (an hourly call's shortest), or undefined for a delivery. */
function callMinutes(offer: Pick<OfferDto, 'lessonType' | 'pricingType' | 'durationMinutes'>): number | undefined {
  const kind = orderKindOf(offer);
  if (!isBooked({ kind })) return undefined;
  return sessionMinutes({ kind, scheduledHours: ORDER_RULES.minHours, ...(offer.durationMinutes !== undefined && { durationMinutes: offer.durationMinutes }) });
}

/**
 * The next free time of each of `offers`, asked once per session length. Undefined for a delivery,
 * while unknown, when the call failed, and for an expert without hours, who takes a proposal of any time.
 */
export function useNextFreeTimes(expertId: string, offers: readonly OfferDto[]): (offer: OfferDto) => NextFree | undefined {
  // The distinct lengths as one string: the effect asks again only when they change, not at each render's new array.
  const lengths = [...new Set(offers.map(callMinutes).filter((minutes) => minutes !== undefined))].sort((a, b) => a - b).join(',');
  const [found, setFound] = useState<ReadonlyMap<number, NextFree>>(new Map());
  useEffect(() => {
    setFound(new Map());
    if (!lengths) return;
    let current = true;
    const from = new Date();
    const to = new Date(from.getTime() + LOOK_AHEAD_DAYS * DAY_MS);
    for (const minutes of lengths.split(',').map(Number)) {
      freeSlots(expertId, { from: from.toISOString(), to: to.toISOString(), minutes, timeZone: localTimeZone() }).then(
        (answer) => {
          if (current && answer.hasHours) setFound((known) => new Map(known).set(minutes, answer.slots[0] ?? 'none'));
        },
        // Unknown: the service shows no time, and its conversation books as before.
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [expertId, lengths]);
  return (offer) => {
    const minutes = callMinutes(offer);
    return minutes === undefined ? undefined : found.get(minutes);
  };
}

/** "Next free time: Tue, 8 Dec 2026, 09:00 (Europe/Paris)", or that none is free within the look-ahead. */
export function NextFreeTime({ next }: { next: NextFree | undefined }) {
  if (next === undefined) return null;
  return (
    <p className="service-next-free">
      {next === 'none' ? `No free time in the next ${LOOK_AHEAD_DAYS} days` : `Next free time: ${formatDateTimeWithZone(next)}`}
    </p>
  );
}
