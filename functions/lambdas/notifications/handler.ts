/**
 * The notifications function, fed by the table's stream (inserts of EVENT# items only, filtered
 * by the event source mapping): each event is pushed to every open connection of its recipients.
 * A failed event is reported alone (partial batch response) so that only it is retried.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { EVENT_PREFIX } from '../../platform/keys';
import { logger, UNHANDLED_ERROR_MESSAGE } from '../../platform/logger';
import { fromEventItem } from '../../contexts/realtime/events';
import { pushToUser } from '../../contexts/realtime/connections';

export async function handler(stream: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of stream.Records) {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== 'INSERT' || !image || !String(image.pk?.S).startsWith(EVENT_PREFIX)) continue;
    const { eventId, recipients, event } = fromEventItem(unmarshall(image as Record<string, AttributeValue>));
    try {
      await Promise.all(recipients.map((userId) => pushToUser(userId, event)));
    } catch (error) {
      logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, eventId });
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
    }
  }
  return { batchItemFailures: failures };
}
