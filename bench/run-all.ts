/**
 * Runs every benchmark in sequence, each in its own process (a crash or a leaked handle in one
 * cannot skew the next), and prints one line per benchmark. Flags (--strict) are passed on.
 *
 * Run: npm run bench [-- --strict]
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib/results';

/** Cheapest first, so that a broken setup shows up fast. */
const BENCHES = [
  'lambda-bundles',
  'spa-bundle',
  'search-engines',
  'start-time',
  'api-latency',
  'table-client',
  'realtime-latency',
  'soak',
  'room-signalling',
  'room-join',
  'order-transitions',
  'earnings',
  'chaos',
  'slots',
  'admin-statistics',
  'admin-users',
  'reconciliation',
  'retention',
  'catalogue',
  'lighthouse',
];
/** Each bench takes well under this on a 2-core machine; past it, it is stuck. */
const TIMEOUT_MS = 15 * 60 * 1000;

const started = Date.now();
const outcomes = BENCHES.map((bench) => {
  console.log(`\n== ${bench}`);
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench', `${bench}.ts`), ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
    timeout: TIMEOUT_MS,
    killSignal: 'SIGINT',
  });
  const outcome = child.error ? `error: ${child.error.message}` : child.status === 0 ? 'ok' : `exit ${child.status ?? child.signal}`;
  return { bench, outcome };
});

console.log(`\n== summary (${Math.round((Date.now() - started) / 1000)} s; figures in bench/results/)`);
for (const { bench, outcome } of outcomes) console.log(`  ${bench.padEnd(15)} ${outcome}`);
if (outcomes.some((o) => o.outcome !== 'ok')) process.exitCode = 1;
