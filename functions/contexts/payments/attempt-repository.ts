/**
 * Which attempt a money move at the provider is on (decision 279): none stored is the first. The
 * next is taken by a conditional update on the one seen, so of two retries after the same server
 * error only one moves on to a new key.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { providerAttemptKey } from '../../platform/keys';
import { conditionalWrite, db } from '../../platform/table';

export async function currentAttempt(operation: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: providerAttemptKey(operation), ConsistentRead: true }));
  return typeof Item?.attempt === 'number' ? Item.attempt : 0;
}

/** Moves the operation from attempt `seen` to the next; false when another retry did first. */
export function claimNextAttempt(operation: string, seen: number, at: string): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: providerAttemptKey(operation),
        UpdateExpression: 'SET attempt = :next, claimedAt = :at',
        ConditionExpression: seen === 0 ? 'attribute_not_exists(attempt)' : 'attempt = :seen',
        ExpressionAttributeValues: { ':next': seen + 1, ':at': at, ...(seen !== 0 && { ':seen': seen }) },
      }),
    ),
  );
}
