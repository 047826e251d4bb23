/**
 * Child process of bench/catalogue.ts: the scheduled snapshot job (functions/lambdas/search-indexer/handler.ts)
 * in a fresh process, as its Lambda runs it: the table's experts and published offers read, the
 * index built and serialised, the snapshot put in the files bucket. Answers its time split into
 * the table reads, the S3 put and the rest (building and serialising, CPU), the snapshot's size and
 * the process's peak memory.
 */
import { performance } from 'node:perf_hooks';
import { recordCalls } from './aws-calls';
import { childTask } from './child-task';
import { round } from './stats';

export type IndexerResult = Awaited<ReturnType<typeof runSnapshotJob>>;

childTask(runSnapshotJob);

async function runSnapshotJob() {
  const started = performance.now();
  const indexer = await import('../../functions/lambdas/search-indexer/handler');
  const importMs = performance.now() - started;
  const { db } = await import('../../functions/platform/table');
  const { s3 } = await import('../../functions/platform/s3');
  const recorder = recordCalls({ dynamodb: db, s3 });
  const jobStarted = performance.now();
  const snapshot = await indexer.handler();
  const jobMs = performance.now() - jobStarted;
  const tableReadMs = recorder.busyMs(0, (call) => call.service === 'dynamodb');
  const putMs = recorder.busyMs(0, (call) => call.service === 's3');
  return {
    importMs: round(importMs, 0),
    totalMs: round(jobMs, 0),
    /** Queries of the experts' and the published offers' lists (the two in parallel, each paged). */
    tableReadMs: round(tableReadMs, 0),
    /** Building the index and serialising the snapshot (CPU): the rest of the job. */
    buildAndSerialiseMs: round(jobMs - tableReadMs - putMs, 0),
    putObjectMs: round(putMs, 0),
    calls: recorder.countSince(0),
    experts: snapshot.experts,
    snapshotBytes: snapshot.bytes,
    snapshotMb: round(snapshot.bytes / 1e6, 1),
    /** Peak resident memory of the process: what the indexer Lambda's memory setting must hold. */
    maxRssMb: round(process.resourceUsage().maxRSS / 1e3, 0),
  };
}
