import type { BackfillResult } from '../functions/contexts/orders/booking-backfill';

/** What the bookings' one-time migration did, for `npm run migrate` and `npm start` to print. */
export function describeBackfill({ ran, reserved, overlaps, mailed }: BackfillResult): string {
  if (!ran) return 'Existing bookings were reserved before.';
  const lines = [`Reserved the time of ${reserved} existing ${reserved === 1 ? 'booking' : 'bookings'}.`];
  for (const { userId, orderIds } of overlaps) lines.push(`Overlapping bookings kept, one to be moved: orders ${orderIds.join(' and ')} of ${userId}.`);
  if (overlaps.length > 0) lines.push(`Mailed ${mailed} of ${overlaps.length} to move one.`);
  return lines.join('\n');
}
