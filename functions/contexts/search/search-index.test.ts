import { Index } from 'flexsearch';
import { describe, expect, it, vi } from 'vitest';
import { buildSearchIndex, type ExpertEntry, loadSearchIndex, type OfferEntry, type OfferHit, type SearchIndex, SnapshotFormatError } from './search-index';

/** The cards the catalogue would hand in: here, what names each entry. */
const CARDS = 'test-cards-1';
type Card = { shows: string };

const expert = (id: string, name: string, fields: Partial<ExpertEntry<Card>> = {}): ExpertEntry<Card> => ({
  id,
  card: { shows: name },
  name,
  visitorName: name.replace(/ (\S)\S*$/, ' $1.'),
  expertises: [],
  rating: 4,
  expYears: 5,
  createdAt: `2026-01-${id.padStart(2, '0')}T00:00:00.000Z`,
  ...fields,
});

const EXPERTS: ExpertEntry<Card>[] = [
  expert('1', 'Élodie Müller', {
    headline: 'Valuation and financial modelling',
    position: 'Associate',
    expertises: ['Valuation', 'M&A'],
    rating: 4.8,
    expYears: 7,
  }),
  expert('2', 'Sophie Laurent', { headline: 'Contract law for startups', position: 'Lawyer', expertises: ['Contracts'], rating: 4.2, expYears: 12 }),
  expert('3', 'Sophie Durand', { headline: 'Brand strategy', position: 'Marketing lead', expertises: ['Branding'], rating: 3.1, expYears: 3 }),
  expert('4', 'Thomas Keller', { headline: 'Case interviews', position: 'Consultant', expertises: ['Strategy'], rating: 4.5, expYears: 9 }),
];
const OFFERS: OfferEntry<Card>[] = [
  {
    id: 'o1',
    expertId: '4',
    card: { shows: 'Valuation crash course' },
    title: 'Valuation crash course',
    description: 'Discounted cash flows for case interviews.',
    createdAt: '2026-02-01T00:00:00.000Z',
  },
  {
    id: 'o2',
    expertId: '2',
    card: { shows: 'Review of your startup contract' },
    title: 'Review of your startup contract',
    description: 'Shareholder agreements and term sheets.',
    createdAt: '2026-02-02T00:00:00.000Z',
  },
  {
    id: 'o3',
    expertId: 'gone',
    card: { shows: 'Valuation of a vanished expert' },
    title: 'Valuation of a vanished expert',
    description: 'Never shown.',
    createdAt: '2026-02-03T00:00:00.000Z',
  },
];

const page = { page: 1, limit: 10 };
/** Which offers were found, and for whom. */
const found = (hits: OfferHit[]) => hits.map(({ id, expertId }) => ({ id, expertId }));
const member = { ...page, audience: 'member' as const };

describe.each([
  ['built', () => buildSearchIndex(EXPERTS, OFFERS, CARDS)],
  ['loaded from a snapshot', () => loadSearchIndex<Card, Card>(buildSearchIndex(EXPERTS, OFFERS, CARDS).snapshot(), CARDS)],
])('search index (%s)', (_, make: () => SearchIndex<Card, Card>) => {
  const index = make();

  it('returns each expert found with their card, and each offer with its card and its expert’s', () => {
    expect(index.experts({ q: 'soph', sort: 'rating', ...page }).cards).toEqual([{ shows: 'Sophie Laurent' }, { shows: 'Sophie Durand' }]);
    expect(index.offers('sharehold', 10)).toEqual([
      { id: 'o2', expertId: '2', card: { shows: 'Review of your startup contract' }, expertCard: { shows: 'Sophie Laurent' } },
    ]);
    expect(index.latestOffers(2, 1).map((hit) => [hit.card.shows, hit.expertCard.shows])).toEqual([['Valuation crash course', 'Thomas Keller']]);
  });

  it('finds experts by word prefix, whatever the case and the accents', () => {
    expect(index.experts({ q: 'elo', ...page }).ids).toEqual(['1']);
    expect(index.experts({ q: 'MULL', ...member }).ids).toEqual(['1']);
    expect(index.experts({ q: 'müller', ...member }).ids).toEqual(['1']);
    expect(index.experts({ q: 'soph', ...page }).ids.sort()).toEqual(['2', '3']);
  });

  it('requires every word of the query', () => {
    expect(index.experts({ q: 'soph lau', ...member }).ids).toEqual(['2']);
    expect(index.experts({ q: 'sophie keller', ...member }).total).toBe(0);
  });

  it('matches a last name beyond its initial for members only: a visitor cannot spell it out', () => {
    for (const q of ['sophie lau', 'sophie laurent', 'laurent', 'lau', 'müller', 'elodie mu', 'mull']) {
      expect(index.experts({ q, ...page }).total, q).toBe(0);
      expect(index.experts({ q, ...page, audience: 'visitor' }).total, q).toBe(0);
      expect(index.experts({ q, ...member }).total, q).toBe(1);
    }
    // What a visitor sees of the name (first name, last initial) is what a visitor finds by.
    expect(index.experts({ q: 'thomas k', ...page }).ids).toEqual(['4']);
    expect(index.experts({ q: 'thomas k.', ...page }).ids).toEqual(['4']);
    expect(index.experts({ q: 'elodie m', ...page }).ids).toEqual(['1']);
    expect(index.experts({ q: 'sophie', ...page }).ids.sort()).toEqual(['2', '3']);
    // The other fields are the same for both.
    expect(index.experts({ q: 'sophie contract', ...page }).ids).toEqual(['2']);
    expect(index.experts({ q: 'keller case', ...member }).ids).toEqual(['4']);
    expect(index.experts({ q: 'keller case', ...page }).total).toBe(0);
  });

  it('matches headlines, job titles and expertises, and experts through their offers, own fields first', () => {
    expect(index.experts({ q: 'lawy', ...page }).ids).toEqual(['2']);
    expect(index.experts({ q: 'brand', ...page }).ids).toEqual(['3']);
    // Élodie has valuation in her own fields; Thomas only through an offer; the offer of an expert not in the catalogue counts for nobody.
    expect(index.experts({ q: 'valu', ...page }).ids).toEqual(['1', '4']);
  });

  it('filters by rating and experience, counts every match, and pages', () => {
    expect(index.experts({ minRating: 4.3, ...page }).ids.sort()).toEqual(['1', '4']);
    expect(index.experts({ minExp: 10, ...page }).ids).toEqual(['2']);
    const first = index.experts({ page: 1, limit: 3 });
    const second = index.experts({ page: 2, limit: 3 });
    expect([first.total, second.total]).toEqual([4, 4]);
    expect([...first.ids, ...second.ids].sort()).toEqual(['1', '2', '3', '4']);
  });

  it('sorts newest first by default, or by rating', () => {
    expect(index.experts(page).ids).toEqual(['4', '3', '2', '1']);
    expect(index.experts({ sort: 'rating', ...page }).ids).toEqual(['1', '4', '2', '3']);
    expect(index.experts({ q: 'soph', sort: 'rating', ...page }).ids).toEqual(['2', '3']);
    expect(index.experts({ q: 'soph', sort: 'new', ...page }).ids).toEqual(['3', '2']);
  });

  it('finds offers of the catalogue by title or description prefix, at most the limit', () => {
    expect(found(index.offers('valu', 10))).toEqual([{ id: 'o1', expertId: '4' }]);
    expect(found(index.offers('sharehold', 10))).toEqual([{ id: 'o2', expertId: '2' }]);
    expect(index.offers('c', 1)).toHaveLength(1);
    expect(index.offers('   ', 10)).toEqual([]);
  });
});

describe('search index kept fresh one expert at a time', () => {
  const fresh = () => buildSearchIndex(EXPERTS, OFFERS, CARDS);
  const offer = (id: string, expertId: string, title: string, createdAt = '2026-03-01T00:00:00.000Z'): OfferEntry<Card> => ({
    id,
    expertId,
    card: { shows: title },
    title,
    description: 'A session.',
    createdAt,
  });

  it('lists all published offers newest first, page by page', () => {
    const index = fresh();
    expect(found(index.latestOffers(1, 1))).toEqual([{ id: 'o2', expertId: '2' }]);
    expect(found(index.latestOffers(2, 1))).toEqual([{ id: 'o1', expertId: '4' }]);
    expect(index.latestOffers(3, 1)).toEqual([]);
  });

  it('adds a new expert with their offers, found by name and through the offers, first among the newest', () => {
    const index = fresh();
    index.replaceExpert('5', expert('5', 'Zoé Kant', { createdAt: '2026-05-01T00:00:00.000Z' }), [offer('o9', '5', 'Negotiation bootcamp')]);
    expect(index.experts({ q: 'zoe', ...page }).ids).toEqual(['5']);
    expect(index.experts({ q: 'negot', ...page }).ids).toEqual(['5']);
    expect(found(index.offers('negot', 10))).toEqual([{ id: 'o9', expertId: '5' }]);
    expect(index.experts(page).ids[0]).toBe('5');
    expect(found(index.latestOffers(1, 1))).toEqual([{ id: 'o9', expertId: '5' }]);
  });

  it('replaces what changed: a renamed expert, an edited offer, a withdrawn offer', () => {
    const index = fresh();
    index.replaceExpert('4', expert('4', 'Thomas Richter', { rating: 2 }), [offer('o1', '4', 'Pricing strategy clinic')]);
    expect(index.experts({ q: 'keller', ...member }).total).toBe(0);
    expect(index.experts({ q: 'richter', ...member }).ids).toEqual(['4']);
    expect(index.experts({ q: 'thomas r', ...page }).ids).toEqual(['4']);
    expect(index.experts({ q: 'thomas k', ...page }).total).toBe(0);
    expect(index.offers('valu', 10)).toEqual([]);
    expect(index.experts({ q: 'valu', ...page }).ids).toEqual(['1']);
    expect(found(index.offers('pricing', 10))).toEqual([{ id: 'o1', expertId: '4' }]);
    expect(index.experts({ minRating: 4.3, ...page }).ids).toEqual(['1']);
    index.replaceExpert('4', expert('4', 'Thomas Richter'), []);
    expect(index.offers('pricing', 10)).toEqual([]);
    expect(index.experts({ q: 'pricing', ...page }).total).toBe(0);
  });

  it('leaves the text indexes alone for what kept its text: a new rating or card, the offers an expert kept', () => {
    for (const index of [fresh(), loadSearchIndex<Card, Card>(fresh().snapshot(), CARDS)]) {
      const writes = [vi.spyOn(Index.prototype, 'add'), vi.spyOn(Index.prototype, 'update'), vi.spyOn(Index.prototype, 'remove')];
      const calls = () => writes.map((spy) => spy.mock.calls.length);
      index.replaceExpert('4', { ...EXPERTS[3], rating: 1.5, card: { shows: 'Thomas Keller, rated again' } }, [{ ...OFFERS[0], card: { shows: 'New photo' } }]);
      expect(calls()).toEqual([0, 0, 0]);
      expect(index.experts({ q: 'case interv', ...page }).cards).toEqual([{ shows: 'Thomas Keller, rated again' }]);
      expect(index.offers('valu', 10).map((hit) => hit.card)).toEqual([{ shows: 'New photo' }]);
      expect(index.experts({ sort: 'rating', ...page }).ids.at(-1)).toBe('4');
      expect(index.latestOffers(1, 10).map((hit) => hit.card)).toEqual([{ shows: 'Review of your startup contract' }, { shows: 'New photo' }]);
      // The offer withdrawn leaves the offers' index and the expert's offers text; their own fields stay.
      index.replaceExpert('4', { ...EXPERTS[3], rating: 1.5 }, []);
      expect(calls()).toEqual([0, 0, 2]);
      expect(index.offers('valu', 10)).toEqual([]);
      expect(found(index.latestOffers(1, 10))).toEqual([{ id: 'o2', expertId: '2' }]);
      expect(index.experts({ q: 'case interv', ...page }).ids).toEqual(['4']);
      // A new expert without offers is added, and nothing is removed for them.
      index.replaceExpert('9', { ...EXPERTS[3], id: '9' }, []);
      expect(calls()).toEqual([2, 0, 2]);
      for (const spy of writes) spy.mockRestore();
    }
  });

  it('refuses a snapshot of another layout, so that an older release’s is rebuilt rather than misread', () => {
    const { format: _, ...older } = JSON.parse(fresh().snapshot()) as Record<string, unknown>;
    expect(() => loadSearchIndex(JSON.stringify(older), CARDS)).toThrow(SnapshotFormatError);
  });

  it('refuses a snapshot whose cards are of another layout than the catalogue’s now', () => {
    expect(() => loadSearchIndex(fresh().snapshot(), 'test-cards-2')).toThrow(SnapshotFormatError);
  });

  it('serves an expert’s new card, on their offers too, once the expert is replaced', () => {
    const index = fresh();
    index.replaceExpert('4', expert('4', 'Thomas Keller', { card: { shows: 'Thomas Keller, now verified' } }), [offer('o1', '4', 'Valuation crash course')]);
    expect(index.experts({ q: 'keller', ...member }).cards).toEqual([{ shows: 'Thomas Keller, now verified' }]);
    expect(index.offers('valu', 10).map((hit) => hit.expertCard)).toEqual([{ shows: 'Thomas Keller, now verified' }]);
    expect(
      loadSearchIndex<Card, Card>(index.snapshot(), CARDS)
        .offers('valu', 10)
        .map((hit) => hit.expertCard),
    ).toEqual([{ shows: 'Thomas Keller, now verified' }]);
  });

  it('takes an expert out with their offers, and keeps doing so after a snapshot', () => {
    const index = fresh();
    index.replaceExpert('2', undefined, []);
    expect(index.experts({ q: 'soph', ...page }).ids).toEqual(['3']);
    expect(index.offers('sharehold', 10)).toEqual([]);
    expect(index.experts(page).total).toBe(3);
    const loaded = loadSearchIndex(index.snapshot(), CARDS);
    expect(loaded.experts(page).total).toBe(3);
    expect(loaded.offers('sharehold', 10)).toEqual([]);
    loaded.replaceExpert('2', expert('2', 'Sophie Laurent'), [offer('o2', '2', 'Startup contract review')]);
    expect(loaded.experts({ q: 'soph', ...page }).ids.sort()).toEqual(['2', '3']);
    expect(found(loaded.offers('startup', 10))).toEqual([{ id: 'o2', expertId: '2' }]);
  });
});
