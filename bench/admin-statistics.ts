/**
 * `GET /admin/statistics` through the admin Lambda at 100 and 10,000 accounts (one in five an
 * expert, each with two offers): its answer comes from counters kept on write and the daily
 * snapshots, so its DynamoDB calls must not grow with the accounts, nor the items it reads beyond
 * the session, the counters' shards and the days of its history.
 *
 * DynamoDB Local on disk in a temporary folder, and one child process with the handlers'
 * environment that arranges the accounts and offers with the product's own writes and calls the
 * Lambda in-process with payload 2.0 events (bench/lib/admin-statistics-handler.ts).
 *
 * Run: npx tsx bench/admin-statistics.ts [--strict] [--quick]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../scripts/local/dynamodb';
import { runChildTask } from './lib/child-task';
import { BENCH_TABLE_NAME, handlerEnvironment } from './lib/handler-environment';
import type { AdminStatisticsBenchInput, AdminStatisticsBenchResult } from './lib/admin-statistics-handler';
import { budget, ROOT, runBench, writeResults } from './lib/results';
import { ADMIN_STATISTICS } from '../shared/limits';
import { COUNTER_SHARDS } from '../functions/contexts/statistics/statistics';

const FULL: Omit<AdminStatisticsBenchInput, 'originSecret'> = { accounts: [100, 10_000], offersPerExpert: 2, warmupRounds: 20, rounds: 200, concurrency: 8 };
/** --quick: a smoke run with 1,000 accounts at most: figures printed, no result file written. */
const QUICK: typeof FULL = { accounts: [100, 1_000], offersPerExpert: 2, warmupRounds: 5, rounds: 30, concurrency: 8 };
const quick = process.argv.includes('--quick');
const INPUT = quick ? QUICK : FULL;
const CHILD_TIMEOUT_MS = 14 * 60 * 1000;
/** The page's one call, on DynamoDB Local: a few milliseconds of work, whatever the marketplace's size. */
const P95_LIMIT_MS = 50;
/** What the answer may read, whatever the size: the session's account, every counter shard, and the days since the Monday 90 days ago. */
const ITEMS_LIMIT = 1 + COUNTER_SHARDS + ADMIN_STATISTICS.historyDays + 6;

runBench(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-admin-statistics-'));
  const dynamo = await startDynamo(dataDir);
  let result: AdminStatisticsBenchResult;
  try {
    await ensureTable(dynamo.endpoint, BENCH_TABLE_NAME);
    const env = handlerEnvironment(dynamo.endpoint);
    result = await runChildTask<AdminStatisticsBenchInput, AdminStatisticsBenchResult>(
      join(ROOT, 'bench/lib/admin-statistics-handler.ts'),
      { ...INPUT, originSecret: env.ORIGIN_SECRET },
      { env, timeoutMs: CHILD_TIMEOUT_MS },
    );
  } finally {
    dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const m of result.measurements) {
    const l = m.latencyMs;
    console.log(
      `  ${String(m.accounts).padStart(6)} accounts, ${m.offers} offers (arranged in ${m.arrangeSeconds} s): p50 ${l.p50} p95 ${l.p95} max ${l.max} ms; DynamoDB ${m.dynamoCallsPerRequest.max} ${JSON.stringify(m.dynamoCallsPerRequest.byCommand)}, items read ${m.itemsReadPerRequest.max}, CU ${m.capacityUnitsPerRequest.max}`,
    );
  }
  const [fewest] = result.measurements;
  const most = result.measurements[result.measurements.length - 1];
  const budgets = [
    budget(`GET /admin/statistics p95 at ${most.accounts} accounts`, most.latencyMs.p95, 'max', P95_LIMIT_MS, 'ms'),
    budget(
      `GET /admin/statistics DynamoDB calls per request at ${most.accounts} accounts (max) <= at ${fewest.accounts}`,
      most.dynamoCallsPerRequest.max,
      'max',
      fewest.dynamoCallsPerRequest.max,
      'calls',
    ),
    budget(
      `GET /admin/statistics items read per request at ${most.accounts} accounts (max): the session, ${COUNTER_SHARDS} counter shards and at most ${ADMIN_STATISTICS.historyDays + 6} days`,
      most.itemsReadPerRequest.max,
      'max',
      ITEMS_LIMIT,
      'items',
    ),
  ];
  if (quick) {
    for (const b of budgets) console.log(`  budget ${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.value} ${b.unit} (limit ${b.limit}); --quick: no result file`);
    return;
  }
  writeResults('admin-statistics', { table: 'DynamoDB Local, on disk (temporary folder)', ...INPUT, ...result }, budgets);
});
