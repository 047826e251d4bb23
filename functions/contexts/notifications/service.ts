/**
 * The notifications function's work on the table's stream: each inserted event is pushed to its
 * recipients' open connections (while a push is still of use) and its notice, if any, is mailed.
 * Each mail is claimed before it is sent and given back if sending fails, so an event retried
 * (a failed push or mail) never mails anyone twice. A failed event is reported alone, to be retried.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { REALTIME } from '../../../shared/limits';
import { isWithdrawalNotice, type Notice } from '../../../shared/schemas/notices';
import { logger, UNHANDLED_ERROR_MESSAGE } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import { withdrawalNoticeMails } from '../earnings/notice-service';
import { noticeMails } from '../orders/notice-service';
import { type EventRecord, eventOfStreamRecord, pushStreamedEvent } from '../realtime/service';
import * as repo from './repository';

/** Whether a push of this record still reaches someone who needs it (a client reconnecting fetches what it missed). */
function isFresh(record: DynamoDBRecord, nowSeconds: number): boolean {
  const createdAt = record.dynamodb?.ApproximateCreationDateTime;
  return createdAt === undefined || nowSeconds - createdAt <= REALTIME.pushMaxAgeSeconds;
}

/** Sends the mails of a notice that were not sent for this event before. */
async function mailNotice(eventId: string, notice: Notice): Promise<void> {
  const mails = isWithdrawalNotice(notice) ? await withdrawalNoticeMails(notice) : await noticeMails(notice);
  for (const { key, mail } of mails) {
    if (!(await repo.claimMail(eventId, key))) continue;
    try {
      await sendMail(mail);
    } catch (error) {
      await repo.releaseMail(eventId, key);
      throw error;
    }
  }
}

/** Pushes and mails the events the stream's records inserted; answers the sequence numbers of the records that failed. */
export async function notifyStreamedEvents(records: DynamoDBRecord[]): Promise<string[]> {
  const failed: string[] = [];
  const now = Math.floor(Date.now() / 1000);
  for (const record of records) {
    const id = record.dynamodb?.SequenceNumber ?? '';
    let event: EventRecord | undefined;
    try {
      event = eventOfStreamRecord(record);
    } catch (error) {
      // Retrying would not make it readable.
      logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, sequenceNumber: id, skipped: true });
      continue;
    }
    if (!event) continue;
    try {
      if (isFresh(record, now)) await pushStreamedEvent(event);
      if (event.notice) await mailNotice(event.eventId, event.notice);
    } catch (error) {
      logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, eventId: event.eventId });
      failed.push(id);
    }
  }
  return failed;
}
