/**
 * The mails sent per event: a claim item per mail, kept a little longer than the stream retries an
 * event; the notices whose mails the mail service failed to take, parked for the schedule; and each
 * reader's windows of message mails per conversation, with their summaries due.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from 'zod/mini';
import { nowIso, nowMs } from '../../platform/clock';
import { config } from '../../platform/config';
import { PARKED_MAILS } from '../../../shared/limits';
import { type Notice, noticeSchema } from '../../../shared/schemas/notices';
import {
  GSI2,
  MESSAGE_SUMMARIES_DUE,
  mailSentKey,
  messageMailWindowKey,
  messageSummaryDueIndex,
  PARKED_MAILS_DUE,
  parkedMailDueIndex,
  parkedMailKey,
} from '../../platform/keys';
import { conditionalWrite, db, isConditionFailure, nowSeconds } from '../../platform/table';

/** Two days: the stream keeps a record for one, and retries it within that. */
const CLAIM_SECONDS = 2 * 24 * 60 * 60;

/**
 * One attempt's claim on a mail of an event (decision 291). Its id tells the attempt's own claim
 * from another's: a claim whose put committed though every answer to it was lost is still given back.
 */
export interface MailClaim {
  eventId: string;
  mailKey: string;
  claimId: string;
}

export const newMailClaim = (eventId: string, mailKey: string): MailClaim => ({ eventId, mailKey, claimId: randomUUID() });

/**
 * What a claim found: the mail is this attempt's to send; another sent it; or another holds it and
 * may still be sending it, until its lease ends.
 */
export type ClaimOutcome = 'claimed' | 'sent' | 'sending';

const claimItem = z.object({ sentAt: z.optional(z.string()), leaseEndsAt: z.optional(z.number()) });

/**
 * Claims a mail for PARKED_MAILS.claimLeaseSeconds by the app's clock. A claim never marked sent
 * whose lease ended is taken over: its attempt died, or could neither send it nor give it back.
 * A claim of the earlier layout (no lease) counts as sent.
 */
export async function claimMail(claim: MailClaim): Promise<ClaimOutcome> {
  const now = Math.floor(nowMs() / 1000);
  try {
    await db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...mailSentKey(claim.eventId, claim.mailKey),
          claimId: claim.claimId,
          leaseEndsAt: now + PARKED_MAILS.claimLeaseSeconds,
          expiresAt: nowSeconds() + CLAIM_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (attribute_not_exists(sentAt) AND leaseEndsAt < :now)',
        ExpressionAttributeValues: { ':now': now },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const held = (error as { Item?: Parameters<typeof unmarshall>[0] }).Item;
    const found = held ? claimItem.safeParse(unmarshall(held)) : undefined;
    return found?.success && found.data.sentAt === undefined && found.data.leaseEndsAt !== undefined ? 'sending' : 'sent';
  }
}

/** Sends of a release or a mark, each with the SDK's own attempts: what is left undone waits for the lease. */
const CLAIM_WRITE_SENDS = 3;

async function withSends(write: () => Promise<unknown>): Promise<void> {
  for (let send = 1; ; send++) {
    try {
      await write();
      return;
    } catch (error) {
      if (isConditionFailure(error)) return;
      if (send >= CLAIM_WRITE_SENDS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * send));
    }
  }
}

/** Gives a claim back, if it is this attempt's, when its mail could not be sent: the notice's next try sends it. */
export async function releaseMail(claim: MailClaim): Promise<void> {
  await withSends(() =>
    db.send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: mailSentKey(claim.eventId, claim.mailKey),
        ConditionExpression: 'claimId = :claimId',
        ExpressionAttributeValues: { ':claimId': claim.claimId },
      }),
    ),
  );
}

/** Marks a claimed mail sent, for good: no lease's end gives it to another. */
export async function markMailSent(claim: MailClaim): Promise<void> {
  await withSends(() =>
    db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: mailSentKey(claim.eventId, claim.mailKey),
        UpdateExpression: 'SET sentAt = :sentAt',
        ConditionExpression: 'claimId = :claimId',
        ExpressionAttributeValues: { ':sentAt': nowIso(), ':claimId': claim.claimId },
      }),
    ),
  );
}

/** An event's notice whose mails the mail service failed to take, due to be tried again. */
export interface ParkedMail {
  eventId: string;
  /** This parking's own id: a parking that took its place since is not the one to forget. */
  parkId: string;
  notice: Notice;
  /** Tries so far, the stream's first included. */
  tries: number;
  /** When the schedule tries it again (the app's clock, ISO). */
  dueAt: string;
  /** Kept as long as its mails' claims: past it, a retry could mail twice. */
  expiresAt: number;
}

const parkedItem = z.object({ eventId: z.string(), parkId: z.string(), notice: noticeSchema, tries: z.number(), dueAt: z.string(), expiresAt: z.number() });

/** Parks (or parks again) an event's notice for the schedule; its mails' claims say which were sent. */
export async function parkMail(parked: Omit<ParkedMail, 'parkId' | 'expiresAt'>): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: config.tableName,
      Item: {
        ...parkedMailKey(parked.eventId),
        ...parkedMailDueIndex(parked.dueAt, parked.eventId),
        ...parked,
        parkId: randomUUID(),
        expiresAt: nowSeconds() + CLAIM_SECONDS,
      },
    }),
  );
}

/** The parked notices due by now, earliest first (the due index, GSI2). */
export async function dueParkedMails(limit: number): Promise<ParkedMail[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :due AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':due': PARKED_MAILS_DUE, ':now': `${nowIso()}#~` },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => parkedItem.parse(item));
}

/**
 * A parked notice whose mails are all sent: gone from the schedule, unless another attempt at the
 * event (the stream's retry) parked it again meanwhile.
 */
export async function unparkMail(parked: ParkedMail): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: parkedMailKey(parked.eventId),
        ConditionExpression: 'parkId = :parkId',
        ExpressionAttributeValues: { ':parkId': parked.parkId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** What a window's mail told the reader: the newest message it quoted, and how many it counted unread. */
export interface WindowMail {
  upTo: string;
  unread: number;
}

/** A reader's window of message mails for one conversation (decisions 187 and 219). */
export interface MessageMailWindow {
  userId: string;
  chatId: string;
  /** When the window opened (its mail went out), in epoch seconds of the app's clock. */
  openedAt: number;
  mailed: WindowMail;
}

const windowItem = z.object({
  userId: z.string(),
  chatId: z.string(),
  openedAt: z.number(),
  mailed: z.object({ upTo: z.string(), unread: z.number() }),
});

/**
 * Kept a day past the window's end: until then a summary that is due can still be sent (the
 * schedule may be late), and the conditions read `openedAt`, so a window outlived by its item opens anew.
 */
const KEPT_AFTER_WINDOW_SECONDS = 24 * 60 * 60;

const prefixed = ({ gsi2pk, gsi2sk }: { gsi2pk: string; gsi2sk: string }) => ({ ':pk': gsi2pk, ':sk': gsi2sk });
const appSeconds = () => Math.floor(nowMs() / 1000);
const closesAt = (window: Pick<MessageMailWindow, 'openedAt'>, windowSeconds: number) => new Date((window.openedAt + windowSeconds) * 1000).toISOString();

function toWindowItem(window: MessageMailWindow, windowSeconds: number) {
  return { ...messageMailWindowKey(window.userId, window.chatId), ...window, expiresAt: window.openedAt + windowSeconds + KEPT_AFTER_WINDOW_SECONDS };
}

/**
 * Opens the reader's window of message mails for a conversation, for the mail about to tell them
 * `mailed`: answers the window, or undefined while the previous window is still open (its mail, or
 * its summary, covers this message). A window opened anew has no summary due.
 */
export async function openMessageMailWindow(userId: string, chatId: string, mailed: WindowMail, windowSeconds: number): Promise<MessageMailWindow | undefined> {
  const window = { userId, chatId, openedAt: appSeconds(), mailed };
  try {
    await db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: toWindowItem(window, windowSeconds),
        ConditionExpression: 'attribute_not_exists(pk) OR openedAt <= :closed',
        ExpressionAttributeValues: { ':closed': window.openedAt - windowSeconds },
      }),
    );
    return window;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    // Written, maybe, though every answer was lost (decision 291): given back, so that the retry mails.
    await closeMessageMailWindow(window);
    throw error;
  }
}

/** Gives the window back when its mail could not be sent, so that the event's retry mails; a newer window stays. */
export async function closeMessageMailWindow(window: MessageMailWindow): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: messageMailWindowKey(window.userId, window.chatId),
        ConditionExpression: 'openedAt = :openedAt',
        ExpressionAttributeValues: { ':openedAt': window.openedAt },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Puts the reader's open window in the due index at its end, where the schedule finds it to mail a
 * summary of the messages that came after its mail. false when no window is open (it closed a
 * moment ago: the message can open the next one). Marking twice is the same write.
 */
export async function dueSummaryAtWindowEnd(userId: string, chatId: string, windowSeconds: number): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: messageMailWindowKey(userId, chatId), ConsistentRead: true }));
  const parsed = windowItem.safeParse(Item);
  // None, or one written before summaries (it holds no mail to count from): the message opens the next.
  if (!parsed.success) return false;
  const window = parsed.data;
  if (window.openedAt <= appSeconds() - windowSeconds) return false;
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: messageMailWindowKey(userId, chatId),
        UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
        ConditionExpression: 'openedAt = :openedAt',
        ExpressionAttributeValues: { ...prefixed(messageSummaryDueIndex(closesAt(window, windowSeconds), userId, chatId)), ':openedAt': window.openedAt },
      }),
    ),
  );
}

/** The windows whose summary is due by now, earliest first (the due index, GSI2). */
export async function dueSummaryWindows(limit: number): Promise<MessageMailWindow[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :due AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':due': MESSAGE_SUMMARIES_DUE, ':now': `${nowIso()}#~` },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => windowItem.parse(item));
}

/** Takes a due window out of the index with nothing to mail; false when it changed meanwhile (another run, a new window). */
export async function settleSummary(window: MessageMailWindow): Promise<boolean> {
  return conditionalUpdate(
    window.userId,
    window.chatId,
    'REMOVE gsi2pk, gsi2sk',
    { ':openedAt': window.openedAt },
    'openedAt = :openedAt AND attribute_exists(gsi2pk)',
  );
}

/**
 * Starts the next window with the summary about to tell `mailed`, taking the due window out of the
 * index: only the run whose write lands mails. Answers the new window, or undefined when the due
 * one changed meanwhile.
 */
export async function startWindowWithSummary(due: MessageMailWindow, mailed: WindowMail, windowSeconds: number): Promise<MessageMailWindow | undefined> {
  const next = { ...due, openedAt: appSeconds(), mailed };
  const started = await conditionalUpdate(
    due.userId,
    due.chatId,
    'SET openedAt = :next, mailed = :mailed, expiresAt = :expiresAt REMOVE gsi2pk, gsi2sk',
    { ':next': next.openedAt, ':mailed': mailed, ':expiresAt': toWindowItem(next, windowSeconds).expiresAt, ':openedAt': due.openedAt },
    'openedAt = :openedAt AND attribute_exists(gsi2pk)',
  );
  return started ? next : undefined;
}

/** Puts the due window back when its summary could not be sent, so that the next run mails it; a newer window stays. */
export async function restoreDueWindow(due: MessageMailWindow, started: MessageMailWindow, windowSeconds: number): Promise<void> {
  const item = toWindowItem(due, windowSeconds);
  await conditionalUpdate(
    due.userId,
    due.chatId,
    'SET openedAt = :due, mailed = :mailed, expiresAt = :expiresAt, gsi2pk = :pk, gsi2sk = :sk',
    {
      ':due': due.openedAt,
      ':mailed': due.mailed,
      ':expiresAt': item.expiresAt,
      ...prefixed(messageSummaryDueIndex(closesAt(due, windowSeconds), due.userId, due.chatId)),
      ':openedAt': started.openedAt,
    },
    'openedAt = :openedAt',
  );
}

async function conditionalUpdate(userId: string, chatId: string, update: string, values: Record<string, unknown>, condition: string): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: messageMailWindowKey(userId, chatId),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}
