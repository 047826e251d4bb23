/**
 * Bookings made before reservations (issue 25, decision 245) hold their time in no calendar, so a
 * new booking could take it. `npm start` (local state) and `npm run migrate` (a stage, after its
 * deploy) reserve them once: every order is read once, each that holds a booked time gets its two
 * calendar entries, and a marker records that it ran. Two such bookings of one person that overlap
 * are both kept, as agreed then: the run lists them, and mails that person to move one
 * (docs/bookings.md).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '../../platform/clock';
import { config } from '../../platform/config';
import { migrationKey } from '../../platform/keys';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import { db, transact } from '../../platform/table';
import * as accounts from '../accounts/service';
import * as bookings from '../bookings/service';
import { overlapMail, partyOf } from './mails';
import { bookedTime } from './move';
import type { OrderRecord } from './order';
import * as repo from './repository';

const MIGRATION = 'bookings-reserved';

export interface Overlap {
  userId: string;
  orderIds: [string, string];
}

export interface BackfillResult {
  /** Whether it ran now (false: it had run before). */
  ran: boolean;
  reserved: number;
  overlaps: Overlap[];
  /** Overlaps whose person was mailed to move one. */
  mailed: number;
}

/** Pairs of one person's booked times that overlap, each once. */
function overlapsOf(times: bookings.BookedTime[]): Overlap[] {
  const byPerson = new Map<string, bookings.BookedTime[]>();
  for (const time of times) for (const userId of [time.expertId, time.studentId]) byPerson.set(userId, [...(byPerson.get(userId) ?? []), time]);
  const overlaps: Overlap[] = [];
  for (const [userId, held] of byPerson) {
    // By start, then by order: the same pairs in the same order on every run.
    const sorted = [...held].sort((a, b) => a.start.localeCompare(b.start) || a.orderId.localeCompare(b.orderId));
    sorted.forEach((time, index) => {
      for (const later of sorted.slice(index + 1)) {
        if (later.start >= time.end) break;
        overlaps.push({ userId, orderIds: [time.orderId, later.orderId] });
      }
    });
  }
  return overlaps;
}

export async function reserveExistingBookings(): Promise<BackfillResult> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: migrationKey(MIGRATION), ConsistentRead: true }));
  if (Item) return { ran: false, reserved: 0, overlaps: [], mailed: 0 };
  const times: bookings.BookedTime[] = [];
  const orders = new Map<string, OrderRecord>();
  let reserved = 0;
  for await (const order of repo.allOrders()) {
    const time = bookedTime(order);
    if (!time) continue;
    times.push(time);
    orders.set(order.orderId, order);
    const writes = await bookings.reservationOfExisting(time);
    if (writes.length === 0) continue;
    await transact({ TransactItems: writes });
    reserved++;
  }
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...migrationKey(MIGRATION), at: nowIso(), reserved } }));
  const overlaps = overlapsOf(times);
  return { ran: true, reserved, overlaps, mailed: await mailOverlaps(overlaps, orders) };
}

/** Each overlap's person is asked, once, to move one of the two; a mail that fails is in the run's list all the same. */
async function mailOverlaps(overlaps: readonly Overlap[], orders: ReadonlyMap<string, OrderRecord>): Promise<number> {
  const people = await accounts.getAccounts([...new Set(overlaps.map((overlap) => overlap.userId))]);
  let mailed = 0;
  for (const { userId, orderIds } of overlaps) {
    const person = people.get(userId);
    const [first, second] = orderIds.map((orderId) => orders.get(orderId));
    if (!person || person.isDeleted || !first || !second) continue;
    try {
      await sendMail(overlapMail(partyOf(person), [first, second]));
      mailed++;
    } catch (error) {
      logger.error('An overlap mail was not sent', error as Error);
    }
  }
  return mailed;
}
