/**
 * The test stacks: one local stack per vitest worker slot, each in a child process
 * (stack-child.ts), started the first time a test file in that slot asks for it and stopped when the
 * run ends. A slot (VITEST_POOL_ID) runs one file at a time, so a file has its stack to itself, as
 * it had the single stack when the files ran one after another: the outbox, the seeded accounts and
 * the table's global counts see no other file's requests while it runs.
 *
 * Every stack starts from a copy of the run's seeded state (seeded-state.ts), seeded when the first
 * stack is asked for, on the run's DynamoDB Local (global-stack.ts), each in a database of its own.
 *
 * The pool lives in vitest's main process (global-stack.ts) and answers the workers over loopback
 * HTTP: GET /stacks/<slot> -> { url, env }; GET /seeded-state/<kind> -> { folder } and GET /dynamodb
 * -> RunDynamo, for a file that starts a stack of its own (own-stack.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

export interface TestStack {
  url: string;
  env: Record<string, string>;
}

/** The run's DynamoDB Local, where each stack keeps its database (stack-child.ts, --dynamodb). */
export interface RunDynamo {
  endpoint: string;
  folder: string;
}

/** How a stack (stack-child.ts) is told to keep its database in the run's DynamoDB Local. */
export const runDynamoArgs = (dynamo: RunDynamo): string[] => ['--dynamodb', dynamo.endpoint, '--dynamodb-folder', dynamo.folder];

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;

/** The run's bundle of stack-child.ts (stack-bundle.ts, built by global-stack.ts), which every stack of the run loads. */
export const STACK_BUNDLE = join(ROOT, 'node_modules/.cache/test-stack/stack-child.mjs');

type Message = { type: 'ready'; url: string; env: Record<string, string> };

/**
 * The kinds of seeded state (seeded-state.ts): `demo`, the whole demo, for the pool's stacks;
 * `logins`, the README's logins without the rest of the catalogue, for files on a stack of their own
 * that read no catalogue and scan the table (decision 234).
 */
export type SeededKind = 'demo' | 'logins';
export const SEEDED_KINDS: readonly SeededKind[] = ['demo', 'logins'];

/** How a stack (stack-child.ts) is told to seed that kind, or to find it at a restart. */
export const seedArgs = (kind: SeededKind): string[] => (kind === 'logins' ? ['--without-catalogue'] : []);

/** A local stack in a process of its own (stack-child.ts, given `args`), and when it is ready. */
export function forkStack(label: string, args: string[] = []): { child: ChildProcess; ready: Promise<TestStack> } {
  // Loaded natively, without tsx's loader hooks (stack-bundle.ts).
  const child = fork(STACK_BUNDLE, args, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<TestStack>((resolveReady, reject) => {
    const timer = setTimeout(() => fail(new Error(`${label}: not ready within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const onMessage = (message: Message) => {
      if (message.type !== 'ready') return;
      cleanup();
      resolveReady({ url: message.url, env: message.env });
    };
    const onExit = (code: number | null) => fail(new Error(`${label} exited (code ${code}) before it was ready`));
    function cleanup() {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    }
    function fail(error: Error) {
      cleanup();
      child.kill('SIGTERM');
      reject(error);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
  return { child, ready };
}

/** Asks a stack's process to stop everything (DynamoDB Local's JVM too) and waits for it to exit. */
export function stopStack(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
  });
}

/** `seededFolder`: the folder of the run's seeded state of a kind, seeded at its first call. */
export function createStackPool(seededFolder: (kind: SeededKind) => Promise<string>, dynamo: RunDynamo) {
  const stacks = new Map<number, Promise<TestStack>>();
  const children: ChildProcess[] = [];

  async function start(slot: number): Promise<TestStack> {
    const { child, ready } = forkStack(`test stack ${slot}`, ['--seeded-from', await seededFolder('demo'), ...runDynamoArgs(dynamo)]);
    children.push(child);
    return ready;
  }

  return {
    seededFolder,
    dynamo,
    /** The stack of a worker slot, started on first use. */
    get(slot: number): Promise<TestStack> {
      const stack = stacks.get(slot) ?? start(slot);
      stacks.set(slot, stack);
      return stack;
    },
    async stopAll(): Promise<void> {
      await Promise.all(children.map(stopStack));
      children.length = 0;
      stacks.clear();
    },
  };
}

/** Serves a pool to the workers on a free loopback port. */
export async function serveStackPool(pool: ReturnType<typeof createStackPool>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const slot = Number(/^\/stacks\/(\d+)$/.exec(request.url ?? '')?.[1]);
    const kind = SEEDED_KINDS.find((candidate) => request.url === `/seeded-state/${candidate}`);
    const answer =
      request.url === '/dynamodb'
        ? Promise.resolve(pool.dynamo)
        : kind
          ? pool.seededFolder(kind).then((folder) => ({ folder }))
          : Number.isInteger(slot) && slot >= 1
            ? pool.get(slot)
            : undefined;
    if (!answer) return void response.writeHead(404).end();
    answer.then(
      (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}
