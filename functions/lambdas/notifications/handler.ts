/**
 * The notifications function, fed by the table's stream (inserts of EVENT# items only, filtered
 * by the event source mapping): each event is pushed to every open connection of its recipients,
 * whatever the write path's own push already delivered (clients keep the first of an event id),
 * and its notice is mailed. A failed event is reported alone (partial batch response) so that only
 * it is retried.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { notifyStreamedEvents } from '../../contexts/notifications/service';

export async function handler(stream: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const failed = await notifyStreamedEvents(stream.Records);
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
