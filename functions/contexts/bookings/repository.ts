/** DynamoDB access of bookings: availability, calendars and their versions. Keys come from platform/keys.ts only. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { type Availability, availabilitySchema } from '../../../shared/schemas/bookings';
import { config } from '../../platform/config';
import {
  availabilityKey,
  availabilityPartition,
  BUSY_CALENDARS_TO_READ,
  busyCalendarKey,
  calendarBookingBound,
  calendarBookingKey,
  calendarFeedKey,
  calendarVersionKey,
  feedTokenKey,
  GSI2,
} from '../../platform/keys';
import { conditionalWrite, db, type TransactWrite, transact } from '../../platform/table';
import { type BookingRecord, fromBookingItem, toBookingItem } from './booking';
import { type BusySource, fromBusySourceItem, toBusySourceItem } from './busy-source';

export async function getAvailability(expertId: string): Promise<Availability | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: availabilityKey(expertId) }));
  return Item && availabilitySchema.parse(Item.availability);
}

export async function putAvailability(expertId: string, availability: Availability, at: string): Promise<void> {
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...availabilityKey(expertId), availability, updatedAt: at } }));
}

/** What decides an expert's free slots but their bookings: their hours and their calendar's busy times, in one Query. */
export async function getSchedule(expertId: string): Promise<{ availability?: Availability; busySource?: BusySource }> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': availabilityPartition(expertId).pk },
    }),
  );
  const availabilityItem = Items.find((item) => item.sk === availabilityKey(expertId).sk);
  const busyItem = Items.find((item) => item.sk === busyCalendarKey(expertId).sk);
  return {
    ...(availabilityItem && { availability: availabilitySchema.parse(availabilityItem.availability) }),
    ...(busyItem && { busySource: fromBusySourceItem(busyItem) }),
  };
}

export async function getBusySource(expertId: string): Promise<BusySource | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: busyCalendarKey(expertId), ConsistentRead: true }));
  return Item && fromBusySourceItem(Item);
}

export async function putBusySource(source: BusySource): Promise<void> {
  await db.send(new PutCommand({ TableName: config.tableName, Item: toBusySourceItem(source) }));
}

/**
 * Records a scheduled read, on the condition that the calendar still has the address that was read:
 * a read that ends after the expert changed or removed it writes nothing. False then.
 */
export function recordBusyRead(source: BusySource): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: toBusySourceItem(source),
        ConditionExpression: 'address = :address',
        ExpressionAttributeValues: { ':address': source.address },
      }),
    ),
  );
}

export async function deleteBusySource(expertId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: config.tableName, Key: busyCalendarKey(expertId) }));
}

/** A deleted member's settings: their hours, their calendar's address and busy times, their feed and its address. */
export async function deleteSettingsOf(userId: string): Promise<void> {
  const feed = await getFeed(userId);
  const keys = [availabilityKey(userId), busyCalendarKey(userId), calendarFeedKey(userId), ...(feed ? [feedTokenKey(feed.tokenHash)] : [])];
  await Promise.all(keys.map((Key) => db.send(new DeleteCommand({ TableName: config.tableName, Key }))));
}

/** Every expert with a calendar to read, a page at a time (the index holds the whole item). */
export async function* busySourcesToRead(): AsyncGenerator<BusySource[]> {
  let next: Record<string, unknown> | undefined;
  do {
    const answer = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: GSI2,
        KeyConditionExpression: 'gsi2pk = :list',
        ExpressionAttributeValues: { ':list': BUSY_CALENDARS_TO_READ },
        ExclusiveStartKey: next,
      }),
    );
    yield (answer.Items ?? []).map(fromBusySourceItem);
    next = answer.LastEvaluatedKey;
  } while (next);
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
