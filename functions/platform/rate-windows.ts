/**
 * Counters in fixed windows, in the table: login attempts and every per-account or per-client rate
 * limit. They hold across Lambda instances, and parallel calls each get their own count, so no burst
 * slips past a limit.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { config } from './config';
import type { RateLimit } from '../../shared/limits';
import { rateKey } from './keys';
import { Contention, TooManyRequests } from './errors';
import { db, isConditionFailure, nowSeconds } from './table';

export interface WindowCount {
  count: number;
  /** When the window opened (epoch seconds). */
  firstAt: number;
}

const windowItem: z.ZodMiniType<WindowCount> = z.object({ count: z.number(), firstAt: z.number() });

type Key = { pk: string; sk: string };

const WINDOW_ATTEMPTS = 5;

/**
 * Counts one event in the key's current window, atomically, or opens a new window when the last one
 * has passed; returns the count in the window, this event included. One write counts in an open
 * window and opens a key's first one; only a window that has passed takes a second, which opens the
 * next (most windows are a key's first: a client's first login attempt, a member's first mail).
 */
export async function countInWindow(key: Key, windowSeconds: number): Promise<WindowCount> {
  const now = nowSeconds();
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt++) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: key,
          UpdateExpression: 'ADD #count :one SET firstAt = if_not_exists(firstAt, :now), expiresAt = if_not_exists(expiresAt, :expiresAt)',
          ConditionExpression: 'attribute_not_exists(pk) OR firstAt > :windowStart',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':now': now, ':expiresAt': now + windowSeconds, ':windowStart': now - windowSeconds },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return windowItem.parse(Attributes);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      await db.send(
        new PutCommand({
          TableName: config.tableName,
          Item: { ...key, count: 1, firstAt: now, expiresAt: now + windowSeconds },
          // Only one of several parallel callers opens the next window; the others count in it.
          ConditionExpression: 'attribute_not_exists(pk) OR firstAt <= :windowStart',
          ExpressionAttributeValues: { ':windowStart': now - windowSeconds },
        }),
      );
      return { count: 1, firstAt: now };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Contention(`window ${key.pk}`);
}

/** The key's current window without counting, or undefined when none is open. */
export async function readWindow(key: Key, windowSeconds: number): Promise<WindowCount | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));
  const window = Item && windowItem.parse(Item);
  return window && window.firstAt > nowSeconds() - windowSeconds ? window : undefined;
}

/**
 * Counts one event of `subject` (an account, an address, a client) against a named limit; past its
 * maximum in the window, TooManyRequests with the seconds until the window ends, and the caller
 * changes nothing.
 */
export async function takeFromLimit(name: string, limit: RateLimit, subject: string, message: string): Promise<void> {
  const { count, firstAt } = await countInWindow(rateKey(name, subject), limit.windowSeconds);
  if (count > limit.max) throw new TooManyRequests(message, Math.max(1, firstAt + limit.windowSeconds - nowSeconds()));
}

/** Gives back an event counted against a named limit that did not happen after all (its mail could not be sent). */
export const giveBackToLimit = (name: string, subject: string) => uncount(rateKey(name, subject));

/** Gives back a counted event that did not happen after all. */
export async function uncount(key: Key): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    )
    .catch((error) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Closes the key's window: what it counted no longer counts. */
export async function forgetWindow(key: Key): Promise<void> {
  await db.send(new DeleteCommand({ TableName: config.tableName, Key: key }));
}
