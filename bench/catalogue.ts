/**
 * The catalogue's read path at three sizes (issues 6 and 29): `GET /api/user/professors` and
 * `GET /api/offers/search` through the real catalogue Lambda, over a generated catalogue of 1,000
 * experts / 5,000 offers, then 10,000 / 50,000 and 20,000 / 100,000 (scripts/generate-catalogue.ts),
 * in DynamoDB Local and the local S3. The cards come from the search index (decision 288): no
 * DynamoDB call per request but the change-log poll, counted apart.
 *
 * For each size, with a fresh DynamoDB Local (in memory) and s3rver (in a temporary folder), three
 * child processes in turn, each with the handlers' environment (they read it at import): one writes
 * the catalogue; one runs the scheduled snapshot job as its Lambda would (time, snapshot size, peak
 * memory); one imports the catalogue Lambda and calls it in-process with payload 2.0 events as the
 * local gateway builds them: the cold first call (the snapshot loaded from the files bucket, the heap
 * the index holds), a warm-up, then 2,000 sequential calls per endpoint of a query mix drawn from
 * the catalogue's words (handler latency, not throughput), counting the DynamoDB calls of each, and
 * the same queries straight to the search index for its share (the floor the latency is judged
 * against), and how soon a ban, a new rating, a new photo and an archived offer reach the warm
 * index's cards.
 *
 * Run: node --expose-gc --import tsx bench/catalogue.ts [--strict] [--cpu-prof]
 * (--cpu-prof writes a V8 CPU profile of each size's handler process to bench/.tmp/cpu-prof/.)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../scripts/local/dynamodb';
import { startS3 } from '../scripts/local/storage';
import type { HandlerInput, HandlerResult } from './lib/catalogue-handler';
import { ENDPOINTS } from './lib/catalogue-queries';
import type { IndexerResult } from './lib/catalogue-indexer';
import type { WriterInput, WriterResult } from './lib/catalogue-writer';
import { runChildTask } from './lib/child-task';
import { BENCH_FILES_BUCKET, BENCH_MEDIA_BUCKET, BENCH_TABLE_NAME, handlerEnvironment } from './lib/handler-environment';
import { budget, ROOT, runBench, writeResults } from './lib/results';
import { round } from './lib/stats';

const SIZES = [
  { experts: 1_000, offers: 5_000 },
  { experts: 10_000, offers: 50_000 },
  { experts: 20_000, offers: 100_000 },
];
/** scripts/generate-catalogue.ts's default: the catalogue its command line writes. */
const SEED = 1;
const CALLS_PER_ENDPOINT = 2_000;
const WARMUP_CALLS = 200;
/** Issue 29: the handler's p95 of both endpoints at 10,000 experts, at most this many times the index's alone on the same queries. */
const P95_OVER_INDEX = 2;
/** Issue 29: a ban reaches every warm index within the change-log poll's bound. */
const BAN_REACHES_INDEX_MS = 10_000;
/** As scripts/local/stack.ts names them. */
const CHILD_TIMEOUT_MS = 6 * 60 * 1000;

async function measureSize(size: (typeof SIZES)[number]) {
  const s3Dir = mkdtempSync(join(tmpdir(), 'bench-catalogue-s3-'));
  // In memory: writing 60,000 items to DynamoDB Local on disk takes many minutes.
  const dynamo = await startDynamo(undefined);
  const s3 = await startS3(s3Dir, [BENCH_MEDIA_BUCKET, BENCH_FILES_BUCKET]);
  try {
    await ensureTable(dynamo.endpoint, BENCH_TABLE_NAME);
    const env = handlerEnvironment(dynamo.endpoint, { S3_ENDPOINT: s3.endpoint, UPLOAD_FORM_ENDPOINT: 'http://localhost:3000/_local/upload-form' });
    const { queries, ...writing } = await runChildTask<WriterInput, WriterResult>(
      join(ROOT, 'bench/lib/catalogue-writer.ts'),
      { ...size, seed: SEED, queries: CALLS_PER_ENDPOINT },
      { env, timeoutMs: CHILD_TIMEOUT_MS },
    );
    const snapshotJob = await runChildTask<undefined, IndexerResult>(join(ROOT, 'bench/lib/catalogue-indexer.ts'), undefined, {
      env,
      timeoutMs: CHILD_TIMEOUT_MS,
    });
    const profileDir = join(ROOT, 'bench/.tmp/cpu-prof');
    if (process.argv.includes('--cpu-prof')) mkdirSync(profileDir, { recursive: true });
    const nodeFlags = process.argv.includes('--cpu-prof')
      ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=catalogue-${size.experts}.cpuprofile`]
      : [];
    const handler = await runChildTask<HandlerInput, HandlerResult>(
      join(ROOT, 'bench/lib/catalogue-handler.ts'),
      { originSecret: env.ORIGIN_SECRET, queries, warmupCalls: WARMUP_CALLS },
      { env, nodeFlags, timeoutMs: CHILD_TIMEOUT_MS },
    );
    return { ...size, ...writing, snapshotJob, ...handler };
  } finally {
    await s3.stop();
    dynamo.stop();
    rmSync(s3Dir, { recursive: true, force: true });
  }
}

runBench(async () => {
  // Lambdas run Node.js 22 on AWS; this machine may run Node 20 (as scripts/local/stack.ts says).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const results: Awaited<ReturnType<typeof measureSize>>[] = [];
  for (const size of SIZES) {
    console.log(`  ${size.experts} experts / ${size.offers} offers ...`);
    const result = await measureSize(size);
    results.push(result);
    printSize(result);
  }
  const large = results.find((result) => result.experts === 10_000) ?? results[1];
  const budgets = [
    ...Object.values(ENDPOINTS).flatMap(({ route }) => [
      budget(
        `${route} p95 at ${large.experts} experts <= ${P95_OVER_INDEX} x the index alone (${large.endpoints[route].indexQueryMs.p95} ms)`,
        large.endpoints[route].latencyMs.p95,
        'max',
        round(P95_OVER_INDEX * large.endpoints[route].indexQueryMs.p95, 3),
        'ms',
      ),
      ...results.map((result) =>
        budget(
          `${route} DynamoDB calls per request at ${result.experts} experts (max, change-log poll apart)`,
          result.endpoints[route].dynamoCalls.readsPerRequest.max,
          'max',
          0,
          'calls',
        ),
      ),
    ]),
    ...results.map((result) =>
      budget(`a ban out of the warm index's cards at ${result.experts} experts`, result.freshness.banMs, 'max', BAN_REACHES_INDEX_MS, 'ms'),
    ),
  ];
  writeResults(
    'catalogue',
    {
      seed: SEED,
      callsPerEndpoint: CALLS_PER_ENDPOINT,
      warmupCallsPerEndpoint: WARMUP_CALLS,
      indexHeapMbPer10kExperts: round((large.cold.indexHeapMb * 10_000) / large.experts, 0),
      sizes: results,
    },
    budgets,
  );
});

function printSize(result: Awaited<ReturnType<typeof measureSize>>): void {
  const { snapshotJob: job, cold, snapshotLoad } = result;
  console.log(
    `    ${result.write.items} items written in ${(result.write.ms / 1000).toFixed(1)} s; snapshot job ${job.totalMs} ms (table reads ${job.tableReadMs}, build + serialise ${job.buildAndSerialiseMs}, put ${job.putObjectMs}), snapshot ${job.snapshotMb} MB`,
  );
  console.log(
    `    cold: import ${cold.importMs} ms, first call ${cold.firstCallMs} ms (snapshot load: get ${snapshotLoad.getObjectMs}, download ${snapshotLoad.downloadMs}, parse ${snapshotLoad.envelopeParseMs}, load ${snapshotLoad.loadSearchIndexMs} ms), index heap ${cold.indexHeapMb} MB, max RSS ${cold.maxRssMb} MB`,
  );
  for (const [route, figures] of Object.entries(result.endpoints)) {
    const { latencyMs: l, dynamoCalls: c } = figures;
    console.log(
      `    ${route.padEnd(26)} p50 ${l.p50} p95 ${l.p95} p99 ${l.p99} ms (DynamoDB p95 ${figures.dynamoMs.p95}, rest p95 ${figures.otherMs.p95}, index alone p95 ${figures.indexQueryMs.p95}); DynamoDB reads/request mean ${c.readsPerRequest.mean} max ${c.readsPerRequest.max}`,
    );
  }
  console.log(
    `    change-log polls: ${result.changeLogPoll.total} in ${result.measuredSeconds} s (${result.changeLogPoll.perSecond}/s), Query p95 ${result.changeLogPoll.queryMs.p95} ms`,
  );
  const { freshness: f } = result;
  console.log(
    `    changes seen on the cards after: ban ${f.banMs} ms, new rating ${f.newRatingMs} ms, new photo ${f.newPhotoMs} ms, archived offer ${f.archivedOfferMs} ms`,
  );
}
