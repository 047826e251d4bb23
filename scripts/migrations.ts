/**
 * What `npm run migrate` does (scripts/migrate.ts), in order, each line what it did: brings the
 * stored member accounts to the item shapes of this version, as `npm start` does locally before its
 * seed: the index keys a newer version added (the members index, the activity index) and the admin's
 * search entries (decision 206); once, the reservations of bookings made before them
 * (docs/bookings.md), listing those of one person that overlap and mailing that person; once, the
 * deadline of calls sent back for revision before calls stopped being delivered (decision 250);
 * once, the ratings, each student counted once (decision 272); and once, each expert's free
 * completed orders. Idempotent: a second run finds nothing to do. The modules of functions/ read
 * their configuration from the environment at load: the caller sets it before the first call.
 */
import { describeBackfill } from './describe-backfill';

export async function runMigrations(): Promise<string[]> {
  const lines: string[] = [];
  const { completeMemberIndexKeys } = await import('../functions/contexts/accounts/index-keys-backfill');
  const completed = await completeMemberIndexKeys();
  lines.push(completed === 0 ? 'Every member account is up to date.' : `Brought ${completed} member ${completed === 1 ? 'account' : 'accounts'} up to date.`);

  const { reserveExistingBookings } = await import('../functions/contexts/orders/booking-backfill');
  lines.push(describeBackfill(await reserveExistingBookings()));

  const { dateMissingDeadlines } = await import('../functions/contexts/orders/deadline-backfill');
  const dated = await dateMissingDeadlines();
  lines.push(
    dated === undefined
      ? 'Deadlines were dated before.'
      : `Dated the deadline of ${dated} ${dated === 1 ? 'order' : 'orders'} sent back for revision in flight.`,
  );

  const { recountRatings } = await import('../functions/contexts/catalogue/rating-recount');
  const recounted = await recountRatings();
  lines.push(
    recounted === undefined
      ? 'Ratings were recounted before.'
      : `Recounted the ratings of ${recounted} ${recounted === 1 ? 'expert' : 'experts'}: each student counts once.`,
  );

  // Each expert's free completed orders (a free introduction, an order at €0), counted apart from
  // the paid ones since their figures show them apart, recounted from their orders.
  const { recountFreeOrders } = await import('../functions/contexts/orders/free-orders-recount');
  const freeRecounted = await recountFreeOrders();
  lines.push(
    freeRecounted === undefined
      ? 'Free orders were recounted before.'
      : `Recounted the free orders of ${freeRecounted} ${freeRecounted === 1 ? 'expert' : 'experts'}.`,
  );
  return lines;
}
