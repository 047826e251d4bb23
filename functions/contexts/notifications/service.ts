/**
 * The notifications function's work on the table's stream: each inserted event is pushed to its
 * recipients' open connections (while a push is still of use), its notice, if any, is mailed, and
 * its admin action, if any, is logged.
 * Each mail is claimed before it is sent and given back if sending fails, so an event retried
 * (a failed push or mail) never mails anyone twice. A failed event is reported alone, to be retried.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { MESSAGE_MAILS, REALTIME } from '../../../shared/limits';
import { isDataExportNotice, isMessageNotice, isOfferNotice, isWithdrawalNotice, type MessageNotice, type Notice } from '../../../shared/schemas/notices';
import { isMailWanted, MAIL_CATEGORIES } from '../../../shared/schemas/notifications';
import { logger, UNHANDLED_ERROR_MESSAGE } from '../../platform/logger';
import { type NoticeMail, sendMail } from '../../platform/mailer';
import { notificationPreferencesOf } from '../accounts/account';
import * as accounts from '../accounts/service';
import { messageNoticeMail } from '../chats/notice-service';
import { offerNoticeMails } from '../catalogue/notice-service';
import { withdrawalNoticeMails } from '../earnings/notice-service';
import { noticeMails } from '../orders/notice-service';
import { dataExportNoticeMails } from '../privacy/notice-service';
import { type EventRecord, eventOfStreamRecord, isOnline, pushStreamedEvent } from '../realtime/service';
import * as repo from './repository';

/** Whether a push of this record still reaches someone who needs it (a client reconnecting fetches what it missed). */
function isFresh(record: DynamoDBRecord, nowSeconds: number): boolean {
  const createdAt = record.dynamodb?.ApproximateCreationDateTime;
  return createdAt === undefined || nowSeconds - createdAt <= REALTIME.pushMaxAgeSeconds;
}

/**
 * The mails their readers want (decision 186): receipts, security and account notices always; the
 * others as each reader's e-mail preferences say, read now, so a change counts from the next mail.
 */
async function wantedMails(mails: NoticeMail[]): Promise<NoticeMail[]> {
  const switchable = mails.filter(({ kind }) => MAIL_CATEGORIES[kind] !== 'always');
  if (switchable.length === 0) return mails;
  const readers = await accounts.getAccounts([...new Set(switchable.map(({ recipientId }) => recipientId))]);
  return mails.filter(({ kind, recipientId }) => {
    const reader = readers.get(recipientId);
    return MAIL_CATEGORIES[kind] === 'always' || (reader !== undefined && isMailWanted(kind, notificationPreferencesOf(reader)));
  });
}

/**
 * A message's mail (decision 187): none while its reader has a socket open (the message reached
 * them live), none when they switched message mails off, and at most one per conversation in
 * MESSAGE_MAILS.windowSeconds: the window's conditional write decides, and its mail counts every
 * message unread by then. A retried event finds the window taken: no second mail.
 */
async function mailNewMessages(notice: MessageNotice): Promise<void> {
  if (await isOnline(notice.recipientId)) return;
  const found = await messageNoticeMail(notice);
  if (!found || (await wantedMails([found])).length === 0) return;
  const openedAt = await repo.openMessageMailWindow(notice.recipientId, notice.chatId, MESSAGE_MAILS.windowSeconds);
  if (openedAt === undefined) return;
  try {
    await sendMail(found.mail);
  } catch (error) {
    await repo.closeMessageMailWindow(notice.recipientId, notice.chatId, openedAt);
    throw error;
  }
}

/** Sends the mails of a notice that were not sent for this event before. */
async function mailNotice(eventId: string, notice: Notice): Promise<void> {
  if (isMessageNotice(notice)) return mailNewMessages(notice);
  const mails = isWithdrawalNotice(notice)
    ? await withdrawalNoticeMails(notice)
    : isOfferNotice(notice)
      ? await offerNoticeMails(notice)
      : isDataExportNotice(notice)
        ? await dataExportNoticeMails(notice)
        : await noticeMails(notice);
  for (const { key, mail } of await wantedMails(mails)) {
    if (!(await repo.claimMail(eventId, key))) continue;
    try {
      await sendMail(mail);
    } catch (error) {
      await repo.releaseMail(eventId, key);
      throw error;
    }
  }
}

/**
 * Pushes and mails the events the stream's records inserted; answers the sequence numbers of the
 * records that failed. Every push of the batch goes first: a mail takes far longer than a push,
 * and no one's live page waits for another's mail.
 */
export async function notifyStreamedEvents(records: DynamoDBRecord[]): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const events: { id: string; record: DynamoDBRecord; event: EventRecord }[] = [];
  for (const record of records) {
    const id = record.dynamodb?.SequenceNumber ?? '';
    try {
      const event = eventOfStreamRecord(record);
      if (event) events.push({ id, record, event });
    } catch (error) {
      // Retrying would not make it readable.
      logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, sequenceNumber: id, skipped: true });
    }
  }
  const failed = new Set<string>();
  const attempt = async (id: string, eventId: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, eventId });
      failed.add(id);
    }
  };
  for (const { id, record, event } of events) if (isFresh(record, now)) await attempt(id, event.eventId, () => pushStreamedEvent(event));
  for (const { id, event } of events) {
    const { notice } = event;
    if (notice) await attempt(id, event.eventId, () => mailNotice(event.eventId, notice));
    // The audit trail in the log, kept as long as the log groups (a year).
    if (event.audit) logger.info('Admin action', { audit: event.audit });
  }
  return [...failed];
}
