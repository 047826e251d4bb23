/**
 * Events out (docs/decisions.md): a change that others must hear about writes an event item in the
 * same transaction. The table's stream hands each new event to the notifications function, which
 * pushes it to every open connection of its recipients. An event is never lost to a failed push
 * after the change, and never pushed for a change that did not happen.
 */
import { REALTIME } from '../../../shared/limits';
import * as z from 'zod/mini';
import { type RealtimeEvent, realtimeEventSchema } from '../../../shared/schemas/realtime';
import { newId } from '../../platform/crypto';
import { nowSeconds } from '../../platform/table';
import { eventKey } from '../../platform/keys';

/** The event item as stored: who receives it, and what they receive. */
export interface EventRecord {
  eventId: string;
  recipients: string[];
  event: RealtimeEvent;
  createdAt: string;
}

/** The Put of a TransactWriteItems that announces `event` to `recipients` (user ids). */
export function eventPut(tableName: string, recipients: string[], event: RealtimeEvent) {
  const record: EventRecord = { eventId: newId(), recipients: [...new Set(recipients)], event, createdAt: new Date().toISOString() };
  return { Put: { TableName: tableName, Item: { ...eventKey(record.eventId), ...record, expiresAt: nowSeconds() + REALTIME.eventTtlSeconds } } };
}

const eventItem: z.ZodMiniType<EventRecord> = z.object({ eventId: z.string(), recipients: z.array(z.string()), event: realtimeEventSchema, createdAt: z.string() });
export const fromEventItem = (item: Record<string, unknown>): EventRecord => eventItem.parse(item);
