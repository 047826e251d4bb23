/**
 * The admin's users list at 10,000 accounts (the admin issue): `GET /admin/users` first page, a
 * search that matches one account and one that matches none (each reads the whole members index,
 * GSI4), the experts filter and the banned filter; handler p95 and DynamoDB calls per request. With
 * them, the reference the index was chosen against (decision 181): reading every member's whole item
 * through GSI1's role partitions.
 *
 * DynamoDB Local in memory, and one child process with the handlers'
 * environment that arranges the accounts and calls the admin Lambda in-process
 * (bench/lib/admin-users-handler.ts).
 *
 * Run: npx tsx bench/admin-users.ts [--strict] [--quick]   (or npm run bench:admin-users)
 */
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../scripts/local/dynamodb';
import { runChildTask } from './lib/child-task';
import { BENCH_TABLE_NAME, handlerEnvironment } from './lib/handler-environment';
import type { AdminUsersBenchInput, AdminUsersBenchResult } from './lib/admin-users-handler';
import { budget, ROOT, runBench, writeResults } from './lib/results';

const FULL: Omit<AdminUsersBenchInput, 'originSecret'> = { accounts: 10_000, warmupRounds: 3, rounds: 20 };
/** --quick: a smoke run with 1,000 accounts: figures printed, no result file written. */
const QUICK: typeof FULL = { accounts: 1_000, warmupRounds: 2, rounds: 10 };
const quick = process.argv.includes('--quick');
const INPUT = quick ? QUICK : FULL;
const CHILD_TIMEOUT_MS = 14 * 60 * 1000;
/** The list answers an admin who waits for it: a search over every account within a second at p95, on DynamoDB Local. */
const SEARCH_P95_MS = 1000;
/** Whatever the search: the session, the reads of the index (21 entries, then 8 times more each, at most 2,500: seven for 10,000 accounts on AWS), one BatchGetItem. */
const CALLS_MAX = 10;

runBench(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // In memory: 10,000 accounts written in minutes, not a quarter of an hour, on a busy 2-core machine.
  const dynamo = await startDynamo(undefined);
  let result: AdminUsersBenchResult;
  try {
    await ensureTable(dynamo.endpoint, BENCH_TABLE_NAME);
    const env = handlerEnvironment(dynamo.endpoint);
    result = await runChildTask<AdminUsersBenchInput, AdminUsersBenchResult>(
      join(ROOT, 'bench/lib/admin-users-handler.ts'),
      { ...INPUT, originSecret: env.ORIGIN_SECRET },
      { env, timeoutMs: CHILD_TIMEOUT_MS },
    );
  } finally {
    dynamo.stop();
  }
  console.log(`  arranged ${result.arrangement.accounts} accounts in ${result.arrangement.seconds} s`);
  for (const figures of result.requests) {
    const l = figures.latencyMs;
    console.log(
      `  ${figures.name.padEnd(52)} p50 ${l.p50} p95 ${l.p95} max ${l.max} ms; DynamoDB ${figures.dynamoCallsPerRequest.max} ${JSON.stringify(figures.dynamoCallsPerRequest.byCommand)}, items read ${figures.itemsReadPerRequest.max}, CU ${figures.capacityUnitsPerRequest.max}`,
    );
  }
  const ref = result.reference;
  console.log(`  reference: ${ref.what}: ${ref.queries} queries, ${ref.items} items, ${ref.ms} ms, CU ${ref.capacityUnits}`);

  const budgets = result.requests.flatMap((figures) => [
    budget(`GET /admin/users ${figures.name}: handler p95`, figures.latencyMs.p95, 'max', SEARCH_P95_MS, 'ms'),
    budget(`GET /admin/users ${figures.name}: DynamoDB calls per request (max)`, figures.dynamoCallsPerRequest.max, 'max', CALLS_MAX, 'calls'),
  ]);
  if (quick) {
    for (const b of budgets) console.log(`  budget ${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.value} ${b.unit} (limit ${b.limit}); --quick: no result file`);
    return;
  }
  writeResults('admin-users', { table: 'DynamoDB Local, in memory', ...INPUT, ...result }, budgets);
});
