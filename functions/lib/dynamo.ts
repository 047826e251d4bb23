import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from './config';

/** The one DynamoDB document client of a Lambda, created at module scope. */
export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: config.region, endpoint: config.dynamoEndpoint, maxAttempts: 3 }),
  { marshallOptions: { removeUndefinedValues: true } },
);

/** A write refused by its condition: a single item's, or one inside a transaction (not a conflict). */
export function isConditionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  return error.name === 'TransactionCanceledException' && cancellationCodes(error).includes('ConditionalCheckFailed');
}

/** Another transaction or write held one of the items: the same transaction may simply run again. */
function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const codes = cancellationCodes(error);
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

function cancellationCodes(error: Error): string[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

const TRANSACTION_ATTEMPTS = 4;

/**
 * One TransactWriteItems. A cancellation caused by a conflict with another write is retried (with a
 * short jittered back-off); a failed condition is the caller's answer and is thrown as it is, for
 * isConditionFailure to recognise.
 */
export async function transact(input: TransactWriteCommandInput): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= TRANSACTION_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt * Math.random()));
    }
  }
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
