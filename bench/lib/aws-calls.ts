/**
 * Records the AWS calls a process makes through the product's clients (the DynamoDB document client
 * and the S3 client of functions/platform/), by command and with their timing, via a middleware: for
 * calls-per-request figures and for the spans of a cold start or an index build.
 */
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
}

type Next = (args: { input: object }) => Promise<{ output: object }>;
type Middleware = (next: Next, context: { commandName?: string }) => Next;

/** Any client of the AWS SDK v3 (their stacks differ in their command types only). */
interface Client {
  middlewareStack: { add(middleware: Middleware, options: { step: 'initialize'; name: string }): void };
}

export function recordCalls(clients: Record<string, Client>, labelOf: (command: string, input: Record<string, unknown>) => string = (command) => command) {
  const calls: AwsCall[] = [];
  for (const [service, client] of Object.entries(clients)) {
    client.middlewareStack.add(
      (next: Next, context: { commandName?: string }) => async (args: { input: object }) => {
        const command = String(context.commandName ?? 'unknown').replace(/Command$/, '');
        const call: AwsCall = { service, command, label: labelOf(command, args.input as Record<string, unknown>), start: performance.now(), end: Number.NaN };
        calls.push(call);
        try {
          return await next(args);
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
    /** Wall time during which at least one of the calls since the `from`-th (those `which` selects) was in flight. */
    busyMs(from: number, which: (call: AwsCall) => boolean = () => true): number {
      const spans = calls
        .slice(from)
        .filter(which)
        .map((call) => [call.start, Number.isNaN(call.end) ? performance.now() : call.end] as const)
        .sort((a, b) => a[0] - b[0]);
      let busy = 0;
      let until = Number.NEGATIVE_INFINITY;
      for (const [start, end] of spans) {
        if (end <= until) continue;
        busy += end - Math.max(start, until);
        until = end;
      }
      return busy;
    },
  };
}
