/**
 * Child process of bench/catalogue.ts: the catalogue Lambda (functions/lambdas/catalogue/handler.ts) called
 * in-process, as a fresh Lambda instance would run it. The environment names the table and buckets
 * the parent filled. First the cold start (import, then the first call, which loads the index
 * snapshot from the files bucket), then a warm-up, then the measured calls: sequential, the
 * directory and the offer search alternating, each call's DynamoDB and S3 calls recorded.
 */
import { performance } from 'node:perf_hooks';
import { CATALOGUE } from '../../shared/limits';
import { type AwsCall, recordCalls } from './aws-calls';
import { CHANGE_LOG_POLL, type Endpoint, ENDPOINTS, type QueryMix, queryKind } from './catalogue-queries';
import { childTask, heapUsedAfterGc } from './child-task';
import { round, summarise } from './stats';

export interface HandlerInput {
  originSecret: string;
  queries: QueryMix;
  warmupCalls: number;
}

interface Sample {
  kind: string;
  ms: number;
  /** Wall time with a DynamoDB call in flight. */
  dynamoMs: number;
  reads: Record<string, number>;
  polls: number;
  pollMs: number;
  results: number;
}

export type HandlerResult = Awaited<ReturnType<typeof measure>>;

childTask(measure);

async function measure(input: HandlerInput) {
  const heapAtStart = heapUsedAfterGc();
  const started = performance.now();
  const { handler } = await import('../../functions/lambdas/catalogue/handler');
  const importMs = performance.now() - started;
  // Imported after the handler, so that the handler's import time includes everything it loads.
  const { db } = await import('../../functions/platform/table');
  const { s3 } = await import('../../functions/platform/s3');
  const { CATALOGUE_CHANGES_PK } = await import('../../functions/platform/keys');
  const { getEvent } = await import('./gateway-event');
  const recorder = recordCalls({ dynamodb: db, s3 }, (command, commandInput) =>
    command === 'Query' && Object.values((commandInput.ExpressionAttributeValues ?? {}) as Record<string, unknown>).includes(CATALOGUE_CHANGES_PK)
      ? CHANGE_LOG_POLL
      : command,
  );

  async function call(endpoint: Endpoint, query: string): Promise<Sample> {
    const path = `${ENDPOINTS[endpoint].path}${query ? `?${query}` : ''}`;
    const from = recorder.calls.length;
    const at = performance.now();
    const response = await handler(getEvent(path, input.originSecret));
    const ms = performance.now() - at;
    if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body}`);
    const body = JSON.parse(response.body ?? 'null') as unknown[] | { items: unknown[] };
    const counts = recorder.countSince(from);
    const { [CHANGE_LOG_POLL]: polls = 0, ...reads } = counts;
    const pollCalls = recorder.calls.slice(from).filter((c) => c.label === CHANGE_LOG_POLL);
    return {
      kind: queryKind(query),
      ms,
      dynamoMs: recorder.busyMs(from, isDynamo),
      reads,
      polls,
      pollMs: pollCalls.reduce((sum, c) => sum + (c.end - c.start), 0),
      results: Array.isArray(body) ? body.length : body.items.length,
    };
  }

  // Cold: the home page's slider is what a visitor's first visit asks for.
  const heapBeforeCall = heapUsedAfterGc();
  const coldFrom = recorder.calls.length;
  const first = await call('directory', `limit=${CATALOGUE.sliderLoad}&sort=new`);
  const cold = {
    importMs: round(importMs),
    heapAfterImportMb: round((heapBeforeCall - heapAtStart) / 1e6, 1),
    firstCallMs: round(first.ms),
    /** The first call's parts: the snapshot's GetObject (until its headers), DynamoDB, and the rest (download, parse, load, query). */
    snapshotGetObjectMs: round(recorder.busyMs(coldFrom, (c) => c.service === 's3')),
    dynamoMs: round(first.dynamoMs),
    otherMs: round(first.ms - recorder.busyMs(coldFrom)),
    calls: recorder.countSince(coldFrom),
    /** Heap held once the index is loaded (after a full collection), over the heap before the first call. */
    indexHeapMb: round((heapUsedAfterGc() - heapBeforeCall) / 1e6, 1),
    maxRssMb: round(process.resourceUsage().maxRSS / 1e3, 0),
  };

  const mix = input.queries;
  const count = Math.min(mix.directory.length, mix.search.length);
  for (let i = 0; i < input.warmupCalls; i++) {
    for (const endpoint of ['directory', 'search'] as const) await call(endpoint, mix[endpoint][i % count]);
  }

  const samples: Record<Endpoint, Sample[]> = { directory: [], search: [] };
  const measuredFrom = performance.now();
  for (let i = 0; i < count; i++) {
    // Alternating, so that a change in the machine's load falls on both endpoints alike.
    for (const endpoint of ['directory', 'search'] as const) samples[endpoint].push(await call(endpoint, mix[endpoint][i]));
  }
  const measuredSeconds = (performance.now() - measuredFrom) / 1000;

  const indexTimes = await timeIndexQueries(mix);
  const endpoints = Object.fromEntries(
    (Object.keys(ENDPOINTS) as Endpoint[]).map((endpoint) => [ENDPOINTS[endpoint].route, describe(samples[endpoint], indexTimes[endpoint])]),
  );
  const all = [...samples.directory, ...samples.search];
  const polling = all.filter((sample) => sample.polls > 0);
  const polls = all.reduce((sum, sample) => sum + sample.polls, 0);
  /** The index's change-log poll: at most once a second per instance, whatever the traffic, so it is counted apart. */
  const changeLogPoll = {
    total: polls,
    perSecond: round(polls / measuredSeconds, 2),
    requestsWithPoll: polling.length,
    queryMs: summarise(polling.map((sample) => sample.pollMs)),
  };
  const freshness = await measureFreshness((path) => handler(getEvent(path, input.originSecret)));
  const snapshotLoad = await loadSnapshotInSteps();
  return { cold, endpoints, changeLogPoll, freshness, snapshotLoad, measuredSeconds: round(measuredSeconds, 1) };
}

type Ask = (path: string) => Promise<{ statusCode?: number; body?: string }>;
interface Card {
  _id: string;
  rating: number;
  profilePhoto?: string;
}

/** How often the freshness measure asks the handler again while it waits for a change to show. */
const FRESHNESS_ASK_MS = 20;
const FRESHNESS_GIVE_UP_MS = 30_000;

/**
 * How soon a change reaches this warm instance's cards, as a member sees them: each change written
 * as the product writes it (the repository's own transaction, with its change-log item, as another
 * Lambda would), then the handler asked every 20 ms until its answer shows the change. Timed from
 * the write's answer; the index polls the change log at most once a second (catalogue-index.ts).
 */
async function measureFreshness(ask: Ask) {
  const accounts = await import('../../functions/contexts/accounts/repository');
  const profiles = await import('../../functions/contexts/accounts/profile-repository');
  const offers = await import('../../functions/contexts/catalogue/offer-repository');
  const { catalogueChangePut } = await import('../../functions/contexts/search/catalogue-changes');
  const { transact } = await import('../../functions/platform/table');
  const read = async <T>(path: string): Promise<T> => {
    const response = await ask(path);
    if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body}`);
    return JSON.parse(response.body ?? 'null') as T;
  };
  const newest = () => read<{ items: Card[] }>('/user/professors?limit=20&sort=new').then((page) => page.items);
  const latestOffers = () => read<{ _id: string; professor: { _id: string } }[]>('/offers/all?page=1&limit=20');
  const timeUntil = async (write: () => Promise<unknown>, shown: () => Promise<boolean>) => {
    await write();
    const at = performance.now();
    while (!(await shown())) {
      if (performance.now() - at > FRESHNESS_GIVE_UP_MS) throw new Error('a change did not reach the index within 30 s');
      await new Promise((resolve) => setTimeout(resolve, FRESHNESS_ASK_MS));
    }
    return round(performance.now() - at);
  };
  const account = async (id: string) => {
    const found = await accounts.getAccount(id, { consistent: true });
    if (!found) throw new Error(`no account ${id}`);
    return found;
  };

  const [offer] = await latestOffers();
  const others = (await newest()).filter((card) => card._id !== offer.professor._id);
  const [banned, rated, pictured] = others;
  const photo = `users/${pictured._id}/fresh-photo.webp`;
  // One review of other stars than the expert's average now.
  const stars = rated.rating === 1 ? 5 : 1;
  return {
    askEveryMs: FRESHNESS_ASK_MS,
    banMs: await timeUntil(
      async () => accounts.setBanned(await account(banned._id), true, []),
      async () => !(await newest()).some((card) => card._id === banned._id),
    ),
    newRatingMs: await timeUntil(
      () => transact({ TransactItems: [accounts.expertRatingSet(rated._id, stars, 1), catalogueChangePut('expert', rated._id, rated._id)] }),
      async () => (await newest()).find((card) => card._id === rated._id)?.rating === stars,
    ),
    newPhotoMs: await timeUntil(
      async () => profiles.updateProfile(await account(pictured._id), { profilePhoto: photo }),
      async () => (await newest()).find((card) => card._id === pictured._id)?.profilePhoto === photo,
    ),
    archivedOfferMs: await timeUntil(
      async () => {
        const found = await offers.getOffer(offer._id, { consistent: true });
        if (!found || !(await offers.retireOffer(found, 'archived', {}))) throw new Error(`offer ${offer._id} not archived`);
      },
      async () => !(await latestOffers()).some((listed) => listed._id === offer._id),
    ),
  };
}

const isDynamo = (call: AwsCall) => call.service === 'dynamodb';

/**
 * The search index's share: the same queries, parsed by the routes' schemas, straight to the live
 * index the handler uses (no DynamoDB, no HTTP layer), one after the other.
 */
async function timeIndexQueries(mix: QueryMix): Promise<Record<Endpoint, IndexTime[]>> {
  const { searchIndex } = await import('../../functions/contexts/catalogue/search-service');
  const { expertDirectoryQuery, offerSearchQuery } = await import('../../shared/schemas/catalogue');
  const index = await searchIndex();
  const parsed = (query: string) => Object.fromEntries(new URLSearchParams(query));
  const time = (query: string, run: () => unknown): IndexTime => {
    const at = performance.now();
    run();
    return { kind: queryKind(query), ms: performance.now() - at };
  };
  return {
    directory: mix.directory.map((query) => {
      const directoryQuery = expertDirectoryQuery.parse(parsed(query));
      return time(query, () => index.experts(directoryQuery));
    }),
    search: mix.search.map((query) => {
      const { q = '', limit } = offerSearchQuery.parse(parsed(query));
      return time(query, () => index.offers(q, limit));
    }),
  };
}

interface IndexTime {
  kind: string;
  ms: number;
}

function describe(samples: Sample[], indexTimes: IndexTime[]) {
  const readsOf = (sample: Sample) => Object.values(sample.reads).reduce((sum, n) => sum + n, 0);
  const readsPerRequest = samples.map(readsOf);
  const byCommand: Record<string, number> = {};
  for (const sample of samples) for (const [command, n] of Object.entries(sample.reads)) byCommand[command] = (byCommand[command] ?? 0) + n;
  const withResults = samples.filter((sample) => sample.results > 0);
  return {
    latencyMs: summarise(samples.map((sample) => sample.ms)),
    /** Time with a DynamoDB call in flight (the change-log poll included), and the rest: validation, index query, JSON. */
    dynamoMs: summarise(samples.map((sample) => sample.dynamoMs)),
    otherMs: summarise(samples.map((sample) => sample.ms - sample.dynamoMs)),
    /** The requests that did not poll the change log. */
    latencyWithoutPollMs: summarise(samples.filter((sample) => sample.polls === 0).map((sample) => sample.ms)),
    /** The search index alone, on the same queries (timeIndexQueries). */
    indexQueryMs: summarise(indexTimes.map((time) => time.ms)),
    byQueryKind: Object.fromEntries(
      [...new Set(samples.map((sample) => sample.kind))].sort().map((kind) => {
        const ofKind = samples.filter((sample) => sample.kind === kind);
        const latency = summarise(ofKind.map((sample) => sample.ms));
        const index = summarise(indexTimes.filter((time) => time.kind === kind).map((time) => time.ms));
        return [
          kind,
          {
            count: ofKind.length,
            latencyP50: latency.p50,
            latencyP95: latency.p95,
            dynamoP95: summarise(ofKind.map((sample) => sample.dynamoMs)).p95,
            indexP50: index.p50,
            indexP95: index.p95,
          },
        ];
      }),
    ),
    /** Per request, the change-log poll apart (a request with no match reads nothing). */
    dynamoCalls: {
      readsPerRequest: { mean: round(mean(readsPerRequest), 3), max: Math.max(...readsPerRequest), min: Math.min(...readsPerRequest) },
      readsPerRequestWithResults: round(mean(withResults.map(readsOf)), 3),
      byCommand: Object.fromEntries(Object.entries(byCommand).map(([command, n]) => [command, { total: n, perRequest: round(n / samples.length, 3) }])),
      requestsWithChangeLogPoll: samples.filter((sample) => sample.polls > 0).length,
    },
    results: { meanItems: round(mean(samples.map((sample) => sample.results)), 1), emptyShare: round(1 - withResults.length / samples.length, 3) },
  };
}

/**
 * The snapshot load of a cold start, step by step, as catalogue-index.ts does it (GetObject, body
 * to a string, the envelope's JSON, then loadSearchIndex). Run last, in a warm process: the steps'
 * lower bounds, showing which one dominates the first call.
 */
async function loadSnapshotInSteps() {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const { s3 } = await import('../../functions/platform/s3');
  const { config } = await import('../../functions/platform/config');
  const { SEARCH_SNAPSHOT } = await import('../../functions/contexts/search/snapshot-settings');
  const { loadSearchIndex } = await import('../../functions/contexts/search/search-index');
  const { CARDS_FORMAT } = await import('../../functions/contexts/catalogue/search-service');
  const at = [performance.now()];
  const { Body } = await s3.send(new GetObjectCommand({ Bucket: config.filesBucket, Key: SEARCH_SNAPSHOT.key }));
  at.push(performance.now());
  if (!Body) throw new Error(`the search snapshot ${SEARCH_SNAPSHOT.key} has no body`);
  const text = await Body.transformToString();
  at.push(performance.now());
  const envelope = JSON.parse(text) as { index: string };
  at.push(performance.now());
  const index = loadSearchIndex(envelope.index, CARDS_FORMAT);
  at.push(performance.now());
  index.experts({ page: 1, limit: 1 });
  const step = (i: number) => round(at[i + 1] - at[i]);
  return { getObjectMs: step(0), downloadMs: step(1), envelopeParseMs: step(2), loadSearchIndexMs: step(3), totalMs: round(at[4] - at[0]) };
}

const mean = (values: number[]) => (values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : Number.NaN);
