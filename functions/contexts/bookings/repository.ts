/** DynamoDB access of bookings: availability, calendars and their versions. Keys come from platform/keys.ts only. */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { type Availability, availabilitySchema } from '../../../shared/schemas/bookings';
import { config } from '../../platform/config';
import { availabilityKey, calendarBookingBound, calendarBookingKey, calendarFeedKey, calendarVersionKey, feedTokenKey } from '../../platform/keys';
import { conditionalWrite, db, type TransactWrite, transact } from '../../platform/table';
import { type BookingRecord, fromBookingItem, toBookingItem } from './booking';

export async function getAvailability(expertId: string): Promise<Availability | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: availabilityKey(expertId) }));
  return Item && availabilitySchema.parse(Item.availability);
}

export async function putAvailability(expertId: string, availability: Availability, at: string): Promise<void> {
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...availabilityKey(expertId), availability, updatedAt: at } }));
}

/** A person's calendar as read for a decision: its version first, then the bookings that start in the range. */
export interface CalendarRead {
  userId: string;
  version: number;
  bookings: BookingRecord[];
}

const versionItem = z.object({ version: z.number() });

/**
 * The version is read before the bookings, both strongly consistent: a reservation that lands in
 * between raises the version, so a decision on bookings read without it cannot commit.
 */
export async function readCalendar(userId: string, from: string, to: string): Promise<CalendarRead> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: calendarVersionKey(userId), ConsistentRead: true }));
  const version = Item ? versionItem.parse(Item).version : 0;
  return { userId, version, bookings: await bookingsBetween(userId, from, to, { consistent: true }) };
}

/** The bookings of a person that start from `from` to `to` (ISO instants), in order. */
export async function bookingsBetween(userId: string, from: string, to: string, options: { consistent?: boolean } = {}): Promise<BookingRecord[]> {
  const bookings: BookingRecord[] = [];
  let next: Record<string, unknown> | undefined;
  do {
    const answer = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': calendarBookingBound(userId, from).pk,
          ':from': calendarBookingBound(userId, from).sk,
          ':to': calendarBookingBound(userId, `${to}~`).sk,
        },
        ConsistentRead: options.consistent,
        ExclusiveStartKey: next,
      }),
    );
    bookings.push(...(answer.Items ?? []).map(fromBookingItem));
    next = answer.LastEvaluatedKey;
  } while (next);
  return bookings;
}

/** The writes that reserve a booking in a calendar read at `version`: the booking, and the version raised under its condition. */
export function reservationWrites(calendar: Pick<CalendarRead, 'userId' | 'version'>, booking: BookingRecord): TransactWrite[] {
  return [
    { Put: { TableName: config.tableName, Item: toBookingItem(booking) } },
    {
      Update: {
        TableName: config.tableName,
        Key: calendarVersionKey(calendar.userId),
        UpdateExpression: 'SET #version = :next',
        ConditionExpression: calendar.version === 0 ? 'attribute_not_exists(pk)' : '#version = :seen',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':next': calendar.version + 1, ...(calendar.version !== 0 && { ':seen': calendar.version }) },
      },
    },
  ];
}

/** The write that frees a booking's time. Freeing never makes a clash, so it needs no version. */
export const releaseWrite = (userId: string, start: string, orderId: string): TransactWrite => ({
  Delete: { TableName: config.tableName, Key: calendarBookingKey(userId, start, orderId) },
});

/** Whether a person's calendar holds this booking. */
export async function hasBooking(userId: string, start: string, orderId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: calendarBookingKey(userId, start, orderId), ConsistentRead: true }));
  return Item !== undefined;
}

/**
 * The writes of a reservation made without a decision (a migration's, of a booking that was already
 * binding): the booking, and the version raised whatever it was, so that a decision read before it
 * cannot commit.
 */
export function unconditionalReservationWrites(booking: BookingRecord): TransactWrite[] {
  return [
    { Put: { TableName: config.tableName, Item: toBookingItem(booking) } },
    {
      Update: {
        TableName: config.tableName,
        Key: calendarVersionKey(booking.userId),
        UpdateExpression: 'ADD #version :one',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ];
}

/** A member's calendar feed: its token's hash and when it was made; undefined when they have none. */
export interface FeedRecord {
  userId: string;
  tokenHash: string;
  createdAt: string;
}

const feedItem = z.object({ userId: z.string(), tokenHash: z.string(), createdAt: z.string() });

export async function getFeed(userId: string): Promise<FeedRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: calendarFeedKey(userId), ConsistentRead: true }));
  return Item && feedItem.parse(Item);
}

/** Whose feed a token's hash opens, if any. */
export async function feedOwner(tokenHash: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: feedTokenKey(tokenHash) }));
  return Item && feedItem.parse(Item).userId;
}

/**
 * Makes `feed` the member's one feed, conditional on the one read (`replaced`): the old token's entry
 * goes in the same transaction, so the old address stops working as the new one starts. False
 * when another renewal came first.
 */
export async function replaceFeed(feed: FeedRecord, replaced: FeedRecord | undefined): Promise<boolean> {
  const writes: TransactWrite[] = [
    {
      Put: {
        TableName: config.tableName,
        Item: { ...calendarFeedKey(feed.userId), ...feed },
        ConditionExpression: replaced ? 'tokenHash = :seen' : 'attribute_not_exists(pk)',
        ...(replaced && { ExpressionAttributeValues: { ':seen': replaced.tokenHash } }),
      },
    },
    { Put: { TableName: config.tableName, Item: { ...feedTokenKey(feed.tokenHash), ...feed } } },
    ...(replaced ? [{ Delete: { TableName: config.tableName, Key: feedTokenKey(replaced.tokenHash) } }] : []),
  ];
  return conditionalWrite(transact({ TransactItems: writes }));
}
