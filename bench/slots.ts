/**
 * The free slots of issue 25: `GET /experts/{id}/slots` for a 1-day and a 60-day range of an expert
 * with hours, 500 busy times read from their own calendar and 500 bookings, its p95 and its DynamoDB calls per request, beside the raw GetItem of
 * the same table measured in the same run (the floor). The calls must not grow with the range.
 *
 * DynamoDB Local on disk in a temporary folder, one child process with the handlers' environment
 * calling the orders Lambda in-process (bench/lib/slots-handler.ts).
 *
 * Run: npx tsx bench/slots.ts [--strict]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../scripts/local/dynamodb';
import { runChildTask } from './lib/child-task';
import { BENCH_TABLE_NAME, handlerEnvironment } from './lib/handler-environment';
import type { SlotsBenchInput, SlotsBenchResult } from './lib/slots-handler';
import { budget, ROOT, runBench, writeResults } from './lib/results';
import { round } from './lib/stats';

const INPUT: Omit<SlotsBenchInput, 'originSecret'> = { bookings: 500, busyTimes: 500, warmupRounds: 20, rounds: 200 };
const CHILD_TIMEOUT_MS = 10 * 60 * 1000;

runBench(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-slots-'));
  const dynamo = await startDynamo(dataDir);
  let result: SlotsBenchResult;
  try {
    await ensureTable(dynamo.endpoint, BENCH_TABLE_NAME);
    const env = handlerEnvironment(dynamo.endpoint);
    result = await runChildTask<SlotsBenchInput, SlotsBenchResult>(
      join(ROOT, 'bench/lib/slots-handler.ts'),
      { ...INPUT, originSecret: env.ORIGIN_SECRET },
      { env, timeoutMs: CHILD_TIMEOUT_MS },
    );
  } finally {
    dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [day, sixty] = result.ranges;
  for (const range of result.ranges)
    console.log(
      `${range.range}: p50 ${range.latencyMs.p50} ms, p95 ${range.latencyMs.p95} ms, ${range.freeSlots} free starts, DynamoDB calls ${range.dynamoCallsPerRequest.min}-${range.dynamoCallsPerRequest.max} ${JSON.stringify(range.dynamoCallsPerRequest.byCommand)}`,
    );
  console.log(`GetItem floor: p50 ${result.getItemFloorMs.p50} ms, p95 ${result.getItemFloorMs.p95} ms`);
  writeResults(
    'slots',
    {
      ...result,
      ratios: {
        p95SixtyDaysToOneDay: round(sixty.latencyMs.p95 / day.latencyMs.p95, 2),
        p95SixtyDaysToGetItem: round(sixty.latencyMs.p95 / result.getItemFloorMs.p95, 2),
      },
    },
    // A bounded number of calls whatever the range: as many for 60 days as for one.
    [budget('DynamoDB calls per request, 60 days over 1 day', round(sixty.dynamoCallsPerRequest.max / day.dynamoCallsPerRequest.max, 2), 'max', 1, 'ratio')],
  );
});
