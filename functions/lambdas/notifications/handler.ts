/**
 * The notifications function, fed by the table's stream (inserts of EVENT# items only, filtered
 * by the event source mapping): each event is pushed to every open connection of its recipients,
 * whatever the write path's own push already delivered (clients keep the first of an event id),
 * and its notice is mailed. A failed event is reported alone (partial batch response) so that only
 * it is retried. Its schedule (an EventBridge rule) mails the summaries of message windows that
 * ended, and the notices whose mails failed before (decision 284).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { mailDueSummaries, mailParkedNotices, notifyStreamedEvents } from '../../contexts/notifications/service';

const isScheduled = (event: unknown): boolean => (event as { source?: unknown }).source === 'aws.events';

type SummariesRun = { summaries: Awaited<ReturnType<typeof mailDueSummaries>>; parked: Awaited<ReturnType<typeof mailParkedNotices>> };

export function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse>;
export function handler(event: ScheduledEvent): Promise<SummariesRun>;
export async function handler(event: DynamoDBStreamEvent | ScheduledEvent): Promise<DynamoDBBatchResponse | SummariesRun> {
  if (isScheduled(event)) return { summaries: await mailDueSummaries(), parked: await mailParkedNotices() };
  const failed = await notifyStreamedEvents((event as DynamoDBStreamEvent).Records);
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
