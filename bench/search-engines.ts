/**
 * Full-text engines for the catalogue's search index (issue 6), measured before the SearchIndex
 * port is built on one of them: FlexSearch (`Index`, forward tokenizer) and MiniSearch (prefix,
 * AND), on a generated catalogue of experts and offers at two sizes (1,000 / 5,000 and
 * 10,000 / 50,000). For each: build time, heap held by the index, the size of its snapshot and
 * the time to load it (what a Lambda cold start would pay instead of a build), and query latency
 * (p50/p95/p99) of word-prefix queries, accents folded, top 20, experts filtered by rating.
 * The product's own SearchIndex port (functions/contexts/search/) is measured the same way: it is
 * FlexSearch plus counting every match, merging experts found through their offers, and paging.
 *
 * Run: node --expose-gc --import tsx bench/search-engines.ts
 */
import { Index } from 'flexsearch';
import MiniSearch from 'minisearch';
import { performance } from 'node:perf_hooks';
import { buildSearchIndex, foldText as fold, loadSearchIndex, type SearchIndex } from '../functions/contexts/search/search-index';
import { runBench, writeResults } from './lib/results';
import { round, summarise } from './lib/stats';

interface Expert {
  id: number;
  name: string;
  headline: string;
  position: string;
  expertises: string;
  rating: number;
}

interface Offer {
  id: number;
  expertId: number;
  title: string;
  description: string;
}

interface Engine {
  searchExperts(query: string, minRating: number): number[];
  searchOffers(query: string): number[];
  snapshot(): string;
}

interface EngineKind {
  name: string;
  build(experts: Expert[], offers: Offer[]): Engine;
  restore(snapshot: string, experts: Expert[]): Engine;
}

const SIZES = [
  { experts: 1_000, offers: 5_000 },
  { experts: 10_000, offers: 50_000 },
];
const QUERIES = ['cla', 'clai', 'val', 'soph lau', 'tax au', 'mark', 'fin mod', 'stra', 'law', 'cons int', 'du', 'mu', 'elo', 'brand str', 'case'];
const REPEATS = 20;
const TOP = 20;
const MIN_RATING = 3;

function measure(kind: EngineKind, experts: Expert[], offers: Offer[]) {
  const heapBefore = heapUsed();
  let started = performance.now();
  const built = kind.build(experts, offers);
  const buildMs = performance.now() - started;
  const heapMb = (heapUsed() - heapBefore) / 1e6;
  const snapshot = built.snapshot();
  started = performance.now();
  const engine = kind.restore(snapshot, experts);
  const restoreMs = performance.now() - started;

  const latencies: number[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    for (const query of QUERIES) {
      const at = performance.now();
      engine.searchExperts(fold(query), MIN_RATING);
      engine.searchOffers(fold(query));
      latencies.push(performance.now() - at);
    }
  }
  return {
    buildMs: round(buildMs, 0),
    heapMb: round(heapMb, 1),
    snapshotMb: round(Buffer.byteLength(snapshot) / 1e6, 1),
    restoreMs: round(restoreMs, 0),
    queryMs: summarise(latencies),
  };
}

function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

// FlexSearch: one Index per kind of document over its folded text; ratings filter after the match.
const flexSearch: EngineKind = {
  name: 'flexsearch',
  build(experts, offers) {
    const expertIndex = new Index({ tokenize: 'forward' });
    const offerIndex = new Index({ tokenize: 'forward' });
    for (const expert of experts) expertIndex.add(expert.id, expertText(expert));
    for (const offer of offers) offerIndex.add(offer.id, fold(`${offer.title} ${offer.description}`));
    return flexEngine(expertIndex, offerIndex, experts);
  },
  restore(snapshot, experts) {
    const { expertParts, offerParts } = JSON.parse(snapshot) as Record<string, Record<string, string>>;
    const expertIndex = new Index({ tokenize: 'forward' });
    const offerIndex = new Index({ tokenize: 'forward' });
    for (const [key, data] of Object.entries(expertParts)) expertIndex.import(key, data);
    for (const [key, data] of Object.entries(offerParts)) offerIndex.import(key, data);
    return flexEngine(expertIndex, offerIndex, experts);
  },
};

function flexEngine(expertIndex: Index, offerIndex: Index, experts: Expert[]): Engine {
  const ratingOf = new Map(experts.map((expert) => [expert.id, expert.rating]));
  const exported = (index: Index) => {
    const parts: Record<string, string> = {};
    index.export((key, data) => {
      parts[key] = data;
    });
    return parts;
  };
  return {
    searchExperts: (query, minRating) =>
      (expertIndex.search(query, { limit: 500 }) as number[]).filter((id) => (ratingOf.get(id) ?? 0) >= minRating).slice(0, TOP),
    searchOffers: (query) => offerIndex.search(query, { limit: TOP }) as number[],
    snapshot: () => JSON.stringify({ expertParts: exported(expertIndex), offerParts: exported(offerIndex) }),
  };
}

// MiniSearch: fields, prefix matching, every term required; ratings filter inside the search.
const EXPERT_FIELDS = { fields: ['text'], storeFields: ['rating'], searchOptions: { prefix: true, combineWith: 'AND' as const } };
const OFFER_FIELDS = { fields: ['text'], searchOptions: { prefix: true, combineWith: 'AND' as const } };

const miniSearch: EngineKind = {
  name: 'minisearch',
  build(experts, offers) {
    const expertIndex = new MiniSearch(EXPERT_FIELDS);
    const offerIndex = new MiniSearch(OFFER_FIELDS);
    expertIndex.addAll(experts.map((expert) => ({ id: expert.id, text: expertText(expert), rating: expert.rating })));
    offerIndex.addAll(offers.map((offer) => ({ id: offer.id, text: fold(`${offer.title} ${offer.description}`) })));
    return miniEngine(expertIndex, offerIndex);
  },
  restore(snapshot) {
    const { expertJson, offerJson } = JSON.parse(snapshot) as { expertJson: string; offerJson: string };
    return miniEngine(MiniSearch.loadJSON(expertJson, EXPERT_FIELDS), MiniSearch.loadJSON(offerJson, OFFER_FIELDS));
  },
};

function miniEngine(expertIndex: MiniSearch, offerIndex: MiniSearch): Engine {
  return {
    searchExperts: (query, minRating) =>
      expertIndex
        .search(query, { filter: (result) => result.rating >= minRating })
        .slice(0, TOP)
        .map((result) => result.id as number),
    searchOffers: (query) =>
      offerIndex
        .search(query)
        .slice(0, TOP)
        .map((result) => result.id as number),
    snapshot: () => JSON.stringify({ expertJson: JSON.stringify(expertIndex), offerJson: JSON.stringify(offerIndex) }),
  };
}

// The product's port over FlexSearch, as the directory and offer search call it.
const NO_CARDS = 'none';
const searchIndexPort: EngineKind = {
  name: 'port',
  build(experts, offers) {
    return portEngine(
      buildSearchIndex(
        // No cards: engines are compared on search alone (bench/catalogue.ts measures the cards' share).
        experts.map((expert) => ({
          ...expert,
          id: String(expert.id),
          card: null,
          visitorName: expert.name.replace(/ (\S)\S*$/, ' $1.'),
          expertises: expert.expertises.split(' '),
          expYears: expert.id % 30,
          createdAt: new Date(1_700_000_000_000 + expert.id * 60_000).toISOString(),
        })),
        offers.map((offer) => ({
          ...offer,
          id: String(offer.id),
          expertId: String(offer.expertId),
          card: null,
          createdAt: new Date(1_700_000_000_000 + offer.id * 60_000).toISOString(),
        })),
        NO_CARDS,
      ),
    );
  },
  restore: (snapshot) => portEngine(loadSearchIndex(snapshot, NO_CARDS)),
};

function portEngine(index: SearchIndex): Engine {
  return {
    searchExperts: (query, minRating) => index.experts({ q: query, minRating, page: 1, limit: TOP }).ids.map(Number),
    searchOffers: (query) => index.offers(query, TOP).map((hit) => Number(hit.id)),
    snapshot: () => index.snapshot(),
  };
}

const expertText = (expert: Expert) => fold(`${expert.name} ${expert.headline} ${expert.position} ${expert.expertises}`);

// A deterministic catalogue ------------------------------------------------------------------

const FIRST_NAMES = [
  'Claire',
  'Élodie',
  'Sophie',
  'Lucas',
  'Omar',
  'Emma',
  'Inès',
  'Thomas',
  'Nadia',
  'François',
  'Jürgen',
  'Zoë',
  'Chloé',
  'Mateo',
  'Aïcha',
  'Björn',
  'Søren',
  'Ana',
  'Raúl',
  'Noémie',
];
const LAST_NAMES = [
  'Dubois',
  'Laurent',
  'Müller',
  'Haddad',
  'Wilson',
  'Moreau',
  'Keller',
  'Benali',
  'Núñez',
  'Østergaard',
  'Durand',
  'Lefèvre',
  'García',
  'Schröder',
  'Bernard',
  'Rossi',
  'Kowalski',
  'Nakamura',
  'Dupont',
  'Ibáñez',
];
const DOMAIN_WORDS = (
  'valuation modelling finance accounting audit tax law contract litigation compliance marketing brand strategy growth campaign ' +
  'consulting case interview structuring negotiation mergers acquisitions equity credit risk portfolio banking startup pitch ' +
  'fundraising investor pricing product analytics seo content social media recruiting career coaching leadership operations'
).split(' ');

/** mulberry32: the same catalogue at every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateCatalogue(expertCount: number, offerCount: number): { experts: Expert[]; offers: Offer[] } {
  const next = random(42);
  const syllables = ['ka', 'lo', 'mi', 'ra', 'te', 'su', 'no', 've', 'di', 'pa', 'sho', 'tri', 'gan', 'bel', 'cor', 'fin'];
  const vocabulary = [...DOMAIN_WORDS];
  while (vocabulary.length < 5000)
    vocabulary.push(Array.from({ length: 2 + Math.floor(next() * 3) }, () => syllables[Math.floor(next() * syllables.length)]).join(''));
  // Zipf-like: rank r drawn with weight 1/r, so a few words are everywhere, as in real text.
  const word = () => vocabulary[Math.min(vocabulary.length - 1, Math.floor(Math.exp(next() * Math.log(vocabulary.length))) - 1)];
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const experts = Array.from({ length: expertCount }, (_, id) => ({
    id,
    name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
    headline: words(6),
    position: words(3),
    expertises: words(5),
    rating: round(next() * 5, 1),
  }));
  const offers = Array.from({ length: offerCount }, (_, id) => ({ id, expertId: id % expertCount, title: words(5), description: words(30) }));
  return { experts, offers };
}

// Last: the engines and the catalogue above must be defined before it runs.
runBench(async () => {
  const figures = [];
  for (const size of SIZES) {
    const { experts, offers } = generateCatalogue(size.experts, size.offers);
    for (const kind of [flexSearch, miniSearch, searchIndexPort]) {
      const last = { engine: kind.name, ...size, ...measure(kind, experts, offers) };
      figures.push(last);
      console.log(
        `  ${kind.name.padEnd(11)} ${String(size.experts).padStart(6)} experts ${String(size.offers).padStart(6)} offers  build ${last.buildMs} ms  heap ${last.heapMb} MB  snapshot ${last.snapshotMb} MB loaded in ${last.restoreMs} ms  query p50 ${last.queryMs.p50} p95 ${last.queryMs.p95} p99 ${last.queryMs.p99} ms`,
      );
    }
  }
  writeResults('search-engines', { queries: QUERIES, repeats: REPEATS, top: TOP, results: figures });
});
