/**
 * DynamoDB Local with the product's table, for unit tests of repositories: the environment names it
 * before the modules under test are loaded, as a Lambda's environment does.
 */
import { afterAll, beforeAll } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS, type LocalDynamo, startDynamo } from '../../scripts/local/dynamodb';

/** Starts DynamoDB Local for this test file (stopped after it) and loads `modules` once it answers. */
export function withLocalTable<T>(tableName: string, modules: () => Promise<T>): () => T {
  let dynamo: LocalDynamo | undefined;
  let loaded: T | undefined;
  beforeAll(async () => {
    dynamo = await startDynamo(undefined);
    await ensureTable(dynamo.endpoint, tableName);
    Object.assign(process.env, LOCAL_CREDENTIALS, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamo.endpoint });
    loaded = await modules();
  }, 60_000);
  afterAll(() => dynamo?.stop());
  return () => {
    if (loaded === undefined) throw new Error('The local table is not started yet');
    return loaded;
  };
}
