/**
 * The ledger in the table: an entry item per business event (a conditional put: recorded once), a
 * line item per account (an account's balance is a Query over its own partition), and for the
 * accounts of one order or one expert a running total in the same partition, kept with the lines.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import {
  expertCreditIndex,
  expertCreditsOf,
  expertTotalsIndex,
  GSI1,
  ledgerEntryKey,
  ledgerLineKey,
  ledgerLinesOf,
  ledgerTotalKey,
  providerEventKey,
} from '../../platform/keys';
import { batchGet, conditionalWrite, db } from '../../platform/table';
import { ORDER_RULES } from '../../../shared/limits';
import { type Cents, cents } from '../../../shared/money';
import { fromLedgerEntryItem, type LedgerAccount, type LedgerEntry, type LedgerLine, totalSide } from './ledger';

/**
 * The writes that record entries, for the transaction of the change they record: each entry once
 * (refused if it is recorded already), a line item per account, and one `ADD` per account that
 * keeps a running total, with the condition that it never crosses its side (a liability above
 * zero, an asset below): so no move can overdraw, however many run at once. One update per account
 * for all the entries of a transaction, as DynamoDB writes an item once per transaction.
 */
export function entryWrites(entries: LedgerEntry[]) {
  const totals = new Map<LedgerAccount, number>();
  for (const line of entries.flatMap((entry) => entry.lines))
    if (totalSide(line.account)) totals.set(line.account, (totals.get(line.account) ?? 0) + line.amountCents);
  return [
    ...entries.flatMap((entry) => [
      { Put: { TableName: config.tableName, Item: { ...ledgerEntryKey(entry.entryId), ...entry }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...entry.lines.map((line, index) => ({
        Put: {
          TableName: config.tableName,
          Item: {
            ...ledgerLineKey(line.account, entry.at, entry.entryId, index),
            ...(entry.kind === 'credit' &&
              line.account.endsWith(':pending') &&
              expertCreditIndex(line.account, ledgerLineKey(line.account, entry.at, entry.entryId, index).sk)),
            entryId: entry.entryId,
            account: line.account,
            amountCents: line.amountCents,
            // A credit's line says what the earnings page shows of its order, so the page reads nothing else.
            ...(entry.orderNumber !== undefined && { orderNumber: entry.orderNumber }),
            ...(entry.paidCents !== undefined && { paidCents: entry.paidCents }),
          },
        },
      })),
    ]),
    ...[...totals].filter(([, amount]) => amount !== 0).map(([account, amount]) => totalUpdate(account, amount)),
    ...debtsTotalUpdate(entries),
  ];
}

/** The total of every expert's debt (the platform's exposure), kept with the debt lines: debts are rare, so one item takes them all. */
const DEBTS_TOTAL = ledgerTotalKey('debts');

function debtsTotalUpdate(entries: LedgerEntry[]) {
  const amount = entries.flatMap((entry) => entry.lines).reduce((sum, line) => sum + (line.account.startsWith('debt:') ? line.amountCents : 0), 0);
  if (amount === 0) return [];
  return [
    { Update: { TableName: config.tableName, Key: DEBTS_TOTAL, UpdateExpression: 'ADD totalCents :amount', ExpressionAttributeValues: { ':amount': amount } } },
  ];
}

/** What all experts owe the platform now, in cents. */
export async function debtsTotal(): Promise<Cents> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: DEBTS_TOTAL, ConsistentRead: true }));
  return cents(Number(Item?.totalCents ?? 0));
}

/**
 * Adds to an account's running total; a move toward the side it may not cross is conditional on room for it.
 * An expert's total (every one but an order's `held:`) also joins the sparse index of experts' totals,
 * through which reconciliation finds every expert account without a Scan.
 */
function totalUpdate(account: LedgerAccount, amount: number) {
  const guarded = totalSide(account) === 'liability' ? amount > 0 : amount < 0;
  const indexed = !account.startsWith('held:');
  return {
    Update: {
      TableName: config.tableName,
      Key: ledgerTotalKey(account),
      UpdateExpression: `ADD totalCents :amount${indexed ? ' SET gsi1pk = :index, gsi1sk = :account' : ''}`,
      ...(guarded && {
        // A liability may rise to zero (total <= -amount); an asset may fall to zero (total >= -amount).
        ConditionExpression: totalSide(account) === 'liability' ? 'totalCents <= :room' : 'totalCents >= :room',
      }),
      ExpressionAttributeValues: {
        ':amount': amount,
        ...(guarded && { ':room': -amount }),
        ...(indexed && { ':index': expertTotalsIndex(account).gsi1pk, ':account': expertTotalsIndex(account).gsi1sk }),
      },
    },
  };
}

/** An account's running total (accounts per order or per expert only: totalSide); 0 before its first line. */
export async function totalOf(account: LedgerAccount): Promise<Cents> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: ledgerTotalKey(account), ConsistentRead: true }));
  return cents(Number(Item?.totalCents ?? 0));
}

export async function getEntry(entryId: string): Promise<LedgerEntry | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: ledgerEntryKey(entryId), ConsistentRead: true }));
  return Item && fromLedgerEntryItem(Item);
}

/** The entries of these business events that were recorded, in one BatchGetItem (per 100). */
export async function entriesOf(entryIds: string[]): Promise<LedgerEntry[]> {
  const items = await batchGet(config.tableName, entryIds.map(ledgerEntryKey));
  return items.map(fromLedgerEntryItem);
}

/** Several accounts' running totals in one BatchGetItem (accounts per order or per expert only). */
export async function totalsOf(accounts: LedgerAccount[]): Promise<Map<LedgerAccount, Cents>> {
  const items = await batchGet(config.tableName, accounts.map(ledgerTotalKey));
  const byKey = new Map(items.map((item) => [String(item.pk), cents(Number(item.totalCents ?? 0))]));
  return new Map(accounts.map((account) => [account, byKey.get(ledgerTotalKey(account).pk) ?? cents(0)]));
}

/** A credit to an expert, as their earnings list it. */
export interface CreditLine {
  orderId: string;
  orderNumber: number;
  paidCents: Cents;
  earnedCents: Cents;
  at: string;
  /** Where the next page starts (the line's sort key). */
  sortKey: string;
}

/**
 * The expert's credits, newest first, a page at a time: the credit lines of their pending account,
 * through their sparse index (the settlements in the same partition are not in it), so a page reads
 * its own lines and one more.
 */
export async function creditLinesOf(account: LedgerAccount, limit: number, before?: string): Promise<{ credits: CreditLine[]; next?: string }> {
  const page = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
      ExpressionAttributeValues: { ':pk': expertCreditsOf(account).gsi1pk, ':before': before ?? ledgerTotalKey(account).sk },
      ScanIndexForward: false,
      // One more than the page, to know whether another page follows.
      Limit: limit + 1,
    }),
  );
  const credits = (page.Items ?? []).map((item) => ({
    orderId: String(item.entryId).slice('credit:'.length),
    orderNumber: Number(item.orderNumber ?? 0),
    paidCents: cents(Number(item.paidCents ?? -Number(item.amountCents))),
    earnedCents: cents(-Number(item.amountCents)),
    at: String(item.sk).split('#')[0],
    sortKey: String(item.sk),
  }));
  const shown = credits.slice(0, limit);
  return { credits: shown, ...(credits.length > limit && { next: shown[limit - 1].sortKey }) };
}

/** What the expert's credits earned, each with its time, from `from` (an ISO day or instant) on: one Query of their sparse index, paged. */
export async function creditsSince(account: LedgerAccount, from: string): Promise<{ at: string; earnedCents: Cents }[]> {
  const credits: { at: string; earnedCents: Cents }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
        ExpressionAttributeValues: { ':pk': expertCreditsOf(account).gsi1pk, ':from': from },
        ProjectionExpression: 'sk, amountCents',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) credits.push({ at: String(item.sk).split('#')[0], earnedCents: cents(-Number(item.amountCents)) });
    start = page.LastEvaluatedKey;
  } while (start);
  return credits;
}

/** Every line of an account, oldest first. */
export async function linesOf(account: LedgerAccount): Promise<LedgerLine[]> {
  const lines: LedgerLine[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        // Lines sort by their time, before the running total's item (sk `TOTAL`).
        KeyConditionExpression: 'pk = :pk AND sk < :total',
        ExpressionAttributeValues: { ':pk': ledgerLinesOf(account).pk, ':total': ledgerTotalKey(account).sk },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) lines.push({ account, amountCents: cents(Number(item.amountCents)) });
    start = page.LastEvaluatedKey;
  } while (start);
  return lines;
}

/** The sum of an account's lines recorded from the day `from` up to the day `to` (YYYY-MM-DD, `to` excluded: its lines sort after it): one Query of the partition's range. */
export async function sumBetween(account: LedgerAccount, from: string, to: string): Promise<Cents> {
  let sum = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        // A line's sort key starts with its time, so a day's lines are one key range.
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': ledgerLinesOf(account).pk, ':from': from, ':to': to },
        ProjectionExpression: 'amountCents',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) sum += Number(item.amountCents);
    start = page.LastEvaluatedKey;
  } while (start);
  return cents(sum);
}

/** What arrived in an account after a line (its sort key): the sum of the later lines that add to it. */
export async function inflowAfter(account: LedgerAccount, afterSortKey: string): Promise<Cents> {
  let sum = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :after AND :total',
        FilterExpression: 'amountCents > :zero',
        ExpressionAttributeValues: { ':pk': ledgerLinesOf(account).pk, ':after': `${afterSortKey}~`, ':total': ledgerTotalKey(account).sk, ':zero': 0 },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) if (item.sk !== ledgerTotalKey(account).sk) sum += Number(item.amountCents);
    start = page.LastEvaluatedKey;
  } while (start);
  return cents(sum);
}

/**
 * Records that a provider event was processed; false if it already was. Kept longer than the
 * provider retries (Stripe: 3 days), then left to the table's TTL.
 */
export async function markEventProcessed(eventId: string, type: string): Promise<boolean> {
  const at = Date.now();
  return conditionalWrite(
    db.send(
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
    ),
  );
}

export async function isEventProcessed(eventId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: providerEventKey(eventId), ConsistentRead: true }));
  return Item !== undefined;
}

/** A line of an account as its owner reads it in their data export: when, which entry, how much. */
export interface StatementLine {
  account: LedgerAccount;
  at: string;
  entryId: string;
  amountCents: Cents;
}

/** Every line of an account with its time and entry, oldest first (the sort key is `<at>#<entryId>#<line>`). */
export async function statementOf(account: LedgerAccount): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND sk < :total',
        ExpressionAttributeValues: { ':pk': ledgerLinesOf(account).pk, ':total': ledgerTotalKey(account).sk },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const sortKey = String(item.sk);
      const at = sortKey.slice(0, sortKey.indexOf('#'));
      const entryId = sortKey.slice(at.length + 1, sortKey.lastIndexOf('#'));
      lines.push({ account, at, entryId, amountCents: cents(Number(item.amountCents)) });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return lines;
}
