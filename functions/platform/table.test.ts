import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.stubEnv('TABLE_NAME', 'unit');
const { db, isConditionFailure, TABLE_CALL_LOG_MIDDLEWARE, transact } = await import('./table');
const { Contention } = await import('./errors');

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

// DynamoDB answers a transaction that met another write with TransactionConflict; these tests
// replay those answers to the one client, as DynamoDB Local cannot be made to produce them on cue.
describe('transact', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs a transaction again when it was cancelled by a conflict with another write', async () => {
    const send = vi
      .spyOn(db, 'send')
      .mockRejectedValueOnce(cancelled('None', 'TransactionConflict'))
      .mockResolvedValueOnce({} as never);
    await transact({ TransactItems: [] });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('reports a failed condition at once, as the condition failure it is', async () => {
    const send = vi.spyOn(db, 'send').mockRejectedValue(cancelled('ConditionalCheckFailed', 'None'));
    const error = await transact({ TransactItems: [] }).catch((e: unknown) => e);
    expect(isConditionFailure(error)).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('turns a lasting conflict into Contention (a 503 to try again), never into a failed condition', async () => {
    vi.spyOn(db, 'send').mockRejectedValue(cancelled('TransactionConflict', 'None'));
    const error = await transact({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'COUNTER#1', sk: 'X' } } }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Contention);
    expect(error).toMatchObject({ statusCode: 503, code: 'contention', what: 'transaction on COUNTER#1' });
    expect(isConditionFailure(error)).toBe(false);
  });
});

describe('the table client', () => {
  it('carries no SDK call log, whose filter would copy every item it reads and writes (decision 320)', () => {
    // The name is the SDK's own: a client as the SDK makes it has that middleware.
    expect(new DynamoDBClient({ region: 'eu-west-3' }).middlewareStack.identify().join('\n')).toContain(TABLE_CALL_LOG_MIDDLEWARE);
    expect(db.middlewareStack.identify().join('\n')).not.toContain(TABLE_CALL_LOG_MIDDLEWARE);
  });
});
