/**
 * The query mix of the catalogue benchmark: what the search boxes and the directory page send, drawn
 * from the words of the catalogue itself (a random word of a random expert or offer, so frequent
 * words come up as often as users would type them). Deterministic for a seed.
 */
import { CATALOGUE } from '../../shared/limits';

export interface CatalogueTexts {
  /** Per expert: name, headline, job title, expertises. */
  experts: string[];
  /** Per offer: its title (what people read in lists and then type; descriptions are searched too). */
  offers: string[];
}

/** The two endpoints measured, both answered from the search index. */
export const ENDPOINTS = {
  directory: { route: 'GET /api/user/professors', path: '/user/professors' },
  search: { route: 'GET /api/offers/search', path: '/offers/search' },
} as const;
export type Endpoint = keyof typeof ENDPOINTS;

/** The label of the search index's change-log poll among the DynamoDB calls (functions/contexts/search/catalogue-index.ts). */
export const CHANGE_LOG_POLL = 'changeLogPoll';

/** Query strings (without '?') for each endpoint. */
export type QueryMix = Record<Endpoint, string[]>;

/** mulberry32. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words nobody searches for. */
const STOP_WORDS = new Set(
  'and the for with your you our from into that this are who what how all out its also one get own can when where which them their then than about after before over'.split(
    ' ',
  ),
);

/** Words of at least three letters, as a user would type them (letters only, case kept). */
const wordsOf = (text: string) => text.split(/[^\p{L}]+/u).filter((word) => word.length >= 3 && !STOP_WORDS.has(word.toLowerCase()));

export function queryMix(texts: CatalogueTexts, count: number, seed: number): QueryMix {
  const next = seededRandom(seed);
  const chance = (p: number) => next() < p;
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const expertWords = texts.experts.map(wordsOf).filter((words) => words.length > 0);
  const offerWords = texts.offers.map(wordsOf).filter((words) => words.length > 0);

  /** What someone types: a prefix of 1-3 letters of a common word (typing in progress), a whole word, or two neighbouring words of one document. */
  function typed(documents: string[][]): string {
    const words = pick(documents);
    const kind = next();
    if (kind < 0.35) return pick(words).slice(0, 1 + Math.floor(next() * 3));
    if (kind < 0.7) return pick(words);
    if (words.length < 2) return words[0];
    const at = Math.floor(next() * (words.length - 1));
    const second = words[at + 1];
    // The second word often still being typed.
    return `${words[at]} ${chance(0.5) ? second : second.slice(0, 2 + Math.floor(next() * 3))}`;
  }

  const directory = Array.from({ length: count }, () => {
    const params = new URLSearchParams();
    const page = chance(0.7) ? 1 : chance(0.66) ? 2 : 3;
    if (page > 1) params.set('page', String(page));
    // The directory page (20 a page), or the home slider and dropdown (12, 6).
    const limit = pick([CATALOGUE.directoryPageSize, CATALOGUE.directoryPageSize, CATALOGUE.sliderLoad, CATALOGUE.dropdownExperts]);
    if (limit !== CATALOGUE.directoryPageSize) params.set('limit', String(limit));
    // A quarter of the calls browse without text (the directory's first page, the home slider).
    if (chance(0.75)) params.set('q', typed(chance(0.7) ? expertWords : offerWords));
    if (chance(0.3)) params.set('sort', 'rating');
    else if (chance(0.2)) params.set('sort', 'new');
    if (chance(0.3)) params.set('minRating', String(pick(CATALOGUE.ratingSteps)));
    if (chance(0.2)) params.set('minExp', String(CATALOGUE.minExpYears));
    return params.toString();
  });

  const search = Array.from({ length: count }, () => {
    const params = new URLSearchParams({ q: typed(chance(0.8) ? offerWords : expertWords) });
    // The home and header dropdowns ask for 6; a results list for the default page.
    if (chance(0.5)) params.set('limit', String(CATALOGUE.dropdownOffers));
    return params.toString();
  });

  return { directory, search };
}

/** What kind of call a query string is, for figures per kind: browse (no text), prefix (1-3 letters), word, two words; and its sort. */
export function queryKind(query: string): string {
  const params = new URLSearchParams(query);
  const q = params.get('q')?.trim() ?? '';
  const text = !q ? 'browse' : q.includes(' ') ? 'two words' : q.length <= 3 ? 'prefix' : 'word';
  const sort = params.get('sort');
  return sort ? `${text}, sort=${sort}` : text;
}
