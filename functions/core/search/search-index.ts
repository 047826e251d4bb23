/**
 * The catalogue's search index: the port the expert directory and offer search read from, never
 * the table. Built from the published catalogue (experts and their approved offers), kept in a
 * Lambda's memory, and shipped between processes as a snapshot, since loading one costs a fraction
 * of a build (bench/search-engines.ts). In-memory on FlexSearch today; the same interface can sit
 * on a managed engine (OpenSearch Serverless) once the catalogue outgrows a Lambda's memory.
 *
 * Matching is by word prefix, case- and accent-insensitive, every query word required. An expert
 * matches on their own fields (name, headline, job title, expertises) or through the title or
 * description of one of their offers; own-field matches rank first.
 */
import { Index } from 'flexsearch';

export interface ExpertEntry {
  id: string;
  name: string;
  headline?: string;
  position?: string;
  expertises: string[];
  rating: number;
  expYears: number;
  /** ISO date: the directory's "new" order. */
  createdAt: string;
}

export interface OfferEntry {
  id: string;
  expertId: string;
  title: string;
  description: string;
}

export type ExpertSort = 'new' | 'rating';

export interface ExpertQuery {
  q?: string;
  minRating?: number;
  minExp?: number;
  /** Without it: by relevance when there is a query, newest first otherwise. */
  sort?: ExpertSort;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface SearchIndex {
  /** One page of matching expert ids, and how many match in all. */
  experts(query: ExpertQuery): { ids: string[]; total: number };
  /** The best matching offer ids, at most `limit`. */
  offers(q: string, limit: number): string[];
  /** Everything needed to load the same index elsewhere (loadSearchIndex). */
  snapshot(): string;
}

/** Accent- and case-insensitive: the index and the queries both see folded text. */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();

const newIndex = () => new Index({ tokenize: 'forward' });

/** What queries need besides the text indexes: no text (that lives in the indexes only). */
interface Catalogue {
  experts: Pick<ExpertEntry, 'id' | 'rating' | 'expYears' | 'createdAt'>[];
  offers: Pick<OfferEntry, 'id'>[];
}

interface TextIndexes {
  /** Experts by their own fields. */
  expertFields: Index;
  /** Experts by the text of all their offers together: one document per expert, not per offer. */
  expertOffers: Index;
  offers: Index;
}

export function buildSearchIndex(experts: ExpertEntry[], offers: OfferEntry[]): SearchIndex {
  const expertAt = new Map(experts.map((expert, at) => [expert.id, at]));
  const listed = offers.filter((offer) => expertAt.has(offer.expertId));
  const indexes: TextIndexes = { expertFields: newIndex(), expertOffers: newIndex(), offers: newIndex() };
  // FlexSearch keys are positions in the catalogue's arrays: small numbers index fastest.
  experts.forEach((expert, at) => indexes.expertFields.add(at, foldText([expert.name, expert.headline, expert.position, ...expert.expertises].filter(Boolean).join(' '))));
  const offerTextOf = experts.map(() => [] as string[]);
  listed.forEach((offer, at) => {
    const text = foldText(`${offer.title} ${offer.description}`);
    indexes.offers.add(at, text);
    offerTextOf[expertAt.get(offer.expertId)!].push(text);
  });
  offerTextOf.forEach((texts, at) => texts.length > 0 && indexes.expertOffers.add(at, texts.join(' ')));
  const catalogue: Catalogue = {
    experts: experts.map(({ id, rating, expYears, createdAt }) => ({ id, rating, expYears, createdAt })),
    offers: listed.map(({ id }) => ({ id })),
  };
  return searchIndexOver(catalogue, indexes);
}

export function loadSearchIndex(snapshot: string): SearchIndex {
  const { catalogue, parts } = JSON.parse(snapshot) as { catalogue: Catalogue; parts: Record<keyof TextIndexes, Record<string, string>> };
  const indexes: TextIndexes = { expertFields: newIndex(), expertOffers: newIndex(), offers: newIndex() };
  for (const name of Object.keys(indexes) as (keyof TextIndexes)[]) {
    for (const [key, data] of Object.entries(parts[name])) indexes[name].import(key, data);
  }
  return searchIndexOver(catalogue, indexes);
}

function searchIndexOver(catalogue: Catalogue, indexes: TextIndexes): SearchIndex {
  const { experts, offers } = catalogue;
  const newestFirst = experts.map((_, at) => at).sort((a, b) => experts[b].createdAt.localeCompare(experts[a].createdAt));
  const order: Record<ExpertSort, (a: number, b: number) => number> = {
    new: (a, b) => experts[b].createdAt.localeCompare(experts[a].createdAt),
    rating: (a, b) => experts[b].rating - experts[a].rating || experts[b].createdAt.localeCompare(experts[a].createdAt),
  };

  /** Every matching expert (the directory shows the total): own-field matches first, then through offers. */
  function matchingExperts(q: string): number[] {
    const everyExpert = { limit: experts.length };
    const direct = indexes.expertFields.search(q, everyExpert) as number[];
    const throughOffers = indexes.expertOffers.search(q, everyExpert) as number[];
    return [...new Set([...direct, ...throughOffers])];
  }

  return {
    experts({ q, minRating = 0, minExp = 0, sort, page, limit }) {
      const query = foldText(q ?? '');
      let matches = query ? matchingExperts(query) : newestFirst;
      matches = matches.filter((at) => experts[at].rating >= minRating && experts[at].expYears >= minExp);
      if (sort && (query || sort !== 'new')) matches = [...matches].sort(order[sort]);
      const start = (page - 1) * limit;
      return { ids: matches.slice(start, start + limit).map((at) => experts[at].id), total: matches.length };
    },
    offers(q, limit) {
      const query = foldText(q);
      if (!query) return [];
      return (indexes.offers.search(query, { limit }) as number[]).map((at) => offers[at].id);
    },
    snapshot() {
      const exported = (index: Index) => {
        const parts: Record<string, string> = {};
        index.export((key, data) => void (parts[key] = data));
        return parts;
      };
      return JSON.stringify({ catalogue, parts: { expertFields: exported(indexes.expertFields), expertOffers: exported(indexes.expertOffers), offers: exported(indexes.offers) } });
    },
  };
}
