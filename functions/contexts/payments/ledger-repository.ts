/**
 * The ledger in the table: an entry item per business event (a conditional put: recorded once) and
 * a line item per account, so that an account's balance is one Query over its own partition.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { ledgerEntryKey, ledgerLineKey, ledgerLinesOf, providerEventKey } from '../../platform/keys';
import { db, isConditionFailure } from '../../platform/table';
import { ORDER_RULES } from '../../../shared/limits';
import { cents } from '../../../shared/money';
import { fromLedgerEntryItem, type LedgerAccount, type LedgerEntry, type LedgerLine } from './ledger';

/** The puts that record an entry, for the transaction of the change it records; refused if it is recorded already. */
export function entryWrites(entry: LedgerEntry) {
  return [
    { Put: { TableName: config.tableName, Item: { ...ledgerEntryKey(entry.entryId), ...entry }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...entry.lines.map((line, index) => ({
      Put: {
        TableName: config.tableName,
        Item: { ...ledgerLineKey(line.account, entry.at, entry.entryId, index), entryId: entry.entryId, account: line.account, amountCents: line.amountCents },
      },
    })),
  ];
}

export async function getEntry(entryId: string): Promise<LedgerEntry | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: ledgerEntryKey(entryId), ConsistentRead: true }));
  return Item && fromLedgerEntryItem(Item);
}

/** Every line of an account, oldest first. */
export async function linesOf(account: LedgerAccount): Promise<LedgerLine[]> {
  const lines: LedgerLine[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': ledgerLinesOf(account).pk },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) lines.push({ account, amountCents: cents(Number(item.amountCents)) });
    start = page.LastEvaluatedKey;
  } while (start);
  return lines;
}

/**
 * Records that a provider event was processed; false if it already was. Kept longer than the
 * provider retries (Stripe: 3 days), then left to the table's TTL.
 */
export async function markEventProcessed(eventId: string, type: string): Promise<boolean> {
  const at = Date.now();
  try {
    await db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...providerEventKey(eventId),
          type,
          processedAt: new Date(at).toISOString(),
          expiresAt: Math.floor(at / 1000) + ORDER_RULES.processedEventDays * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function isEventProcessed(eventId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: providerEventKey(eventId), ConsistentRead: true }));
  return Item !== undefined;
}
