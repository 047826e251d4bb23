/**
 * The admin's users list at 1,000 and then 10,000 accounts (decisions 181 and 206): `GET
 * /admin/users` first page, searches (one account, a full name, none: each reads the entries of one
 * word prefix), the experts filter, the banned filter (the banned list) and the archived list;
 * handler p95 and DynamoDB calls per request at each size, and how many more calls the larger size
 * takes. With them, the reference decision 181 chose GSI4 against: reading every member's whole
 * item through GSI1's role partitions.
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
import { round } from './lib/stats';

const FULL: Omit<AdminUsersBenchInput, 'originSecret'> = { sizes: [1_000, 10_000], warmupRounds: 3, rounds: 20 };
/** --quick: a smoke run with 1,000 accounts: figures printed, no result file written. */
const QUICK: typeof FULL = { sizes: [1_000], warmupRounds: 2, rounds: 10 };
const quick = process.argv.includes('--quick');
const INPUT = quick ? QUICK : FULL;
// 10,000 accounts are about 310,000 items with their search entries: a quarter of an hour to write on a loaded 2-core machine.
const CHILD_TIMEOUT_MS = 50 * 60 * 1000;
/** The list answers an admin who waits for it: a search over every account within a second at p95, on DynamoDB Local. */
const SEARCH_P95_MS = 1000;
/** Whatever the request: the session, the reads of one list (21 entries, then 8 times more each, at most six), one BatchGetItem. */
const CALLS_MAX = 10;
/** The calls of a request at the larger size against the smaller: a list that reads what it answers takes about as many. */
const CALLS_RATIO_MAX = 1.5;

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
  for (const size of result.sizes) {
    console.log(`  ${size.accounts} accounts (arranged in ${size.arrangement.seconds} s)`);
    for (const figures of size.requests) {
      const l = figures.latencyMs;
      console.log(
        `    ${figures.name.padEnd(52)} p50 ${l.p50} p95 ${l.p95} max ${l.max} ms; DynamoDB ${figures.dynamoCallsPerRequest.max} ${JSON.stringify(figures.dynamoCallsPerRequest.byCommand)}, items read ${figures.itemsReadPerRequest.max}, CU ${figures.capacityUnitsPerRequest.max}`,
      );
    }
  }
  const ref = result.reference;
  console.log(`  reference: ${ref.what}: ${ref.queries} queries, ${ref.items} items, ${ref.ms} ms, CU ${ref.capacityUnits}`);

  const smallest = result.sizes[0];
  const largest = result.sizes[result.sizes.length - 1];
  const callsRatio = largest.requests.map((figures, at) => ({
    name: figures.name,
    growsWithMembers: figures.growsWithMembers,
    ratio: round(figures.dynamoCallsPerRequest.max / smallest.requests[at].dynamoCallsPerRequest.max, 2),
  }));
  const budgets = [
    ...result.sizes.flatMap((size) =>
      size.requests.flatMap((figures) => [
        budget(`${size.accounts} accounts, GET /admin/users ${figures.name}: handler p95`, figures.latencyMs.p95, 'max', SEARCH_P95_MS, 'ms'),
        budget(
          `${size.accounts} accounts, GET /admin/users ${figures.name}: DynamoDB calls per request (max)`,
          figures.dynamoCallsPerRequest.max,
          'max',
          CALLS_MAX,
          'calls',
        ),
      ]),
    ),
    ...(result.sizes.length > 1
      ? callsRatio
          // A prefix shared by a fixed share of the members: bounded by the calls budget, not by the ratio.
          .filter(({ growsWithMembers }) => !growsWithMembers)
          .map(({ name, ratio }) =>
            budget(`GET /admin/users ${name}: calls at ${largest.accounts} / at ${smallest.accounts} accounts`, ratio, 'max', CALLS_RATIO_MAX, 'x'),
          )
      : []),
  ];
  if (quick) {
    for (const b of budgets) console.log(`  budget ${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.value} ${b.unit} (limit ${b.limit}); --quick: no result file`);
    return;
  }
  writeResults('admin-users', { table: 'DynamoDB Local, in memory', ...INPUT, ...result, callsRatio }, budgets);
});
