/**
 * The catalogue's search index: the port the expert directory and offer search read from, never
 * the table. Built from the published catalogue (experts and their approved offers), kept in a
 * Lambda's memory, shipped between processes as a snapshot (loading one costs a fraction of a
 * build, bench/search-engines.ts), and kept fresh one expert at a time (`replaceExpert`). In-memory
 * on FlexSearch today; the same interface can sit on a managed engine (OpenSearch Serverless) once
 * the catalogue outgrows a Lambda's memory (docs/decisions.md).
 *
 * Matching is by word prefix, case- and accent-insensitive, every query word required. An expert
 * matches on their own fields (name, headline, job title, expertises) or through the title or
 * description of one of their offers; own-field matches rank first.
 *
 * A name is matched as the one who asks sees it: a visitor sees an expert's last name as its
 * initial only, so a visitor's query matches that initial and never spells out the rest (an
 * expert's own fields are indexed twice, once per audience); members match the whole name.
 *
 * Each entry carries its card: what a list shows of it, as the catalogue made it (this context never
 * looks inside). Results come with their cards, so a search or a directory page reads no table.
 */
import { Index } from 'flexsearch';

export interface ExpertEntry<Card = unknown> {
  id: string;
  /** What a list shows of the expert, kept as given and returned with each result. */
  card: Card;
  /** The name as members see it (first and last name). */
  name: string;
  /** The name as visitors see it (first name and the last name's initial): all a visitor's query can match. */
  visitorName: string;
  headline?: string;
  position?: string;
  expertises: string[];
  rating: number;
  expYears: number;
  /** ISO date: the directory's "new" order. */
  createdAt: string;
}

export interface OfferEntry<Card = unknown> {
  id: string;
  expertId: string;
  /** What a list shows of the offer (without its expert's card, which the expert's entry holds). */
  card: Card;
  title: string;
  description: string;
  /** ISO date: the newest-first order of all published offers. */
  createdAt: string;
}

export type ExpertSort = 'new' | 'rating';

/** Who asks: a visitor (no session) or a signed-in member. */
export type SearchAudience = 'visitor' | 'member';

export interface ExpertQuery {
  q?: string;
  minRating?: number;
  minExp?: number;
  /** Without it: by relevance when there is a query, newest first otherwise. */
  sort?: ExpertSort;
  /** Whose view of names the query matches; without it, a visitor's (the narrower). */
  audience?: SearchAudience;
  /** 1-based. */
  page: number;
  limit: number;
}

/** An offer found, with its card and its expert's. */
export interface OfferHit<ExpertCard = unknown, OfferCard = unknown> {
  id: string;
  expertId: string;
  card: OfferCard;
  expertCard: ExpertCard;
}

export interface SearchIndex<ExpertCard = unknown, OfferCard = unknown> {
  /** One page of matching experts (their ids and cards, in the same order), and how many match in all. */
  experts(query: ExpertQuery): { ids: string[]; cards: ExpertCard[]; total: number };
  /** The best matching offers, at most `limit`. */
  offers(q: string, limit: number): OfferHit<ExpertCard, OfferCard>[];
  /** One page of all published offers, newest first. */
  latestOffers(page: number, limit: number): OfferHit<ExpertCard, OfferCard>[];
  /** Puts an expert and their published offers as they are now; `undefined` takes the expert out. */
  replaceExpert(expertId: string, expert: ExpertEntry<ExpertCard> | undefined, offers: OfferEntry<OfferCard>[]): void;
  /** Everything needed to load the same index elsewhere (loadSearchIndex). */
  snapshot(): string;
}

/** Accent- and case-insensitive: the index and the queries both see folded text. */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

const newIndex = () => new Index({ tokenize: 'forward' });

/** Hashes of the texts an entry put in the text indexes: a change that leaves a text as it was leaves its index alone. */
interface ExpertTextHashes {
  own: number;
  visitor: number;
  /** Of the expert's offers' texts together (the empty text when there are none). */
  offers: number;
}
type ExpertSlot = Pick<ExpertEntry, 'id' | 'card' | 'rating' | 'expYears' | 'createdAt'> & { textHashes: ExpertTextHashes };
type OfferSlot = Pick<OfferEntry, 'id' | 'expertId' | 'card' | 'createdAt'> & { textHash: number };

/**
 * FNV-1a, 32 bits: enough to tell a changed text from the same one (a miss needs an edit whose hash
 * equals the old text's, 1 in 4 billion), at a fraction of a hash of crypto's cost.
 */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash >>> 0;
}

/** The hash of an expert's offers text when they have none: nothing of theirs in the offers' text index. */
const NO_TEXT_HASH = textHash('');

/**
 * What queries need and return besides the text indexes (text lives in the indexes only). FlexSearch keys are
 * positions in these arrays (small numbers index fastest); a slot emptied by a removal stays null.
 */
interface Catalogue {
  experts: (ExpertSlot | null)[];
  offers: (OfferSlot | null)[];
}

interface TextIndexes {
  /** Experts by their own fields, with the name as members see it. */
  expertFields: Index;
  /** The same, with the name as visitors see it (the last name's initial only). */
  visitorExpertFields: Index;
  /** Experts by the text of all their offers together: one document per expert, not per offer. */
  expertOffers: Index;
  offers: Index;
}

const ownText = (name: string, expert: ExpertEntry) => foldText([name, expert.headline, expert.position, ...expert.expertises].filter(Boolean).join(' '));
const expertText = (expert: ExpertEntry) => ownText(expert.name, expert);
const visitorExpertText = (expert: ExpertEntry) => ownText(expert.visitorName, expert);

/**
 * The snapshot's layout: a snapshot of another layout is not loaded (the index is built instead). The
 * cards' own layout is the catalogue's: it names it (`cardsFormat`), and a snapshot of other cards is
 * not loaded either.
 */
const SNAPSHOT_FORMAT = 4;
const newTextIndexes = (): TextIndexes => ({ expertFields: newIndex(), visitorExpertFields: newIndex(), expertOffers: newIndex(), offers: newIndex() });
const offerText = (offer: OfferEntry) => foldText(`${offer.title} ${offer.description}`);

export function buildSearchIndex<ExpertCard, OfferCard>(
  experts: ExpertEntry<ExpertCard>[],
  offers: OfferEntry<OfferCard>[],
  cardsFormat: string,
): SearchIndex<ExpertCard, OfferCard> {
  const expertAt = new Map(experts.map((expert, at) => [expert.id, at]));
  const indexes = newTextIndexes();
  const ownTexts = experts.map((expert, at) => {
    const own = expertText(expert);
    const visitor = visitorExpertText(expert);
    indexes.expertFields.add(at, own);
    indexes.visitorExpertFields.add(at, visitor);
    return { own: textHash(own), visitor: textHash(visitor) };
  });
  // Only the offers of experts in the catalogue are listed.
  const listed: OfferSlot[] = [];
  const offerTextOf = experts.map(() => [] as string[]);
  for (const offer of offers) {
    const owner = expertAt.get(offer.expertId);
    if (owner === undefined) continue;
    const text = offerText(offer);
    indexes.offers.add(listed.length, text);
    listed.push({ id: offer.id, expertId: offer.expertId, card: offer.card, createdAt: offer.createdAt, textHash: textHash(text) });
    offerTextOf[owner].push(text);
  }
  const offersTexts = offerTextOf.map((texts, at) => {
    const joined = texts.join(' ');
    if (joined) indexes.expertOffers.add(at, joined);
    return textHash(joined);
  });
  const catalogue: Catalogue = {
    experts: experts.map(({ id, card, rating, expYears, createdAt }, at) => ({
      id,
      card,
      rating,
      expYears,
      createdAt,
      textHashes: { ...ownTexts[at], offers: offersTexts[at] },
    })),
    offers: listed,
  };
  return searchIndexOver(catalogue, indexes, cardsFormat);
}

/** Thrown for a snapshot of another layout (an older release's): build the index instead. */
export class SnapshotFormatError extends Error {}

/** Loads a snapshot whose cards are of `cardsFormat` (the cards are taken as they were written, unchecked: the catalogue wrote them). */
export function loadSearchIndex<ExpertCard, OfferCard>(snapshot: string, cardsFormat: string): SearchIndex<ExpertCard, OfferCard> {
  const { format, cards, catalogue, parts } = JSON.parse(snapshot) as {
    format?: number;
    cards?: string;
    catalogue: Catalogue;
    parts: Record<keyof TextIndexes, Record<string, string>>;
  };
  if (format !== SNAPSHOT_FORMAT) throw new SnapshotFormatError(`Search snapshot of format ${format ?? 1}, expected ${SNAPSHOT_FORMAT}`);
  if (cards !== cardsFormat) throw new SnapshotFormatError(`Search snapshot with cards of format ${cards}, expected ${cardsFormat}`);
  const indexes = newTextIndexes();
  for (const name of Object.keys(indexes) as (keyof TextIndexes)[]) {
    for (const [key, data] of Object.entries(parts[name])) indexes[name].import(key, data);
  }
  return searchIndexOver<ExpertCard, OfferCard>(catalogue, indexes, cardsFormat);
}

/** The entry at a position the caller knows is filled (a removed entry leaves null). */
function slotAt<T>(slots: (T | null)[], at: number): T {
  const slot = slots[at];
  if (slot === null || slot === undefined) throw new Error(`Search index: no entry at position ${at}`);
  return slot;
}

function searchIndexOver<ExpertCard, OfferCard>(catalogue: Catalogue, indexes: TextIndexes, cardsFormat: string): SearchIndex<ExpertCard, OfferCard> {
  const { experts, offers } = catalogue;
  const expertAt = new Map<string, number>();
  experts.forEach((slot, at) => {
    if (slot) expertAt.set(slot.id, at);
  });
  const offersOf = new Map<string, Map<string, number>>();
  offers.forEach((slot, at) => {
    if (slot) positionsOf(slot.expertId).set(slot.id, at);
  });
  function positionsOf(expertId: string): Map<string, number> {
    let positions = offersOf.get(expertId);
    if (!positions) {
      positions = new Map();
      offersOf.set(expertId, positions);
    }
    return positions;
  }

  const byNewest = (a: { createdAt: string }, b: { createdAt: string }) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);
  // Orders of the whole catalogue, recomputed after a change, when next asked for.
  let newestExperts: number[] | undefined;
  let newestOffers: number[] | undefined;
  let ratedExperts: number[] | undefined;
  const positions = <T>(slots: (T | null)[]) => slots.flatMap((slot, at) => (slot ? [at] : []));
  const expertsNewestFirst = () => (newestExperts ??= positions(experts).sort((a, b) => byNewest(slotAt(experts, a), slotAt(experts, b))));
  const offersNewestFirst = () => (newestOffers ??= positions(offers).sort((a, b) => byNewest(slotAt(offers, a), slotAt(offers, b))));

  // Stable sort: equal ratings keep the newest first.
  const expertsByRating = () => (ratedExperts ??= [...expertsNewestFirst()].sort((a, b) => slotAt(experts, b).rating - slotAt(experts, a).rating));
  const orderOf: Record<ExpertSort, () => number[]> = { new: expertsNewestFirst, rating: expertsByRating };

  /** Every matching expert (the directory shows the total): own-field matches first, then through offers. */
  function matchingExperts(q: string, audience: SearchAudience): number[] {
    const everyExpert = { limit: experts.length };
    const direct = (audience === 'member' ? indexes.expertFields : indexes.visitorExpertFields).search(q, everyExpert) as number[];
    const throughOffers = indexes.expertOffers.search(q, everyExpert) as number[];
    return [...new Set([...direct, ...throughOffers])];
  }

  /** The offer at a position, with its card and its expert's (an offer is listed only with its expert). */
  function hitAt(at: number): OfferHit<ExpertCard, OfferCard>[] {
    const offer = offers[at];
    const owner = offer ? expertAt.get(offer.expertId) : undefined;
    const expert = owner === undefined ? null : experts[owner];
    if (!offer || !expert) return [];
    return [{ id: offer.id, expertId: offer.expertId, card: offer.card as OfferCard, expertCard: expert.card as ExpertCard }];
  }

  /**
   * Puts a text at a position, unless the same text is there: FlexSearch's update and remove scan
   * the whole index (about 40 ms an offer at 100,000 offers, so a second for an expert with 25), and
   * most changes (a rating, a photo, a ban of someone else) leave the texts as they were.
   */
  function put(index: Index, at: number, text: string, hash: number, before: number | undefined): void {
    if (before === undefined) index.add(at, text);
    else if (before !== hash) index.update(at, text);
  }

  return {
    experts({ q, minRating = 0, minExp = 0, sort, audience = 'visitor', page, limit }) {
      const query = foldText(q ?? '');
      const passes = (at: number) => experts[at] !== null && experts[at].rating >= minRating && experts[at].expYears >= minExp;
      let matches: number[];
      if (query && sort) {
        const found = new Uint8Array(experts.length);
        for (const at of matchingExperts(query, audience)) found[at] = 1;
        matches = orderOf[sort]().filter((at) => found[at] === 1 && passes(at));
      } else {
        matches = (query ? matchingExperts(query, audience) : orderOf[sort ?? 'new']()).filter(passes);
      }
      const start = (page - 1) * limit;
      const found = matches.slice(start, start + limit).map((at) => slotAt(experts, at));
      return { ids: found.map((slot) => slot.id), cards: found.map((slot) => slot.card as ExpertCard), total: matches.length };
    },
    offers(q, limit) {
      const query = foldText(q);
      if (!query) return [];
      return (indexes.offers.search(query, { limit }) as number[]).flatMap(hitAt);
    },
    latestOffers(page, limit) {
      const start = (page - 1) * limit;
      return offersNewestFirst()
        .slice(start, start + limit)
        .flatMap(hitAt);
    },
    replaceExpert(expertId, expert, expertOffers) {
      // The orders are sorted again only when what they sort by changed (about 0.1 s at 100,000 offers).
      const reorderExperts = () => {
        newestExperts = undefined;
        ratedExperts = undefined;
      };
      const known = positionsOf(expertId);
      const kept = expert ? new Map(expertOffers.map((offer) => [offer.id, offer])) : new Map<string, OfferEntry<OfferCard>>();
      for (const [offerId, at] of known) {
        if (kept.has(offerId)) continue;
        indexes.offers.remove(at);
        offers[at] = null;
        known.delete(offerId);
        newestOffers = undefined;
      }
      let expertPosition = expertAt.get(expertId);
      if (!expert) {
        if (expertPosition !== undefined) {
          indexes.expertFields.remove(expertPosition);
          indexes.visitorExpertFields.remove(expertPosition);
          indexes.expertOffers.remove(expertPosition);
          experts[expertPosition] = null;
          expertAt.delete(expertId);
          reorderExperts();
        }
        offersOf.delete(expertId);
        return;
      }
      const previous = expertPosition === undefined ? undefined : slotAt(experts, expertPosition);
      const before = previous?.textHashes;
      if (previous?.createdAt !== expert.createdAt) reorderExperts();
      else if (previous.rating !== expert.rating) ratedExperts = undefined;
      if (expertPosition === undefined) {
        expertPosition = experts.push(null) - 1;
        expertAt.set(expertId, expertPosition);
      }
      const texts: string[] = [];
      for (const offer of kept.values()) {
        const text = offerText(offer);
        const hash = textHash(text);
        texts.push(text);
        let at = known.get(offer.id);
        const was = at === undefined ? undefined : slotAt(offers, at);
        if (at === undefined) {
          at = offers.push(null) - 1;
          known.set(offer.id, at);
        }
        if (was?.createdAt !== offer.createdAt) newestOffers = undefined;
        offers[at] = { id: offer.id, expertId, card: offer.card, createdAt: offer.createdAt, textHash: hash };
        put(indexes.offers, at, text, hash, was?.textHash);
      }
      const own = expertText(expert);
      const visitor = visitorExpertText(expert);
      const joined = texts.join(' ');
      const hashes: ExpertTextHashes = { own: textHash(own), visitor: textHash(visitor), offers: textHash(joined) };
      experts[expertPosition] = {
        id: expertId,
        card: expert.card,
        rating: expert.rating,
        expYears: expert.expYears,
        createdAt: expert.createdAt,
        textHashes: hashes,
      };
      put(indexes.expertFields, expertPosition, own, hashes.own, before?.own);
      put(indexes.visitorExpertFields, expertPosition, visitor, hashes.visitor, before?.visitor);
      if (before?.offers !== hashes.offers) {
        // Removed only where there is a text: a removal scans the whole index, even for nothing.
        if (before !== undefined && before.offers !== NO_TEXT_HASH) indexes.expertOffers.remove(expertPosition);
        if (joined) indexes.expertOffers.add(expertPosition, joined);
      }
    },
    snapshot() {
      const exported = (index: Index) => {
        const parts: Record<string, string> = {};
        index.export((key, data) => {
          parts[key] = data;
        });
        return parts;
      };
      const parts = Object.fromEntries((Object.keys(indexes) as (keyof TextIndexes)[]).map((name) => [name, exported(indexes[name])]));
      return JSON.stringify({ format: SNAPSHOT_FORMAT, cards: cardsFormat, catalogue, parts });
    },
  };
}
