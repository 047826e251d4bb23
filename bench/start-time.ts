/**
 * `npm start` from command to ready (the "Marketplace is running" line): first start on an empty
 * data folder (SPA build, DynamoDB Local, table, seed with its scrypt hashes) and a restart on
 * existing data without the build, each a few times. Budget: ready in under 20 s.
 *
 * Run: npx tsx bench/start-time.ts [--strict]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runStartCommand } from '../scripts/local/start-command';
import { budget, runBench, writeResults } from './lib/results';
import { median, round } from './lib/stats';

const RUNS = 3;
const BUDGET_MS = 20_000;

runBench(async () => {
  const firstStartMs: number[] = [];
  const restartMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
    try {
      firstStartMs.push(await timeStart({ LOCAL_DATA_DIR: dataDir }));
      restartMs.push(await timeStart({ LOCAL_DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const figures = {
    runs: RUNS,
    firstStart: {
      medianMs: round(median(firstStartMs)),
      runsMs: firstStartMs.map((ms) => round(ms)),
      what: 'empty data folder: SPA build, DynamoDB Local, table, demo seed',
    },
    restart: { medianMs: round(median(restartMs)), runsMs: restartMs.map((ms) => round(ms)), what: 'existing data, SKIP_WEB_BUILD=1' },
  };
  console.log(`start-time (ms, median of ${RUNS}): first start ${figures.firstStart.medianMs}, restart ${figures.restart.medianMs}`);
  writeResults('start-time', figures, [budget('npm start to ready (first start)', round(Math.max(...firstStartMs)), 'max', BUDGET_MS, 'ms')]);
});

async function timeStart(env: Record<string, string>): Promise<number> {
  const started = await runStartCommand({ ...env, PORT: '0' });
  await started.interrupt();
  return started.readyMs;
}
