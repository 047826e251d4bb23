/**
 * The run's DynamoDB Local (tests/support/unit-dynamo.ts) with a table of the file's own,
 * for unit tests of repositories: the environment names it before the modules under test are
 * loaded, as a Lambda's environment does.
 */
import { beforeAll, inject } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../scripts/local/dynamodb';

/** Where the unit project's DynamoDB Local answers. */
export const unitDynamoEndpoint = (): string => inject('unitDynamoEndpoint');

/** Creates the file's table and loads `modules` once it exists. */
export function withLocalTable<T>(tableName: string, modules: () => Promise<T>): () => T {
  let loaded: T | undefined;
  beforeAll(async () => {
    const endpoint = unitDynamoEndpoint();
    await ensureTable(endpoint, tableName);
    Object.assign(process.env, LOCAL_CREDENTIALS, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: endpoint });
    loaded = await modules();
  }, 60_000);
  return () => {
    if (loaded === undefined) throw new Error('The local table is not created yet');
    return loaded;
  };
}
