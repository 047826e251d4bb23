import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { Contention } from './errors';
import { logger } from './logger';
import { recogniseOwnWrites } from './write-ids';

/** The AWS SDK's own name of its middleware that logs each call (@aws-sdk/core's loggerMiddlewareOptions). */
export const TABLE_CALL_LOG_MIDDLEWARE = 'loggerMiddleware';

const client = new DynamoDBClient({ region: config.region, endpoint: config.dynamoEndpoint, maxAttempts: 3 });
/**
 * The SDK's logger middleware copies every input and output through its sensitive-data filter for a
 * log line, even for its no-op logger, which writes none: a tenth or more of the client's CPU per call
 * (bench/table-client.ts, decision 320). Nothing logs the SDK's calls, so nothing is filtered.
 */
client.middlewareStack.remove(TABLE_CALL_LOG_MIDDLEWARE);
// A write whose answer was lost and that the SDK sent again is told from one that lost a race (decision 281).
recogniseOwnWrites(client.middlewareStack, (command) => logger.info('A retried write found its first try committed', { command }));

/** The one DynamoDB document client of a Lambda, created at module scope. */
export const db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

/** A write refused by its condition: a single item's, or one inside a transaction (not a conflict). */
export function isConditionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  return error.name === 'TransactionCanceledException' && cancellationCodes(error).includes('ConditionalCheckFailed');
}

/** Whether a conditional write was made: false when its condition failed (the item moved meanwhile); any other failure is thrown. */
export async function conditionalWrite(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Another transaction or write held one of the items: the same transaction may simply run again. */
function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const codes = cancellationCodes(error);
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

/** The positions of a cancelled transaction's writes whose condition failed: which rule refused it. */
export function failedConditions(error: unknown): number[] {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return [];
  return cancellationCodes(error).flatMap((code, at) => (code === 'ConditionalCheckFailed' ? [at] : []));
}

function cancellationCodes(error: Error): string[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

const TRANSACTION_ATTEMPTS = 4;
/** Sends of one transaction while its outcome stays unknown, each with the SDK's own attempts. */
const UNKNOWN_OUTCOME_SENDS = 3;

/**
 * The SDK's attempts ended without telling whether the transaction was applied: no answer (a
 * timeout, a dropped connection) or DynamoDB's 500. Sent again under the same ClientRequestToken,
 * DynamoDB applies it at most once and answers as it did (decision 283).
 */
function isUnknownOutcome(error: unknown): boolean {
  if (!(error instanceof Error) || error.name === 'TransactionCanceledException') return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
}

/** One write of a TransactWriteItems: what a context hands another's service to commit with its own change. */
export type TransactWrite = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * One TransactWriteItems. A cancellation caused by a conflict with another write is retried (with a
 * short jittered back-off), and is Contention once the attempts are spent; a failed condition is the
 * caller's answer and is thrown as it is, for isConditionFailure to recognise. An unknown outcome is
 * sent again under the same token.
 */
export async function transact(input: TransactWriteCommandInput): Promise<void> {
  // One token for every send whose outcome is unknown: DynamoDB applies it once (for 10 minutes). A
  // cancelled one was not applied: its retry is a new transaction, with a token of its own.
  let token = randomUUID();
  let sends = 0;
  let conflicts = 0;
  for (;;) {
    try {
      sends += 1;
      await db.send(new TransactWriteCommand({ ...input, ClientRequestToken: token }));
      return;
    } catch (error) {
      if (isUnknownOutcome(error) && sends < UNKNOWN_OUTCOME_SENDS) continue;
      if (!isTransactionConflict(error)) throw error;
      token = randomUUID();
      conflicts += 1;
      if (conflicts >= TRANSACTION_ATTEMPTS) throw new Contention(`transaction on ${describeItems(input)}`);
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** conflicts * Math.random()));
    }
  }
}

/** The partition keys a transaction writes, for the contention log line (keys hold ids, never secrets). */
function describeItems(input: TransactWriteCommandInput): string {
  const keys = (input.TransactItems ?? []).map((item) => {
    const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key;
    return String(key?.pk ?? '?');
  });
  return keys.join(', ');
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

const BATCH_GET_MAX = 100;

/**
 * Reads items by key with BatchGetItem (100 keys a call), retrying what the table left unprocessed.
 * Missing items are simply absent; the order of the answer is not the order of the keys. Strongly
 * consistent reads on request: what a decision must see as written.
 */
export async function batchGet(tableName: string, keys: Record<string, string>[], options: { consistent?: boolean } = {}): Promise<Record<string, unknown>[]> {
  const unique = [...new Map(keys.map((key) => [`${key.pk}\u0000${key.sk}`, key])).values()];
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < unique.length; start += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(start, start + BATCH_GET_MAX);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** Math.min(attempt, 5) * Math.random()));
      const answer: BatchGetCommandOutput = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ...(options.consistent && { ConsistentRead: true }) } } }),
      );
      items.push(...(answer.Responses?.[tableName] ?? []));
      pending = answer.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return items;
}

/** Every item a Query answers, page after page: for jobs and scripts that read a whole partition, never a request path. */
export async function queryAllItems(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName: config.tableName, ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
