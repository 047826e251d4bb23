/**
 * Events out (docs/decisions.md): a change that others must hear about writes an event item in the
 * same transaction. Once it has committed, the writer pushes the event to its recipients' open
 * connections at once (the fast path, best-effort); the table's stream hands the same event to the
 * notifications function, which pushes it again (clients keep the first of an id). An event is never
 * lost to a failed push after the change, and never pushed for a change that did not happen.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { REALTIME } from '../../../shared/limits';
import { type Notice, noticeSchema } from '../../../shared/schemas/notices';
import { type AuditEntryView, auditEntryViewSchema } from '../../../shared/schemas/audit';
import { type Announcement, announcementSchema, type PushedEvent } from '../../../shared/schemas/realtime';
import { newId } from '../../platform/crypto';
import { EVENT_PREFIX, eventKey } from '../../platform/keys';
import { nowSeconds } from '../../platform/table';

/** The event item as stored: who receives it, what is pushed to them, what they are mailed about, and what is logged. */
export interface EventRecord {
  eventId: string;
  recipients: string[];
  /** What is pushed; absent on an event only logged. */
  event?: Announcement;
  /** The business event the notifications function mails about; never pushed. */
  notice?: Notice;
  /** An admin action, which the notifications function writes to the log (the audit trail). */
  audit?: AuditEntryView;
  createdAt: string;
}

export function newEventRecord(recipients: string[], event: Announcement, notice?: Notice): EventRecord {
  return { eventId: newId(), recipients: [...new Set(recipients)], event, ...(notice && { notice }), createdAt: new Date().toISOString() };
}

/** An event that carries an admin action to the log, and its notice, if any, to the mail: no one is pushed anything. */
export function newAuditEventRecord(audit: AuditEntryView, notice?: Notice): EventRecord {
  return { eventId: newId(), recipients: [], audit, ...(notice && { notice }), createdAt: audit.at };
}

/** The Put of a TransactWriteItems that stores the event. */
export function eventPut(tableName: string, record: EventRecord) {
  return { Put: { TableName: tableName, Item: { ...eventKey(record.eventId), ...record, expiresAt: nowSeconds() + REALTIME.eventTtlSeconds } } };
}

/** What goes on the wire: the event with its id; undefined when the event pushes nothing. */
export const pushedEventOf = (record: EventRecord): PushedEvent | undefined => record.event && { ...record.event, eventId: record.eventId };

const eventItem: z.ZodMiniType<EventRecord> = z.object({
  eventId: z.string(),
  recipients: z.array(z.string()),
  event: z.optional(announcementSchema),
  notice: z.optional(noticeSchema),
  audit: z.optional(auditEntryViewSchema),
  createdAt: z.string(),
});
export const fromEventItem = (item: Record<string, unknown>): EventRecord => eventItem.parse(item);

/** The event a record of the table's stream inserted, or undefined for any other record. */
export function eventOfStreamRecord(record: DynamoDBRecord): EventRecord | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image || !String(image.pk?.S).startsWith(EVENT_PREFIX)) return undefined;
  // aws-lambda's and the SDK's types of one wire format; the schema then checks the content.
  return fromEventItem(unmarshall(image as Record<string, AttributeValue>));
}
