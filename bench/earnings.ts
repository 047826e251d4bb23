/**
 * The money benchmarks of issue 14: `GET /user/earnings` of experts with 10, 100 and 1,000 credited
 * orders in the same run (first page, and page 40 of the 1,000), whose DynamoDB calls and items read
 * per request must not grow with the history; `POST /user/withdraw`; and bursts of 20 concurrent
 * withdrawals of the whole balance, of which exactly one may succeed.
 *
 * DynamoDB Local on disk in a temporary folder (as `npm start` keeps its table), and one child
 * process with the handlers' environment (they read it at import) that arranges the histories with
 * the product's own ledger writes and calls the orders Lambda in-process with payload 2.0 events, as
 * the local gateway builds them (bench/lib/earnings-handler.ts).
 *
 * Run: npx tsx bench/earnings.ts [--strict] [--quick]   (or npm run bench:earnings)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../scripts/local/dynamodb';
import { CHAT } from '../shared/limits';
import { runChildTask } from './lib/child-task';
import { BENCH_TABLE_NAME, handlerEnvironment } from './lib/handler-environment';
import type { EarningsBenchInput, EarningsBenchResult } from './lib/earnings-handler';
import { budget, ROOT, runBench, writeResults } from './lib/results';
import { round } from './lib/stats';

const FULL: Omit<EarningsBenchInput, 'originSecret'> = {
  histories: [10, 100, 1_000],
  deepPage: 40,
  warmupRounds: 20,
  earningsRounds: 250,
  withdrawRounds: 100,
  burstRounds: 5,
  burstSize: 20,
};
/** --quick: a smoke run of the script (about a minute) with smaller histories: figures printed, no result file written. */
const QUICK: typeof FULL = { histories: [10, 60, 200], deepPage: 8, warmupRounds: 2, earningsRounds: 20, withdrawRounds: 10, burstRounds: 2, burstSize: 20 };
const quick = process.argv.includes('--quick');
const INPUT = quick ? QUICK : FULL;
/** As scripts/local/stack.ts names them. */
const CHILD_TIMEOUT_MS = 12 * 60 * 1000;

runBench(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-earnings-'));
  const dynamo = await startDynamo(dataDir);
  let result: EarningsBenchResult;
  try {
    await ensureTable(dynamo.endpoint, BENCH_TABLE_NAME);
    const env = handlerEnvironment(dynamo.endpoint);
    result = await runChildTask<EarningsBenchInput, EarningsBenchResult>(
      join(ROOT, 'bench/lib/earnings-handler.ts'),
      { ...INPUT, originSecret: env.ORIGIN_SECRET },
      { env, timeoutMs: CHILD_TIMEOUT_MS },
    );
  } finally {
    dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  print(result);

  const [fewest] = result.earnings;
  const largest = INPUT.histories[INPUT.histories.length - 1];
  const largestFirst = result.earnings.find((e) => e.credits === largest && e.page === 1);
  const largestDeep = result.earnings.find((e) => e.credits === largest && e.page === INPUT.deepPage);
  const fullPage = result.earnings.find((e) => e.credits >= CHAT.chatsPageSize * 2 && e.credits < largest && e.page === 1);
  if (!largestFirst || !largestDeep || !fullPage) throw new Error('missing figures');
  const ratio = (a: number, b: number) => round(a / b, 2);
  const walkOf = (credits: number) => result.everyPage.find((walk) => walk.credits === credits);
  const ratios = {
    [`first page, ${largest} / ${fewest.credits} credited orders`]: {
      latencyP50: ratio(largestFirst.latencyMs.p50, fewest.latencyMs.p50),
      latencyP95: ratio(largestFirst.latencyMs.p95, fewest.latencyMs.p95),
      dynamoCallsMax: ratio(largestFirst.dynamoCallsPerRequest.max, fewest.dynamoCallsPerRequest.max),
      itemsReadMax: ratio(largestFirst.itemsReadPerRequest.max, fewest.itemsReadPerRequest.max),
    },
    [`first page, ${largest} / ${fullPage.credits} credited orders (both pages full)`]: {
      latencyP50: ratio(largestFirst.latencyMs.p50, fullPage.latencyMs.p50),
      latencyP95: ratio(largestFirst.latencyMs.p95, fullPage.latencyMs.p95),
      dynamoCallsMax: ratio(largestFirst.dynamoCallsPerRequest.max, fullPage.dynamoCallsPerRequest.max),
      itemsReadMax: ratio(largestFirst.itemsReadPerRequest.max, fullPage.itemsReadPerRequest.max),
    },
    [`page ${INPUT.deepPage} / first page, ${largest} credited orders`]: {
      latencyP50: ratio(largestDeep.latencyMs.p50, largestFirst.latencyMs.p50),
      latencyP95: ratio(largestDeep.latencyMs.p95, largestFirst.latencyMs.p95),
      dynamoCallsMax: ratio(largestDeep.dynamoCallsPerRequest.max, largestFirst.dynamoCallsPerRequest.max),
      itemsReadMax: ratio(largestDeep.itemsReadPerRequest.max, largestFirst.itemsReadPerRequest.max),
    },
  };
  const [withdrawFew, withdrawMany] = result.withdraw;
  const many = walkOf(largest);
  const full = walkOf(fullPage.credits);
  if (!many || !full) throw new Error('missing page walks');
  // The fewest orders fill less than a page (one Query reads them all): the ratios to it are figures;
  // what must not grow is the cost of a full page, whatever the history behind it.
  const budgets = [
    budget(
      `GET /user/earnings DynamoDB calls per request, every page of ${largest} credited orders (max) <= every page of ${fullPage.credits} (max)`,
      many.dynamoCallsPerPage.max,
      'max',
      full.dynamoCallsPerPage.max,
      'calls',
    ),
    budget(
      `GET /user/earnings items read per request, every page of ${largest} credited orders (max) <= every page of ${fullPage.credits} (max)`,
      many.itemsReadPerPage.max,
      'max',
      full.itemsReadPerPage.max,
      'items',
    ),
    budget(
      `POST /user/withdraw DynamoDB calls at ${withdrawMany.credits} credited orders (max) <= at ${withdrawFew.credits}`,
      withdrawMany.dynamoCallsPerRequest.max,
      'max',
      withdrawFew.dynamoCallsPerRequest.max,
      'calls',
    ),
    budget(
      `${INPUT.burstSize} concurrent withdrawals of the whole balance: successes (most in a burst)`,
      Math.max(...result.bursts.map((b) => b.succeeded)),
      'max',
      1,
      'withdrawals',
    ),
    budget(
      `${INPUT.burstSize} concurrent withdrawals of the whole balance: successes (fewest in a burst)`,
      Math.min(...result.bursts.map((b) => b.succeeded)),
      'min',
      1,
      'withdrawals',
    ),
  ];
  if (quick) {
    for (const b of budgets) console.log(`  budget ${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.value} ${b.unit} (limit ${b.limit}); --quick: no result file`);
    return;
  }
  writeResults(
    'earnings',
    {
      table: 'DynamoDB Local, on disk (temporary folder)',
      pageSize: CHAT.chatsPageSize,
      ...INPUT,
      ...result,
      ratios,
    },
    budgets,
  );
});

function print(result: EarningsBenchResult): void {
  console.log(`  arranged in ${result.arrangement.seconds} s: ${JSON.stringify(result.arrangement.experts)}`);
  for (const walk of result.everyPage)
    console.log(
      `  every page of ${walk.credits}: ${walk.pages} pages, ${walk.rows} rows (${walk.withdrawnRows} withdrawn); calls ${walk.dynamoCallsPerPage.min}-${walk.dynamoCallsPerPage.max}, queries ${walk.queriesPerPage.min}-${walk.queriesPerPage.max}, items read ${walk.itemsReadPerPage.min}-${walk.itemsReadPerPage.max}`,
    );
  for (const figures of [...result.earnings, ...result.withdraw]) {
    const l = figures.latencyMs;
    console.log(
      `  ${figures.request.padEnd(62)} p50 ${l.p50} p95 ${l.p95} max ${l.max} ms; DynamoDB ${figures.dynamoCallsPerRequest.max} ${JSON.stringify(figures.dynamoCallsPerRequest.byCommand)}, items read ${figures.itemsReadPerRequest.max}, written ${figures.itemsWrittenPerRequest}, CU ${figures.capacityUnitsPerRequest.max}`,
    );
  }
  for (const burst of result.bursts)
    console.log(
      `  burst of withdrawals of €${burst.balanceEuros}: ${burst.succeeded} succeeded ${JSON.stringify(burst.statuses)} in ${burst.burstMs} ms; balance after ${burst.balanceAfter}, requested +${burst.requestedAdded}`,
    );
}
