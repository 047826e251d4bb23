/**
 * The test stacks: one local stack per vitest worker slot, each in a child process
 * (stack-child.ts), started the first time a test file in that slot asks for it and stopped when the
 * run ends. A slot (VITEST_POOL_ID) runs one file at a time, so a file has its stack to itself, as
 * it had the single stack when the files ran one after another: the outbox, the seeded accounts and
 * the table's global counts see no other file's requests while it runs.
 *
 * The pool lives in vitest's main process (global-stack.ts) and answers the workers over loopback
 * HTTP: GET /stacks/<slot> -> { url, env }.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

export interface TestStack {
  url: string;
  env: Record<string, string>;
}

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;

type Message = { type: 'ready'; url: string; env: Record<string, string> };

/** A local stack in a process of its own (stack-child.ts, given `args`), and when it is ready. */
export function forkStack(label: string, args: string[] = []): { child: ChildProcess; ready: Promise<TestStack> } {
  const child = fork(join(ROOT, 'tests/support/stack-child.ts'), args, {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
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

export function createStackPool() {
  const children = new Map<number, { child: ChildProcess; ready: Promise<TestStack> }>();

  function start(slot: number): Promise<TestStack> {
    const stack = forkStack(`test stack ${slot}`);
    children.set(slot, stack);
    return stack.ready;
  }

  return {
    /** The stack of a worker slot, started on first use. */
    get(slot: number): Promise<TestStack> {
      return children.get(slot)?.ready ?? start(slot);
    },
    async stopAll(): Promise<void> {
      await Promise.all([...children.values()].map(({ child }) => stopStack(child)));
      children.clear();
    },
  };
}

/** Serves a pool to the workers on a free loopback port. */
export async function serveStackPool(pool: ReturnType<typeof createStackPool>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const slot = Number(/^\/stacks\/(\d+)$/.exec(request.url ?? '')?.[1]);
    if (!Number.isInteger(slot) || slot < 1) return void response.writeHead(404).end();
    pool.get(slot).then(
      (stack) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stack)),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}
