/**
 * The notifications function's work on the table's stream: each inserted event is pushed to its
 * recipients' open connections (while a push is still of use), its notice, if any, is mailed, and
 * its admin action, if any, is logged. On a schedule, the summaries of message windows that ended are mailed.
 * Each mail is claimed before it is sent, given back if sending fails and marked sent once it went,
 * so an event retried (a failed push, or a mail parked for the schedule) never mails anyone twice,
 * and a claim whose attempt died lapses rather than keep its mail from going. A failed event is
 * reported alone, to be retried.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { MESSAGE_MAILS, PARKED_MAILS, REALTIME } from '../../../shared/limits';
import { isDataExportNotice, isMessageNotice, isOfferNotice, isWithdrawalNotice, type MessageNotice, type Notice } from '../../../shared/schemas/notices';
import { isMailWanted, MAIL_CATEGORIES } from '../../../shared/schemas/notifications';
import { nowMs } from '../../platform/clock';
import { logger, UNHANDLED_ERROR_MESSAGE } from '../../platform/logger';
import { type NoticeMail, sendMail } from '../../platform/mailer';
import { messageNoticeMail, messageSummaryMail } from '../chats/notice-service';
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
 * Whether its reader wants the mail (decision 186): receipts, security and account notices always;
 * the others as the reader's e-mail preferences say, read with the notice, so a change counts from the next mail.
 */
const isWanted = ({ kind, recipient }: NoticeMail): boolean => MAIL_CATEGORIES[kind] === 'always' || isMailWanted(kind, recipient.preferences);

/** Attempts at opening a window or marking it due: a window that closes in between is opened the next time round. */
const WINDOW_ATTEMPTS = 3;

/**
 * A message's mail (decisions 187 and 219): none while its reader has a socket open (the message
 * reached them live), none when they switched message mails off, and at most one per conversation in
 * MESSAGE_MAILS.windowSeconds. The first message of a window mails at once (its conditional write
 * decides, and the mail counts every message unread by then); a later one puts the window in the
 * due index, whose run at the window's end mails one summary. A retried event finds the window taken.
 * `live`: the recipients the stream's push just reached, when it pushed this event (decision 306);
 * otherwise whether the reader has a socket open is read now.
 */
async function mailNewMessages(notice: MessageNotice, live: ReadonlySet<string> | undefined): Promise<void> {
  const { recipientId, chatId } = notice;
  if (live ? live.has(recipientId) : await isOnline(recipientId)) return;
  const found = await messageNoticeMail(notice);
  if (!found || !isWanted(found)) return;
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt++) {
    const window = await repo.openMessageMailWindow(recipientId, chatId, found.told, MESSAGE_MAILS.windowSeconds);
    if (window) {
      try {
        await sendMail(found.mail, found.kind);
      } catch (error) {
        await repo.closeMessageMailWindow(window);
        throw error;
      }
      return;
    }
    if (await repo.dueSummaryAtWindowEnd(recipientId, chatId, MESSAGE_MAILS.windowSeconds)) return;
  }
}

/**
 * A due window's summary, if its reader still has no socket open, still wants message mails and
 * has unread messages that came after its mail: the summary starts the next window (a conditional
 * write on the due one, so two runs mail once) and is given back if it cannot be sent. Otherwise
 * the window leaves the due index. Answers whether it mailed.
 */
async function mailSummary(due: repo.MessageMailWindow): Promise<boolean> {
  const found = (await isOnline(due.userId)) ? undefined : await messageSummaryMail(due.userId, due.chatId, due.mailed);
  if (!found || !isWanted(found)) {
    await repo.settleSummary(due);
    return false;
  }
  const started = await repo.startWindowWithSummary(due, found.told, MESSAGE_MAILS.windowSeconds);
  if (!started) return false;
  try {
    await sendMail(found.mail, found.kind);
  } catch (error) {
    await repo.restoreDueWindow(due, started, MESSAGE_MAILS.windowSeconds);
    throw error;
  }
  return true;
}

/** Windows handled per read of the due index, and reads per run: the next run takes the rest. */
const SUMMARY_BATCH = 100;
const SUMMARY_ROUNDS = 10;

/** The schedule's run: mails the summaries of every window that ended. A failure of one never stops the others. */
export async function mailDueSummaries(): Promise<{ mailed: number; settled: number; failed: number }> {
  const result = { mailed: 0, settled: 0, failed: 0 };
  for (let round = 0; round < SUMMARY_ROUNDS; round++) {
    const due = await repo.dueSummaryWindows(SUMMARY_BATCH);
    for (const window of due) {
      try {
        if (await mailSummary(window)) result.mailed++;
        else result.settled++;
      } catch (error) {
        result.failed++;
        logger.error('Message summary failed; retried on the next run', { error: error as Error, userId: window.userId, chatId: window.chatId });
      }
    }
    if (due.length < SUMMARY_BATCH) break;
  }
  return result;
}

/**
 * Sends the mails of a notice that no attempt sent before (decision 291). True once each is sent;
 * false while another attempt holds one, which sends it or, failing that, leaves it to the end of its lease.
 */
async function mailNotice(eventId: string, notice: Notice, live: ReadonlySet<string> | undefined): Promise<boolean> {
  if (isMessageNotice(notice)) {
    await mailNewMessages(notice, live);
    return true;
  }
  const mails = isWithdrawalNotice(notice)
    ? await withdrawalNoticeMails(notice)
    : isOfferNotice(notice)
      ? await offerNoticeMails(notice)
      : isDataExportNotice(notice)
        ? await dataExportNoticeMails(notice)
        : await noticeMails(notice);
  let settled = true;
  for (const { key, kind, mail } of mails.filter(isWanted)) {
    const claim = repo.newMailClaim(eventId, key);
    let outcome: repo.ClaimOutcome;
    try {
      outcome = await repo.claimMail(claim);
      if (outcome === 'claimed') await sendMail(mail, kind);
    } catch (error) {
      // A claim whose every answer was lost may be held all the same: given back if it is this attempt's.
      await repo.releaseMail(claim);
      throw error;
    }
    if (outcome === 'claimed') await markSent(claim);
    if (outcome === 'sending') settled = false;
  }
  return settled;
}

/** The mail went: a mark that cannot be written is logged, not thrown, as a retry after the claim's lease would send it again. */
async function markSent(claim: repo.MailClaim): Promise<void> {
  try {
    await repo.markMailSent(claim);
  } catch (error) {
    logger.error('Mail sent but not marked sent', { error: error as Error, eventId: claim.eventId, mailKey: claim.mailKey });
  }
}

/**
 * Mails a notice; when that fails (the mail service is out, most often), or another attempt holds
 * one of its mails, parks it for the schedule rather than failing the stream's record, whose
 * retries come within seconds and would hold up the pushes behind it. True once every mail of the
 * notice is sent; false when parked.
 */
async function mailOrPark(eventId: string, notice: Notice, tries: number, live?: ReadonlySet<string>): Promise<boolean> {
  let failure: Error | undefined;
  try {
    if (await mailNotice(eventId, notice, live)) return true;
  } catch (error) {
    failure = error as Error;
  }
  const delayMinutes = tries === 1 ? PARKED_MAILS.firstDelayMinutes : Math.min(PARKED_MAILS.backOffMinutes * 2 ** (tries - 2), PARKED_MAILS.maxDelayMinutes);
  await repo.parkMail({ eventId, notice, tries, dueAt: new Date(nowMs() + delayMinutes * 60_000).toISOString() });
  if (failure) logger.warn('Mail not sent; parked for the schedule', { eventId, tries, error: failure });
  else logger.info('A mail of the notice is held by another attempt; parked until it is sent or its claim lapses', { eventId, tries });
  return false;
}

/** The parked notices due by now, each mailed (then forgotten) or parked again: part of the schedule's run. */
export async function mailParkedNotices(): Promise<{ mailed: number; parked: number; failed: number }> {
  const result = { mailed: 0, parked: 0, failed: 0 };
  for (const parked of await repo.dueParkedMails(SUMMARY_BATCH)) {
    try {
      if (await mailOrPark(parked.eventId, parked.notice, parked.tries + 1)) {
        await repo.unparkMail(parked);
        result.mailed++;
      } else result.parked++;
    } catch (error) {
      result.failed++;
      logger.error('Parked mail neither sent nor parked again; retried on the next run', { error: error as Error, eventId: parked.eventId });
    }
  }
  return result;
}

/**
 * Pushes and mails the events the stream's records inserted; answers the sequence numbers of the
 * records that failed. Every push of the batch goes first, all at once: a mail takes far longer
 * than a push, and no one's live page waits for another's mail or push.
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
  const attempt = async (id: string, eventId: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, eventId });
      failed.add(id);
    }
  };
  // Side by side: a push that waits for its answer holds up no other event's (decision 282).
  const live = new Map<string, ReadonlySet<string>>();
  await Promise.all(
    events
      .filter(({ record }) => isFresh(record, now))
      .map(({ id, event }) =>
        attempt(id, event.eventId, async () => {
          const reached = await pushStreamedEvent(event);
          if (reached) live.set(event.eventId, reached);
        }),
      ),
  );
  for (const { id, event } of events) {
    const { notice } = event;
    if (notice) await attempt(id, event.eventId, () => mailOrPark(event.eventId, notice, 1, live.get(event.eventId)));
    // The audit trail in the log, kept as long as the log groups (a year).
    if (event.audit) logger.info('Admin action', { audit: event.audit });
  }
  return [...failed];
}
