/**
 * One-time tickets that open the WebSocket: browsers cannot send an Authorization header with a
 * WebSocket handshake, and a token in the URL would be logged. A signed-in member asks for a ticket
 * over the API; the $connect handler redeems it once, within REALTIME.ticketTtlSeconds.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { REALTIME } from '../../../shared/limits';
import { config } from '../../platform/config';
import { randomSecret, sha256 } from '../../platform/crypto';
import { db, isConditionFailure, nowSeconds } from '../../platform/table';
import { ticketKey } from '../../platform/keys';

const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function issueTicket(userId: string): Promise<string> {
  const ticket = randomSecret();
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...ticketKey(sha256(ticket)), userId, expiresAt: nowSeconds() + REALTIME.ticketTtlSeconds } }));
  return ticket;
}

/** The user a valid, unused, unexpired ticket was issued to; the ticket is spent either way. */
export async function redeemTicket(ticket: string | undefined): Promise<string | undefined> {
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
    return Attributes?.userId as string | undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
