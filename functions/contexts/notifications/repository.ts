/** The mails sent per event: a claim item per mail, kept a little longer than the stream retries an event. */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { mailSentKey, messageMailWindowKey } from '../../platform/keys';
import { db, isConditionFailure, nowSeconds } from '../../platform/table';

/** Two days: the stream keeps a record for one, and retries it within that. */
const CLAIM_SECONDS = 2 * 24 * 60 * 60;

/** Claims a mail of an event; false when it was claimed (sent, or being sent) before. */
export async function claimMail(eventId: string, mailKey: string): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...mailSentKey(eventId, mailKey), expiresAt: nowSeconds() + CLAIM_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives a claim back when its mail could not be sent, so that the event's retry sends it. */
export async function releaseMail(eventId: string, mailKey: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: config.tableName, Key: mailSentKey(eventId, mailKey) }));
}

/**
 * Opens the reader's window of message mails for a conversation: answers when it opened, or
 * undefined while the previous window is still open (its mail covers this message too). The
 * condition reads the stored time, so a window outlived by its item (TTL deletes late) opens anew.
 */
export async function openMessageMailWindow(userId: string, chatId: string, windowSeconds: number): Promise<number | undefined> {
  const openedAt = nowSeconds();
  try {
    await db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...messageMailWindowKey(userId, chatId), openedAt, expiresAt: openedAt + windowSeconds },
        ConditionExpression: 'attribute_not_exists(pk) OR openedAt <= :closed',
        ExpressionAttributeValues: { ':closed': openedAt - windowSeconds },
      }),
    );
    return openedAt;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Gives the window back when its mail could not be sent, so that the event's retry mails; a newer window stays. */
export async function closeMessageMailWindow(userId: string, chatId: string, openedAt: number): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: messageMailWindowKey(userId, chatId),
        ConditionExpression: 'openedAt = :openedAt',
        ExpressionAttributeValues: { ':openedAt': openedAt },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
