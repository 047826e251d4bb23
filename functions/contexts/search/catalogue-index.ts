/**
 * The live search index of a Lambda (or of the local stack's process): loaded from the latest
 * snapshot in the files bucket, or built from the catalogue when there is none, then kept fresh by
 * replaying the catalogue's change log (catalogue-changes.ts) at most once a second. A change is
 * applied by re-reading the one expert it touches and their offers: a few reads per change, none per
 * request, whatever the catalogue's size. What an expert or an offer is, the catalogue says, through
 * the CatalogueSource it hands in: this context reads none of its items.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { config } from '../../platform/config';
import { db } from '../../platform/table';
import { CATALOGUE_CHANGES_PK } from '../../platform/keys';
import { logger } from '../../platform/logger';
import { s3 } from '../../platform/s3';
import { fromCatalogueChangeItem } from './catalogue-changes';
import { SEARCH_SNAPSHOT } from './snapshot-settings';
import { buildSearchIndex, type ExpertEntry, loadSearchIndex, type OfferEntry, type SearchIndex, SnapshotFormatError } from './search-index';

/** A warm index reads the change log at most this often: what "visible within seconds" costs. */
const CHANGE_POLL_MS = 1000;
/** Changes are re-read this far behind the newest one seen: writers' clocks and commits can lag. */
const CHANGE_OVERLAP_MS = 10_000;
/** A snapshot older than this may predate changes the log (a day's TTL) has dropped: build instead. */
const SNAPSHOT_MAX_AGE_MS = 20 * 60 * 60 * 1000;
/** More changes than this since the snapshot: building afresh is cheaper than replaying. */
const CHANGE_REPLAY_MAX = 500;

/** Where the index's entries come from: the catalogue, which knows who is listed and what is published, and what its cards show. */
export interface CatalogueSource<ExpertCard = unknown, OfferCard = unknown> {
  /** The layout of the entries' cards: a snapshot of cards of another layout is not loaded. */
  cardsFormat: string;
  /** Every listed expert and every published offer (a build; never a request path). */
  everything(): Promise<{ experts: ExpertEntry<ExpertCard>[]; offers: OfferEntry<OfferCard>[] }>;
  /**
   * One expert as the catalogue has them now (none when not listed) with their published offers;
   * the offers named are read strongly consistent (the lists they come from may lag a write).
   */
  expert(expertId: string, changedOfferIds: string[]): Promise<{ expert?: ExpertEntry<ExpertCard>; offers: OfferEntry<OfferCard>[] }>;
}

interface Snapshot {
  /** Changes from this time on are not in the snapshot. */
  watermark: string;
  index: string;
}
const snapshotFile: z.ZodMiniType<Snapshot> = z.object({ watermark: z.string(), index: z.string() });

interface LiveIndex {
  index: SearchIndex;
  watermark: string;
  checkedAt: number;
  /** Change items already applied (by sort key), within the overlap window. */
  applied: Set<string>;
  refreshing?: Promise<void>;
}

let live: Promise<LiveIndex> | undefined;

/** The index, fresh to within about a second of the last catalogue change. */
export async function catalogueIndex<ExpertCard, OfferCard>(source: CatalogueSource<ExpertCard, OfferCard>): Promise<SearchIndex<ExpertCard, OfferCard>> {
  live ??= openIndex(source).catch((error: unknown) => {
    live = undefined;
    throw error;
  });
  const current = await live;
  if (Date.now() - current.checkedAt >= CHANGE_POLL_MS) {
    // A failed poll leaves the index a moment staler, never fails a search: the next request polls again.
    current.refreshing ??= applyChanges(current, source)
      .catch((error: unknown) => logger.warn('Search index not refreshed', { error }))
      .finally(() => (current.refreshing = undefined));
    await current.refreshing;
  }
  // One source, the catalogue's, ever opens the live index.
  return current.index as SearchIndex<ExpertCard, OfferCard>;
}

async function openIndex(source: CatalogueSource): Promise<LiveIndex> {
  const snapshot = await readSnapshot();
  if (snapshot && Date.now() - Date.parse(snapshot.watermark) < SNAPSHOT_MAX_AGE_MS) {
    try {
      return { index: loadSearchIndex(snapshot.index, source.cardsFormat), watermark: snapshot.watermark, checkedAt: 0, applied: new Set() };
    } catch (error) {
      // A snapshot an older release wrote: build this once; the next scheduled snapshot has the new layout.
      if (!(error instanceof SnapshotFormatError)) throw error;
      logger.info('Search snapshot of another format: building the index', { error });
    }
  }
  const built = await build(source);
  return { index: built.index, watermark: built.watermark, checkedAt: Date.now(), applied: new Set() };
}

/** Builds the index from the whole catalogue (Queries of the experts' and the published offers' lists, never a Scan). */
async function build(source: CatalogueSource): Promise<{ index: SearchIndex; watermark: string }> {
  const watermark = new Date().toISOString();
  const { experts, offers } = await source.everything();
  return { index: buildSearchIndex(experts, offers, source.cardsFormat), watermark };
}

/** Builds a fresh snapshot and stores it for every Lambda's next cold start (the scheduled job). */
export async function writeCatalogueSnapshot(source: CatalogueSource): Promise<{ experts: number; bytes: number }> {
  const { index, watermark } = await build(source);
  const body = JSON.stringify({ watermark, index: index.snapshot() } satisfies Snapshot);
  await s3.send(new PutObjectCommand({ Bucket: config.filesBucket, Key: SEARCH_SNAPSHOT.key, Body: body, ContentType: 'application/json' }));
  return { experts: index.experts({ page: 1, limit: 1 }).total, bytes: Buffer.byteLength(body) };
}

async function readSnapshot(): Promise<Snapshot | undefined> {
  try {
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: config.filesBucket, Key: SEARCH_SNAPSHOT.key }));
    return Body && snapshotFile.parse(JSON.parse(await Body.transformToString()));
  } catch (error) {
    if (error instanceof NoSuchKey || (error instanceof Error && error.name === 'NoSuchKey')) return undefined;
    throw error;
  }
}

/** The later of two ISO-8601 times (or keys that start with one): strings compare in time order. */
const later = (a: string, b: string) => (a > b ? a : b);

async function applyChanges(current: LiveIndex, source: CatalogueSource): Promise<void> {
  const since = new Date(Date.parse(current.watermark) - CHANGE_OVERLAP_MS).toISOString();
  const { Items = [], LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND sk > :since',
      ExpressionAttributeValues: { ':pk': CATALOGUE_CHANGES_PK, ':since': since },
      ConsistentRead: true,
      Limit: CHANGE_REPLAY_MAX,
    }),
  );
  current.checkedAt = Date.now();
  if (LastEvaluatedKey) {
    logger.info('Search index rebuilt: too many changes to replay', { since });
    Object.assign(current, await build(source), { applied: new Set() });
    return;
  }
  const changes = Items.map(fromCatalogueChangeItem).filter((change) => !current.applied.has(change.sk));
  if (changes.length === 0) return;
  const changedOffers = new Map<string, string[]>();
  for (const change of changes) {
    const ids = changedOffers.get(change.expertId) ?? [];
    if (change.kind === 'offer') ids.push(change.id);
    changedOffers.set(change.expertId, ids);
  }
  await Promise.all(
    [...changedOffers].map(async ([expertId, offerIds]) => {
      const { expert, offers } = await source.expert(expertId, offerIds);
      current.index.replaceExpert(expertId, expert, offers);
    }),
  );
  for (const change of changes) current.applied.add(change.sk);
  const newest = changes.reduce((latest, change) => later(change.sk, latest), current.watermark).slice(0, 24);
  current.watermark = later(newest, current.watermark);
  const horizon = new Date(Date.parse(current.watermark) - CHANGE_OVERLAP_MS).toISOString();
  for (const sk of current.applied) if (sk < horizon) current.applied.delete(sk);
}
