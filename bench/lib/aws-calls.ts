/**
 * Records the AWS calls a process makes through the product's clients (the DynamoDB document client
 * and the S3 client of functions/platform/), by command and with their timing, via a middleware: for
 * calls-per-request figures and for the spans of a cold start or an index build.
 */
import { busyMs } from './stats';
import { performance } from 'node:perf_hooks';

export interface AwsCall {
  /** The name the client was given (e.g. dynamodb, s3). */
  service: string;
  /** e.g. BatchGetItem, Query, GetObject. */
  command: string;
  /** What the caller of `recordCalls` calls this kind of call (e.g. the change-log poll); else the command. */
  label: string;
  start: number;
  end: number;
  /** Items the call read (DynamoDB): a Query's scanned items (before its filter), the items a GetItem or BatchGetItem found. */
  itemsRead?: number;
  /** Items a DynamoDB write wrote (a transaction's items, or 1). */
  itemsWritten?: number;
  /** The capacity units DynamoDB reported, when `consumedCapacity` asked for them. */
  capacityUnits?: number;
}

type Next = (args: { input: object }) => Promise<{ output: object }>;

const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);
type Middleware = (next: Next, context: { commandName?: string }) => Next;

/** Any client of the AWS SDK v3 (their stacks differ in their command types only). */
interface Client {
  middlewareStack: { add(middleware: Middleware, options: { step: 'initialize'; name: string }): void };
}

/**
 * `labelOf` names each call's kind (its command by default). With `consumedCapacity`, DynamoDB calls
 * also ask for the capacity they consumed (ReturnConsumedCapacity TOTAL, which changes nothing else).
 */
export function recordCalls(
  clients: Record<string, Client>,
  labelOf: (command: string, input: Record<string, unknown>) => string = (command) => command,
  options: { consumedCapacity?: boolean } = {},
) {
  const calls: AwsCall[] = [];
  for (const [service, client] of Object.entries(clients)) {
    client.middlewareStack.add(
      (next: Next, context: { commandName?: string }) => async (args: { input: object }) => {
        const command = String(context.commandName ?? 'unknown').replace(/Command$/, '');
        const call: AwsCall = { service, command, label: labelOf(command, args.input as Record<string, unknown>), start: performance.now(), end: Number.NaN };
        calls.push(call);
        if (options.consumedCapacity && service === 'dynamodb') (args.input as Record<string, unknown>).ReturnConsumedCapacity ??= 'TOTAL';
        try {
          const result = await next(args);
          if (service === 'dynamodb')
            Object.assign(call, dynamoItems(command, args.input as Record<string, unknown>, result.output as Record<string, unknown>));
          return result;
        } finally {
          call.end = performance.now();
        }
      },
      // Outermost: the time includes serialisation, retries and parsing, as the caller waits for them.
      { step: 'initialize', name: 'benchCallRecorder' },
    );
  }
  return {
    calls,
    /** The calls made since the `from`-th, counted by label. */
    countSince(from: number): Record<string, number> {
      const counts: Record<string, number> = {};
      for (const call of calls.slice(from)) counts[call.label] = (counts[call.label] ?? 0) + 1;
      return counts;
    },
    /** Items read and written, and capacity units, of the calls since the `from`-th. */
    itemsSince(from: number): { read: number; written: number; capacityUnits: number } {
      const since = calls.slice(from);
      const sum = (of: (call: AwsCall) => number | undefined) => since.reduce((total, call) => total + (of(call) ?? 0), 0);
      return { read: sum((call) => call.itemsRead), written: sum((call) => call.itemsWritten), capacityUnits: sum((call) => call.capacityUnits) };
    },
    /** Wall time during which at least one of the calls since the `from`-th (those `which` selects) was in flight. */
    busyMs(from: number, which: (call: AwsCall) => boolean = () => true): number {
      return busyMs(
        calls
          .slice(from)
          .filter(which)
          .map((call) => [call.start, Number.isNaN(call.end) ? performance.now() : call.end] as const),
      );
    },
  };
}

/** What a DynamoDB call read or wrote, from its input and output (document client shapes). */
function dynamoItems(command: string, input: Record<string, unknown>, output: Record<string, unknown>): Partial<AwsCall> {
  const consumed = output.ConsumedCapacity as { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
  const capacityUnits = consumed === undefined ? undefined : [consumed].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
  const counts: Partial<AwsCall> = { ...(capacityUnits !== undefined && { capacityUnits }) };
  if (command === 'Query' || command === 'Scan') return { ...counts, itemsRead: Number(output.ScannedCount ?? 0) };
  if (command === 'GetItem') return { ...counts, itemsRead: output.Item ? 1 : 0 };
  if (command === 'BatchGetItem' || command === 'TransactGetItems') {
    const responses = output.Responses as Record<string, unknown[]> | unknown[] | undefined;
    const found = Array.isArray(responses) ? responses.length : Object.values(responses ?? {}).reduce((sum, items) => sum + items.length, 0);
    return { ...counts, itemsRead: found };
  }
  if (READS.has(command)) return counts;
  if (command === 'TransactWriteItems') return { ...counts, itemsWritten: (input.TransactItems as unknown[] | undefined)?.length ?? 0 };
  if (command === 'BatchWriteItem')
    return { ...counts, itemsWritten: Object.values((input.RequestItems ?? {}) as Record<string, unknown[]>).reduce((sum, items) => sum + items.length, 0) };
  return { ...counts, itemsWritten: 1 };
}
