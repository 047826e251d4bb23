/**
 * One-time tickets that open the WebSocket: browsers cannot send an Authorization header with a
 * WebSocket handshake, and a token in the URL would be logged. A signed-in member asks for a ticket
 * over the API; the $connect handler redeems it once, within REALTIME.ticketTtlSeconds. A ticket
 * names the session it was asked in: the socket it opens belongs to that session, and lives no
 * longer than it.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { REALTIME } from '../../../shared/limits';
import { config } from '../../platform/config';
import { randomSecret, sha256 } from '../../platform/crypto';
import { db, isConditionFailure, nowSeconds } from '../../platform/table';
import { ticketKey } from '../../platform/keys';

const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What a ticket opens: a connection of this user, in this session, which ends at the latest at `sessionEndsAt` (epoch seconds). */
export interface TicketRecord {
  userId: string;
  sessionId: string;
  sessionEndsAt: number;
}

const ticketItem: z.ZodMiniType<TicketRecord> = z.object({ userId: z.string(), sessionId: z.string(), sessionEndsAt: z.number() });

export async function issueTicket(record: TicketRecord): Promise<string> {
  const ticket = randomSecret();
  await db.send(
    new PutCommand({ TableName: config.tableName, Item: { ...ticketKey(sha256(ticket)), ...record, expiresAt: nowSeconds() + REALTIME.ticketTtlSeconds } }),
  );
  return ticket;
}

/** What a valid, unused, unexpired ticket was issued for; the ticket is spent either way. */
export async function redeemTicket(ticket: string | undefined): Promise<TicketRecord | undefined> {
  if (!ticket || !TICKET_SHAPE.test(ticket)) return undefined;
  try {
    const { Attributes } = await db.send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: ticketKey(sha256(ticket)),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': nowSeconds() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    // A ticket of the version before sessions were named opens nothing: it lives a minute.
    const parsed = ticketItem.safeParse(Attributes);
    return parsed.success ? parsed.data : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
