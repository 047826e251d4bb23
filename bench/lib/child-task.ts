/**
 * One task in a child process: the parent forks a script with its own environment, sends it one
 * input over IPC and gets one result back. For benchmarks whose code under test reads its
 * configuration from the environment at import (the handlers): every run gets a fresh process.
 */
import { fork } from 'node:child_process';
import { ROOT } from './results';

export interface ChildOptions {
  env: Record<string, string>;
  /** Extra Node flags (e.g. --cpu-prof); --expose-gc and tsx are always there. */
  nodeFlags?: string[];
  timeoutMs: number;
}

/** In the parent: runs `script` (a path) with `input`; rejects when it fails, exits or times out first. */
export function runChildTask<Input, Output>(script: string, input: Input, options: ChildOptions): Promise<Output> {
  const child = fork(script, [], {
    cwd: ROOT,
    execArgv: ['--expose-gc', ...(options.nodeFlags ?? []), '--import', 'tsx'],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  return new Promise<Output>((resolve, reject) => {
    const timer = setTimeout(() => {
      killChild();
      reject(new Error(`${script}: no result within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    let result: { value: Output } | undefined;
    child.on('message', (message: { result: Output }) => (result = { value: message.result }));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      process.off('exit', killChild);
      if (result && code === 0) resolve(result.value);
      else reject(new Error(`${script} exited (${code ?? signal}) without a result`));
    });
    child.send({ input });
  });
}

/** In the child: runs the task on the parent's input, sends the result and exits. */
export function childTask<Input, Output>(run: (input: Input) => Promise<Output>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('childTask runs in a child process started with an IPC channel (runChildTask forks it so)');
  process.once('message', (message: { input: Input }) => {
    run(message.input).then(
      (result) => send({ result }, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

/** Heap in use after a full collection (needs --expose-gc). */
export function heapUsedAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run with --expose-gc');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
