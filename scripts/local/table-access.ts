/**
 * Each Lambda's rights on the table, applied locally as AWS applies them. On AWS the infra grants a
 * Lambda its `TABLE_ACCESS` prefixes only, through IAM's `dynamodb:LeadingKeys`
 * (infra/constructs/marketplace-function.ts): `readWrite` prefixes for every item action, `read`
 * ones for reads, `index` ones for queries of the indexes, and nothing without a leading key (a
 * Scan). Locally every handler shares one table client, so the stack runs each invocation as its
 * Lambda (`asLambda`) and refuses, as IAM does, a call outside that Lambda's prefixes: a missing
 * grant shows in the tests, not after a deploy. Work outside any Lambda (the seed, the local
 * controls, the tests' own table reads) is not restricted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { TABLE_ACCESS } from '../../functions/platform/keys';

export type LambdaName = keyof typeof TABLE_ACCESS;

const running = new AsyncLocalStorage<LambdaName>();

/** Runs `work` as the Lambda `name`: its table calls get that Lambda's rights. */
export const asLambda = <T>(name: LambdaName, work: () => T): T => running.run(name, work);

/** The Lambda the current work runs as; undefined outside any (the seed, the local controls). */
export const runningLambda = (): LambdaName | undefined => running.getStore();

type Right = 'write' | 'read' | 'index';
type Key = Record<string, unknown>;

/** A key attribute's value, in the document client's form or the wire's ({ S: ... }). */
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof (value as { S?: unknown })?.S === 'string' ? (value as { S: string }).S : undefined;

/** The partition value a Query names: the placeholder compared with the first attribute of its key condition. */
function queriedPartition(input: { KeyConditionExpression?: string; ExpressionAttributeValues?: Key }): string | undefined {
  const placeholder = /^\s*#?\w+\s*=\s*(:\w+)/.exec(input.KeyConditionExpression ?? '')?.[1];
  return placeholder === undefined ? undefined : textOf(input.ExpressionAttributeValues?.[placeholder]);
}

/** What a call asks of the table: each leading key with the right it needs (none for a Scan: refused). */
function requestsOf(command: string, input: Record<string, unknown>): { right: Right; key: string | undefined; action: string }[] {
  const itemKey = (item: unknown) => textOf((item as Key | undefined)?.pk);
  switch (command) {
    case 'GetItemCommand':
      return [{ right: 'read', key: itemKey(input.Key), action: 'GetItem' }];
    case 'PutItemCommand':
      return [{ right: 'write', key: itemKey(input.Item), action: 'PutItem' }];
    case 'UpdateItemCommand':
      return [{ right: 'write', key: itemKey(input.Key), action: 'UpdateItem' }];
    case 'DeleteItemCommand':
      return [{ right: 'write', key: itemKey(input.Key), action: 'DeleteItem' }];
    case 'QueryCommand':
      return [{ right: input.IndexName ? 'index' : 'read', key: queriedPartition(input), action: 'Query' }];
    case 'BatchGetItemCommand':
      return Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: Key[] }>).flatMap((table) =>
        (table.Keys ?? []).map((key) => ({ right: 'read' as const, key: itemKey(key), action: 'BatchGetItem' })),
      );
    case 'BatchWriteItemCommand':
      return Object.values((input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } }[]>).flatMap((writes) =>
        writes.map((write) => ({ right: 'write' as const, key: itemKey(write.PutRequest?.Item ?? write.DeleteRequest?.Key), action: 'BatchWriteItem' })),
      );
    case 'TransactWriteItemsCommand':
      return ((input.TransactItems ?? []) as Record<string, { Key?: Key; Item?: Key }>[]).map((item) => {
        if (item.ConditionCheck) return { right: 'read' as const, key: itemKey(item.ConditionCheck.Key), action: 'ConditionCheckItem' };
        const [action, write] = Object.entries(item)[0] ?? [];
        return { right: 'write' as const, key: itemKey(write?.Item ?? write?.Key), action: `${action}Item` };
      });
    case 'TransactGetItemsCommand':
      return ((input.TransactItems ?? []) as { Get?: { Key: Key } }[]).map((item) => ({
        right: 'read' as const,
        key: itemKey(item.Get?.Key),
        action: 'GetItem',
      }));
    case 'ScanCommand':
      return [{ right: 'read', key: undefined, action: 'Scan' }];
    default:
      // Not an item's data (DescribeTable, the health probe's): granted apart, as on AWS.
      return [];
  }
}

const allows = (name: LambdaName, right: Right, key: string) => {
  const access = TABLE_ACCESS[name];
  const prefixes = right === 'write' ? access.readWrite : right === 'read' ? [...access.readWrite, ...access.read] : access.index;
  return prefixes.some((prefix) => key.startsWith(prefix));
};

/** Refuses, on the stack's table client, every call a Lambda's grants would not allow on AWS. */
export async function enforceTableAccess(): Promise<void> {
  const { db } = await import('../../functions/platform/table');
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const name = runningLambda();
      if (name !== undefined) {
        for (const { right, key, action } of requestsOf(String(context.commandName), args.input as Record<string, unknown>)) {
          if (key !== undefined && allows(name, right, key)) continue;
          const error = new Error(
            `User: local/${name} is not authorized to perform: dynamodb:${action} on ${key ?? 'a request without a leading key'} (TABLE_ACCESS.${name})`,
          );
          error.name = 'AccessDeniedException';
          throw error;
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'localTableAccess' },
  );
}
