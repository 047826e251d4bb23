/**
 * The reconciliation benchmark of issue 14: the reconciliation job's time per 10,000 ledger entries.
 * Ledgers of about 10,000 and 40,000 entries (50 and 200 experts) in the same run, whose money went
 * through the local Stripe for real, so that its balances match the ledger's; the job
 * (`reconcile()` of functions/contexts/payments/reconciliation-service.ts, the function the orders
 * Lambda runs) called in-process: wall time, DynamoDB calls and items read, provider calls, per
 * 10,000 entries, and its result (no difference; then exactly one after an `adjust` at the local
 * Stripe).
 *
 * DynamoDB Local on disk in a temporary folder; the local Stripe in this process, its hosted pages,
 * control surface and a webhook sink on a loopback server of its own (the app's origin for it);
 * one child process with the handlers' environment (bench/lib/reconciliation-handler.ts) that
 * arranges the ledger with the product's own writes and runs the job.
 *
 * Run: npx tsx bench/reconciliation.ts [--strict] [--quick]   (or npm run bench:reconciliation)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../scripts/local/dynamodb';
import { type LocalStripe, startLocalStripe } from '../scripts/local/stripe';
import { runChildTask } from './lib/child-task';
import { BENCH_TABLE_NAME, handlerEnvironment } from './lib/handler-environment';
import type { ReconciliationBenchInput, ReconciliationBenchResult } from './lib/reconciliation-handler';
import { budget, ROOT, runBench, writeResults } from './lib/results';
import { round } from './lib/stats';

type Input = Omit<ReconciliationBenchInput, 'appUrl'>;
const FULL: Input = {
  // Cumulative: the second size adds 150 experts to the first 50.
  sizes: [50, 200],
  ordersPerExpert: 48,
  withdrawalsPerExpert: 4,
  // Per order, the local Stripe's requests slow down as it fills (each scans all it holds): 40,000 entries would take over 15 minutes.
  providerObjectsPer: 'expert',
  concurrency: 6,
  warmupRuns: 1,
  runs: 3,
};
/** --quick: a smoke run of the script with small ledgers: figures printed, no result file written. */
const QUICK: Input = { sizes: [4, 12], ordersPerExpert: 12, withdrawalsPerExpert: 3, providerObjectsPer: 'order', concurrency: 4, warmupRuns: 1, runs: 2 };
const quick = process.argv.includes('--quick');
const INPUT = quick ? QUICK : FULL;
/** As scripts/local/stack.ts names them. */
const LOCAL_KEY_PREFIX = 'sk_test_local_';
const CHILD_TIMEOUT_MS = 14 * 60 * 1000;

/**
 * The local Stripe's other side, on one loopback server: its hosted pages and control surface under
 * /_local/payments (as the app's origin serves them), a webhook endpoint that takes every event and
 * does nothing with it (the arrangement writes the ledger itself), and `POST /_bench/clock?ms=`,
 * which moves the local Stripe's clock on: funds settle, payouts reach the bank.
 */
async function startStripeSide(): Promise<{ url: string; localStripe: LocalStripe; webhooks: () => number; stop: () => Promise<void> }> {
  let offsetMs = 0;
  let webhooks = 0;
  let localStripe: LocalStripe | undefined;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/webhooks') {
      webhooks++;
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}'));
      return;
    }
    if (url.pathname === '/_bench/clock' && request.method === 'POST') {
      offsetMs += Number(url.searchParams.get('ms') ?? 0);
      void localStripe?.tick().then(() => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ offsetMs })));
      return;
    }
    if (!localStripe) return response.writeHead(503).end();
    localStripe.serve(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  localStripe = await startLocalStripe({
    appUrl: url,
    webhookUrl: `${url}/webhooks`,
    webhookSecret: `whsec_local_${randomBytes(24).toString('hex')}`,
    now: () => Date.now() + offsetMs,
    retryDelaysMs: [],
  });
  const running = localStripe;
  return {
    url,
    localStripe: running,
    webhooks: () => webhooks,
    async stop() {
      await running.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

runBench(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-reconciliation-'));
  const dynamo = await startDynamo(dataDir);
  const stripeSide = await startStripeSide();
  let result: ReconciliationBenchResult;
  try {
    await ensureTable(dynamo.endpoint, BENCH_TABLE_NAME);
    const { api } = stripeSide.localStripe;
    const env = handlerEnvironment(dynamo.endpoint, {
      appUrl: stripeSide.url,
      STRIPE_SECRET_KEY: `${LOCAL_KEY_PREFIX}${randomBytes(12).toString('hex')}`,
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      STRIPE_API_BASE: `${api.protocol}://${api.host}:${api.port}`,
    });
    result = await runChildTask<ReconciliationBenchInput, ReconciliationBenchResult>(
      join(ROOT, 'bench/lib/reconciliation-handler.ts'),
      { ...INPUT, appUrl: stripeSide.url },
      { env, timeoutMs: CHILD_TIMEOUT_MS },
    );
  } finally {
    await stripeSide.stop();
    dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const webhookDeliveries = stripeSide.webhooks();
  print(result, webhookDeliveries);

  const [small, large] = result.sizes;
  const ratio = (a: number, b: number) => round(a / b, 2);
  const ratios = {
    [`per 10,000 entries, ${large.entries} / ${small.entries} entries`]: {
      wallMsMedian: ratio(large.per10kEntries.wallMsMedian, small.per10kEntries.wallMsMedian),
      dynamoCalls: ratio(large.per10kEntries.dynamoCalls, small.per10kEntries.dynamoCalls),
      itemsRead: ratio(large.per10kEntries.itemsRead, small.per10kEntries.itemsRead),
      providerCalls: ratio(large.per10kEntries.providerCalls, small.per10kEntries.providerCalls),
    },
    [`whole run, ${large.entries} / ${small.entries} entries`]: {
      entries: ratio(large.entries, small.entries),
      wallMsMedian: ratio(large.wallMs.median, small.wallMs.median),
      dynamoCalls: ratio(large.dynamoCalls.total, small.dynamoCalls.total),
      itemsRead: ratio(large.itemsRead, small.itemsRead),
      providerCalls: ratio(large.providerCalls.total, small.providerCalls.total),
    },
  };
  // Linear at worst: the cost of 10,000 entries may not grow with the ledger. Wall time on a shared
  // 2-core machine varies by a third between runs, hence its margin; calls and items are exact.
  const budgets = [
    budget(
      `reconciliation wall time per 10,000 entries (median), ${large.entries} / ${small.entries} entries`,
      ratios[`per 10,000 entries, ${large.entries} / ${small.entries} entries`].wallMsMedian,
      'max',
      1.3,
      'ratio',
    ),
    budget(
      `reconciliation DynamoDB calls per 10,000 entries, ${large.entries} / ${small.entries} entries`,
      ratios[`per 10,000 entries, ${large.entries} / ${small.entries} entries`].dynamoCalls,
      'max',
      1.05,
      'ratio',
    ),
    budget(
      `reconciliation items read per 10,000 entries, ${large.entries} / ${small.entries} entries`,
      ratios[`per 10,000 entries, ${large.entries} / ${small.entries} entries`].itemsRead,
      'max',
      1.05,
      'ratio',
    ),
    budget(
      `reconciliation provider calls per 10,000 entries, ${large.entries} / ${small.entries} entries`,
      ratios[`per 10,000 entries, ${large.entries} / ${small.entries} entries`].providerCalls,
      'max',
      1.05,
      'ratio',
    ),
    budget(
      'differences found on the consistent ledgers (most in a run)',
      Math.max(...result.sizes.flatMap((size) => size.differences)),
      'max',
      0,
      'differences',
    ),
    budget('differences found after one adjust of a connected account', result.adjusted.differences, 'max', 1, 'differences'),
    budget('differences found after one adjust of a connected account (at least)', result.adjusted.differences, 'min', 1, 'differences'),
  ];
  if (quick) {
    for (const b of budgets) console.log(`  budget ${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.value} ${b.unit} (limit ${b.limit}); --quick: no result file`);
    return;
  }
  writeResults('reconciliation', { table: 'DynamoDB Local, on disk (temporary folder)', ...INPUT, ...result, webhookDeliveries, ratios }, budgets);
});

function print(result: ReconciliationBenchResult, webhookDeliveries: number): void {
  const a = result.arrangement;
  console.log(
    `  arranged ${a.map((step) => `${step.experts} experts (+${step.entriesAdded} entries) in ${step.seconds} s`).join(', ')}; ${webhookDeliveries} webhook deliveries taken`,
  );
  for (const size of result.sizes)
    console.log(
      `  ${size.entries} entries, ${size.experts} experts, ${size.accountsChecked} accounts: wall ${size.wallMs.median} ms (${size.wallMs.all.join(', ')}); DynamoDB ${size.dynamoCalls.total} ${JSON.stringify(size.dynamoCalls.byCommand)}, items read ${size.itemsRead}; provider ${size.providerCalls.total} ${JSON.stringify(size.providerCalls.byRoute)}; differences ${size.differences.join(', ')}\n    per 10,000 entries: ${JSON.stringify(size.per10kEntries)}`,
    );
  console.log(`  after adjust of ${result.adjusted.amountCents} cents on ${result.adjusted.account}: ${JSON.stringify(result.adjusted.found)}`);
}
