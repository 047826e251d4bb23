/**
 * Reconciliation in the table: the accounts it checks, found through the sparse index of experts'
 * running totals (never a Scan), and its latest result, one item replaced by each run.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { cents } from '../../../shared/money';
import { config } from '../../platform/config';
import { EXPERT_TOTALS, GSI1, reconciliationKey } from '../../platform/keys';
import { db } from '../../platform/table';
import type { LedgerAccount } from './ledger';
import type { ReconciliationResult } from './reconciliation';

/** Every account of an expert that keeps a running total (pending, available, frozen, requested, connected, debt), a page at a time. */
export async function expertAccounts(): Promise<LedgerAccount[]> {
  const accounts: LedgerAccount[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': EXPERT_TOTALS },
        ProjectionExpression: 'gsi1sk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) accounts.push(String(item.gsi1sk) as LedgerAccount);
    start = page.LastEvaluatedKey;
  } while (start);
  return accounts;
}

const resultItem = z.object({
  checkedAt: z.string(),
  entriesChecked: z.number(),
  differences: z.array(z.object({ account: z.string(), ledgerCents: z.number(), providerCents: z.number(), differenceCents: z.number() })),
});

export async function saveResult(result: ReconciliationResult): Promise<void> {
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...reconciliationKey(), ...result } }));
}

export async function latestResult(): Promise<ReconciliationResult | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: reconciliationKey(), ConsistentRead: true }));
  if (!Item) return undefined;
  const parsed = resultItem.parse(Item);
  return {
    ...parsed,
    differences: parsed.differences.map((difference) => ({
      account: difference.account as LedgerAccount,
      ledgerCents: cents(difference.ledgerCents),
      providerCents: cents(difference.providerCents),
      differenceCents: cents(difference.differenceCents),
    })),
  };
}
