/**
 * The chaos journey of issue 28 (section 3), whole: 50 journeys (orders booked, paid, delivered or
 * held and closed; each expert's withdrawal paid out) while a tenth of the table's and the
 * provider's requests fail, in each mode, and the mail is out part of the time; then the issue's
 * checks (tests/support/chaos.ts, which tests/integration/chaos.test.ts runs for 10 journeys).
 *
 * On a test stack (tests/support/stack-child.ts, from a seeded state as the tests start theirs):
 * the table's fault proxy, nothing falling due but by the test clock (decision 227), the provider's
 * 3 s timeout. Its log goes to bench/.tmp/chaos-stack.log; the figures count its lines by message.
 * The checks are budgets (0 failed): --strict exits 1 when one fails.
 *
 * Run: npx tsx bench/chaos.ts [--journeys N] [--strict]   (CHAOS_SEED=<seed> draws the same faults again)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CHECKS, ChaosRun, chaosSeed, figuresOf, summaryOf } from '../tests/support/chaos';
import { seedState } from '../tests/support/seeded-state';
import { stopStack, type TestStack } from '../tests/support/stack-pool';
import { budget, ROOT, runBench, writeResults } from './lib/results';

const { values } = parseArgs({ options: { journeys: { type: 'string', default: '50' }, strict: { type: 'boolean' } } });
const journeys = Number(values.journeys);
const LOG_FILE = join(ROOT, 'bench/.tmp/chaos-stack.log');
const START_TIMEOUT_MS = 180_000;

runBench(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const seed = chaosSeed();
  console.log(`chaos: ${journeys} journeys, seed ${seed} (CHAOS_SEED=${seed} draws the same faults again)`);
  const seeded = await seedState('demo');
  const log: string[] = [];
  const { child, ready } = testStack(seeded.folder, log);
  /** Each check's outcome: passed, or what it found (the assertion's values with its message). */
  const checks: Record<string, string | { message: string; actual?: unknown; expected?: unknown }> = {};
  let run: ChaosRun | undefined;
  try {
    const stack = await ready;
    Object.assign(process.env, { TEST_STACK_URL: stack.url, TEST_STACK_ENV: JSON.stringify(stack.env) });
    run = new ChaosRun({ journeys, seed, log: (line) => console.log(`chaos: ${line}`) });
    await run.run();
    for (const [name, check] of Object.entries(CHECKS)) {
      checks[name] = await check(run).then(
        () => 'passed',
        ({ message, actual, expected }: Error & { actual?: unknown; expected?: unknown }) => ({ message, actual, expected }),
      );
      console.log(`  ${checks[name] === 'passed' ? 'passed' : 'FAILED'}  ${name}`);
    }
    const figures = await figuresOf(run);
    console.log(summaryOf(figures));
    const failed = Object.values(checks).filter((outcome) => outcome !== 'passed').length;
    writeResults('chaos', { ...figures, checks, stackLog: linesByMessage(log) }, [
      budget('checks failed', failed, 'max', 0, 'checks'),
      budget('requests left with a server error after the retries', figures.retries.leftWithServerError.length, 'max', 0, 'requests'),
      budget('mails missing once the outage ended', figures.mails.missing.length, 'max', 0, 'mails'),
    ]);
  } finally {
    await run?.closeTabs();
    await stopStack(child);
    seeded.remove();
  }
});

/** A test stack from the seeded state, its output kept in LOG_FILE and in `log`. */
function testStack(seededFolder: string, log: string[]): { child: ChildProcess; ready: Promise<TestStack> } {
  mkdirSync(join(ROOT, 'bench/.tmp'), { recursive: true });
  const file = createWriteStream(LOG_FILE);
  const child = fork(join(ROOT, 'tests/support/stack-child.ts'), ['--seeded-from', seededFolder], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const output of [child.stdout, child.stderr]) {
    output?.pipe(file);
    output?.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
  }
  const ready = new Promise<TestStack>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the test stack was not ready within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    child.on('message', (message: { type: string } & TestStack) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      resolve({ url: message.url, env: message.env });
    });
    child.once('exit', (code) => reject(new Error(`the test stack exited (code ${code}) before it was ready`)));
  });
  return { child, ready };
}

/**
 * The stack's log lines counted by level, message and error (its JSON lines), or as they are, ids
 * left out; the lines of a printed stack trace are not counted. The route a JSON line names is left
 * out too: the local stack runs a Lambda's requests at once in one process, so the logger's keys of
 * one request may show on another's lines.
 */
function linesByMessage(lines: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of lines) {
    if (/^\s|^[{}]$/.test(line)) continue;
    let key = line.replace(/\d+/g, 'N');
    try {
      const entry = JSON.parse(line) as { level?: string; message?: string; error?: { name?: string; message?: string } };
      key = [entry.level, entry.message, entry.error && `${entry.error.name}: ${entry.error.message}`].filter(Boolean).join(' | ');
    } catch {
      // not a JSON line of the handlers' logger
    }
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
