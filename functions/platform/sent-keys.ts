/**
 * What a request sent with an Idempotency-Key made, kept a day (decisions 286 and 308). The key's
 * record is put in the transaction that makes the thing, on the condition that it is new: the same
 * key again makes nothing, and finds what the first request made. A key is its sender's and its
 * scope's (a conversation, the withdrawals, the offers): nobody else's request can collide with it.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { sentRequestKey } from './keys';
import { db, nowSeconds, type TransactWrite } from './table';

/** A day: far longer than a client retries a request whose answer it did not get. */
const SENT_KEY_SECONDS = 24 * 60 * 60;

/** The record that the sender's key made `made` (the ids of what it made), for a request's transaction. */
export const sentKeyPut = (senderId: string, scope: string, key: string, made: Record<string, string>): TransactWrite => ({
  Put: {
    TableName: config.tableName,
    Item: { ...sentRequestKey(senderId, scope, key), ...made, expiresAt: nowSeconds() + SENT_KEY_SECONDS },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The id named `name` that the sender's key made in that scope, if it made one. */
export async function madeWithKey(senderId: string, scope: string, key: string, name: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: sentRequestKey(senderId, scope, key), ConsistentRead: true }));
  return typeof Item?.[name] === 'string' ? Item[name] : undefined;
}
