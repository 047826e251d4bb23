/**
 * Runs the `npm start` script (scripts/start.mjs) as a child process, the way a person does, and
 * tells when it is ready: for the start-time benchmark and the test of the command itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const READY_LINE = /Marketplace is running at (\S+)/;
/** How long a Ctrl-C after a start that was not ready may take before the process is killed. */
export const STOP_MS = 30_000;

export interface StartedCommand {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  output: () => string;
  /** Sends Ctrl-C (SIGINT) and resolves with the exit code. */
  interrupt: () => Promise<number | null>;
}

export function runStartCommand(env: Record<string, string>, timeoutMs = 60_000): Promise<StartedCommand> {
  const started = performance.now();
  const child = spawn(process.execPath, [resolve(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return new Promise((resolveReady, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // Rejected once it has stopped: a caller that starts it again on the same data folder must not
      // meet this one's DynamoDB Local still stopping (seen once on a loaded machine).
      void stopWithin(child, STOP_MS).then((end) => reject(new Error(`npm start was not ready within ${timeoutMs} ms (${end}):\n${output}`)));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(READY_LINE);
      if (!ready) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.on('data', (more: Buffer) => (output += more.toString()));
      resolveReady({
        child,
        url: ready[1],
        readyMs: performance.now() - started,
        output: () => output,
        interrupt: () => {
          child.kill('SIGINT');
          return exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      if (timedOut) return;
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/**
 * Sends Ctrl-C to a running command and answers how it ended: its exit code (its own handler stopped
 * every part), the signal (it was still loading its modules, before any part started), or killed
 * when it had not ended within `ms`.
 */
function stopWithin(child: ChildProcess, ms: number): Promise<string> {
  return new Promise((resolveEnd) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolveEnd(`killed after ${ms} ms`);
    }, ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolveEnd(code === null ? `ended by ${signal}` : `exited ${code}`);
    });
    child.kill('SIGINT');
  });
}
