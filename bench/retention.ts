/**
 * The retention benchmark of issue 15: the retention job's time per 10,000 accounts. 10,000
 * accounts written with the product's item mapper (toAccountItem): 80 % active within the last
 * 300 days, 10 % inactive for 340 days (to warn), 10 % inactive for 400 days and warned 40 days ago
 * (to delete: students without conversations). The job (`runRetention()` of
 * functions/contexts/privacy/retention-service.ts, what the jobs Lambda's daily schedule and
 * `npm run retention` run) called in-process: wall time, DynamoDB calls by command and items read;
 * then a second run, with nothing left to do, which must read only the accounts still inactive.
 *
 * DynamoDB Local in memory; the local mail outbox receives the warnings and notices.
 *
 * Run: npx tsx bench/retention.ts [--strict] [--quick]   (or npm run bench:retention)
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ensureTable, startDynamo } from '../scripts/local/dynamodb';
import { startOutbox } from '../scripts/local/storage';
import { recordCalls } from './lib/aws-calls';
import { BENCH_TABLE_NAME, handlerEnvironment } from './lib/handler-environment';
import { budget, runBench, writeResults } from './lib/results';
import { round } from './lib/stats';

const quick = process.argv.includes('--quick');
const ACCOUNTS = quick ? 1_000 : 10_000;
const DAY_MS = 86_400_000;
/** The run's budget per 10,000 accounts: well inside the jobs Lambda's 900 s. */
const SECONDS_PER_10K_MAX = 300;

runBench(async () => {
  const dynamo = await startDynamo(undefined);
  const outbox = await startOutbox();
  await ensureTable(dynamo.endpoint, BENCH_TABLE_NAME);
  Object.assign(process.env, handlerEnvironment(dynamo.endpoint, { SES_ENDPOINT: outbox.endpoint }));
  // Imported only now: the modules read their configuration from the environment.
  const { db } = await import('../functions/platform/table');
  const { toAccountItem } = await import('../functions/contexts/accounts/account');
  const { runRetention } = await import('../functions/contexts/privacy/retention-service');

  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const items = Array.from({ length: ACCOUNTS }, (_, index) => {
    const share = index / ACCOUNTS;
    const lastActiveAt = share < 0.8 ? ago((index % 300) + 1) : share < 0.9 ? ago(340) : ago(400);
    const userId = randomUUID();
    return toAccountItem({
      userId,
      role: 'user',
      email: `member${index}@bench.test`,
      firstName: 'Bench',
      lastName: `Member ${index}`,
      passwordHash: 'scrypt$1024$8$1$c2FsdA$aGFzaA',
      status: 'active',
      createdAt: ago(500),
      lastActiveAt,
      ...(share >= 0.9 && { inactivityWarnedAt: ago(40) }),
    });
  });
  for (let start = 0; start < items.length; start += 25) {
    const RequestItems = { [BENCH_TABLE_NAME]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) };
    let pending: typeof RequestItems | undefined = RequestItems;
    while (pending && Object.keys(pending).length > 0)
      pending = (await db.send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems as typeof RequestItems;
  }

  const recorder = recordCalls({ dynamodb: db });
  const measure = async () => {
    const from = recorder.calls.length;
    const started = performance.now();
    const result = await runRetention();
    const seconds = (performance.now() - started) / 1000;
    const calls = recorder.calls.slice(from);
    const byCommand: Record<string, number> = {};
    for (const call of calls) byCommand[call.command] = (byCommand[call.command] ?? 0) + 1;
    const itemsRead = calls.reduce((sum, call) => sum + (call.itemsRead ?? 0), 0);
    return { result, seconds: round(seconds), dynamodbCalls: calls.length, byCommand, itemsRead };
  };
  const first = await measure();
  const second = await measure();
  const per10k = (value: number) => round((value * 10_000) / ACCOUNTS);
  const figures = {
    accounts: ACCOUNTS,
    first: { ...first, secondsPer10kAccounts: per10k(first.seconds), dynamodbCallsPer10kAccounts: per10k(first.dynamodbCalls) },
    second: { ...second, secondsPer10kAccounts: per10k(second.seconds) },
  };
  console.log(JSON.stringify(figures, null, 2));
  const budgets = [
    budget('retention run per 10,000 accounts', per10k(first.seconds), 'max', SECONDS_PER_10K_MAX, 's'),
    budget('accounts warned', first.result.warned, 'min', ACCOUNTS * 0.1, 'accounts'),
    budget('accounts deleted', first.result.deleted, 'min', ACCOUNTS * 0.1, 'accounts'),
    // The index is read, never the table: the second run reads the still-inactive accounts only (the warned 10 %).
    budget(
      'items read by a run with nothing to do, per account still inactive',
      round(second.itemsRead / Math.max(1, second.result.examined)),
      'max',
      2.05,
      'items',
    ),
  ];
  if (quick) {
    for (const b of budgets) console.log(`  budget ${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.value} ${b.unit}`);
  } else writeResults('retention', figures, budgets);
  await outbox.stop();
  dynamo.stop();
});
