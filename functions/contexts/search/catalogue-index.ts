/**
 * The live search index of a Lambda (or of the local stack's process): loaded from the latest
 * snapshot in the files bucket, or built from the table when there is none, then kept fresh by
 * replaying the catalogue's change log (catalogue-changes.ts) at most once a second. A change is
 * applied by re-reading the one expert it touches and their offers: a few reads per change, none per
 * request, whatever the catalogue's size.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { db } from '../../platform/table';
import { CATALOGUE_CHANGES_PK, GSI1, offerKey, userKey, usersOfRole } from '../../platform/keys';
import { logger } from '../../platform/logger';
import { s3 } from '../../platform/s3';
import type { AccountRecord } from '../accounts/account';
import { isListedExpert } from '../catalogue/expert';
import { fromOfferItem, type OfferRecord } from '../catalogue/offer';
import { allApprovedOffers, offersOfExpert } from '../catalogue/offer-repository';
import type { CatalogueChange } from './catalogue-changes';
import { SEARCH_SNAPSHOT } from './snapshot-settings';
import { buildSearchIndex, type ExpertEntry, loadSearchIndex, type OfferEntry, type SearchIndex } from './search-index';

/** A warm index reads the change log at most this often: what "visible within seconds" costs. */
const CHANGE_POLL_MS = 1000;
/** Changes are re-read this far behind the newest one seen: writers' clocks and commits can lag. */
const CHANGE_OVERLAP_MS = 10_000;
/** A snapshot older than this may predate changes the log (a day's TTL) has dropped: build instead. */
const SNAPSHOT_MAX_AGE_MS = 20 * 60 * 60 * 1000;
/** More changes than this since the snapshot: building afresh is cheaper than replaying. */
const CHANGE_REPLAY_MAX = 500;

interface Snapshot {
  /** Changes from this time on are not in the snapshot. */
  watermark: string;
  index: string;
}

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
export async function catalogueIndex(): Promise<SearchIndex> {
  live ??= openIndex().catch((error: unknown) => {
    live = undefined;
    throw error;
  });
  const current = await live;
  if (Date.now() - current.checkedAt >= CHANGE_POLL_MS) {
    // A failed poll leaves the index a moment staler, never fails a search: the next request polls again.
    current.refreshing ??= applyChanges(current)
      .catch((error: unknown) => logger.warn('Search index not refreshed', error as Error))
      .finally(() => (current.refreshing = undefined));
    await current.refreshing;
  }
  return current.index;
}

async function openIndex(): Promise<LiveIndex> {
  const snapshot = await readSnapshot();
  if (snapshot && Date.now() - Date.parse(snapshot.watermark) < SNAPSHOT_MAX_AGE_MS) {
    return { index: loadSearchIndex(snapshot.index), watermark: snapshot.watermark, checkedAt: 0, applied: new Set() };
  }
  const built = await buildFromTable();
  return { index: built.index, watermark: built.watermark, checkedAt: Date.now(), applied: new Set() };
}

/** Builds the index from the table (Queries of the experts' and the published offers' lists, never a Scan). */
async function buildFromTable(): Promise<{ index: SearchIndex; watermark: string }> {
  const watermark = new Date().toISOString();
  const [experts, offers] = await Promise.all([listedExperts(), allApprovedOffers()]);
  return { index: buildSearchIndex(experts.map(toExpertEntry), offers.map(toOfferEntry)), watermark };
}

/** Builds a fresh snapshot and stores it for every Lambda's next cold start (the scheduled job). */
export async function writeCatalogueSnapshot(): Promise<{ experts: number; bytes: number }> {
  const { index, watermark } = await buildFromTable();
  const body = JSON.stringify({ watermark, index: index.snapshot() } satisfies Snapshot);
  await s3.send(new PutObjectCommand({ Bucket: config.filesBucket, Key: SEARCH_SNAPSHOT.key, Body: body, ContentType: 'application/json' }));
  return { experts: index.experts({ page: 1, limit: 1 }).total, bytes: Buffer.byteLength(body) };
}

async function readSnapshot(): Promise<Snapshot | undefined> {
  try {
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: config.filesBucket, Key: SEARCH_SNAPSHOT.key }));
    return JSON.parse(await Body!.transformToString()) as Snapshot;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

async function applyChanges(current: LiveIndex): Promise<void> {
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
    Object.assign(current, await buildFromTable(), { applied: new Set() });
    return;
  }
  const changes = (Items as CatalogueChange[]).filter((change) => !current.applied.has(change.sk));
  if (changes.length === 0) return;
  const changedOffers = new Map<string, string[]>();
  for (const change of changes) {
    const ids = changedOffers.get(change.expertId) ?? [];
    if (change.kind === 'offer') ids.push(change.id);
    changedOffers.set(change.expertId, ids);
  }
  await Promise.all([...changedOffers].map(([expertId, offerIds]) => refreshExpert(current.index, expertId, offerIds)));
  for (const change of changes) current.applied.add(change.sk);
  const newest = changes.reduce((latest, change) => (change.sk > latest ? change.sk : latest), current.watermark).slice(0, 24);
  current.watermark = newest > current.watermark ? newest : current.watermark;
  const horizon = new Date(Date.parse(current.watermark) - CHANGE_OVERLAP_MS).toISOString();
  for (const sk of current.applied) if (sk < horizon) current.applied.delete(sk);
}

/**
 * Puts one expert in the index as the table has them now. Their offers come from GSI1, which may lag
 * a write by a moment, so the offers the changes name are read strongly consistent on top.
 */
async function refreshExpert(index: SearchIndex, expertId: string, changedOfferIds: string[]): Promise<void> {
  const [userItem, offers, changed] = await Promise.all([
    db.send(new GetCommand({ TableName: config.tableName, Key: userKey(expertId), ConsistentRead: true })),
    offersOfExpert(expertId),
    Promise.all(changedOfferIds.map((offerId) => db.send(new GetCommand({ TableName: config.tableName, Key: offerKey(offerId), ConsistentRead: true })))),
  ]);
  const user = userItem.Item as AccountRecord | undefined;
  const current = new Map(offers.map((offer) => [offer.offerId, offer]));
  for (const { Item } of changed) if (Item) current.set(String(Item.offerId), fromOfferItem(Item));
  const published = [...current.values()].filter((offer) => offer.status === 'approved' && offer.professorId === expertId);
  index.replaceExpert(expertId, isListedExpert(user) ? toExpertEntry(user) : undefined, published.map(toOfferEntry));
}

async function listedExperts(): Promise<AccountRecord[]> {
  const experts: AccountRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({ TableName: config.tableName, IndexName: GSI1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': usersOfRole('professor').gsi1pk }, ExclusiveStartKey }),
    );
    experts.push(...((page.Items ?? []) as AccountRecord[]).filter(isListedExpert));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return experts;
}

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const optionalText = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function toExpertEntry(user: AccountRecord): ExpertEntry {
  return {
    id: user.userId,
    name: `${user.firstName} ${user.lastName ?? ''}`.trim(),
    headline: optionalText(user.headline),
    position: [optionalText(user.position), optionalText(user.domainActivity), optionalText(user.company)].filter(Boolean).join(' ') || undefined,
    expertises: strings(user.expertises),
    rating: typeof user.rating === 'number' ? user.rating : 0,
    expYears: typeof user.expYears === 'number' ? user.expYears : 0,
    createdAt: user.createdAt,
  };
}

export const toOfferEntry = (offer: OfferRecord): OfferEntry => ({ id: offer.offerId, expertId: offer.professorId, title: offer.title, description: offer.description, createdAt: offer.createdAt });
