/**
 * The catalogue as the search index reads it: listed experts and published offers, as entries of the
 * index, each with the card a list shows of it (decision 288). The index itself (contexts/search)
 * knows no item of the table, nor what a card holds.
 */
import { type CatalogueSource, catalogueIndex, writeCatalogueSnapshot } from '../search/catalogue-index';
import type { ExpertEntry, OfferEntry, SearchIndex } from '../search/search-index';
import type { ExpertCard } from '../../../shared/schemas/catalogue';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import { isListedExpert, lastNameFor, wholeExpertCard } from './expert';
import { type OfferCard, type OfferRecord, toOfferCard } from './offer';
import * as repo from './offer-repository';

/**
 * The layout of the cards the index keeps. Change it with the fields of ExpertCard or OfferCard: a
 * snapshot written with other cards is then rebuilt, not served (search-service.test.ts checks it).
 */
export const CARDS_FORMAT = 'cards-1';

export function toExpertEntry(expert: AccountRecord): ExpertEntry<ExpertCard> {
  return {
    id: expert.userId,
    card: wholeExpertCard(expert),
    name: `${expert.firstName} ${expert.lastName}`.trim(),
    // What a visitor sees of the name is all a visitor's search may match.
    visitorName: `${expert.firstName} ${lastNameFor(expert.lastName, undefined)}`.trim(),
    headline: expert.headline,
    position: [expert.position, expert.domainActivity, expert.company].filter(Boolean).join(' ') || undefined,
    expertises: expert.expertises ?? [],
    rating: expert.rating ?? 0,
    expYears: expert.expYears ?? 0,
    createdAt: expert.createdAt,
  };
}

export const toOfferEntry = (offer: OfferRecord): OfferEntry<OfferCard> => ({
  id: offer.offerId,
  expertId: offer.expertId,
  card: toOfferCard(offer),
  title: offer.title,
  description: offer.description,
  createdAt: offer.createdAt,
});

const source: CatalogueSource<ExpertCard, OfferCard> = {
  cardsFormat: CARDS_FORMAT,
  async everything() {
    const [experts, offers] = await Promise.all([accounts.allExperts(), repo.allApprovedOffers()]);
    return { experts: experts.filter(isListedExpert).map(toExpertEntry), offers: offers.map(toOfferEntry) };
  },
  async expert(expertId, changedOfferIds) {
    const [expert, offers, changed] = await Promise.all([
      accounts.getAccount(expertId, { consistent: true }),
      repo.offersOfExpert(expertId),
      Promise.all(changedOfferIds.map((offerId) => repo.getOffer(offerId, { consistent: true }))),
    ]);
    const current = new Map(offers.map((offer) => [offer.offerId, offer]));
    for (const offer of changed) if (offer) current.set(offer.offerId, offer);
    const published = [...current.values()].filter((offer) => offer.status === 'approved' && offer.expertId === expertId);
    return { expert: isListedExpert(expert) ? toExpertEntry(expert) : undefined, offers: published.map(toOfferEntry) };
  },
};

/** The catalogue's search index, fresh to within about a second of the last change. */
export const searchIndex = (): Promise<SearchIndex<ExpertCard, OfferCard>> => catalogueIndex(source);

/** The scheduled job: a fresh snapshot of the index for every Lambda's next cold start. */
export const writeSearchSnapshot = () => writeCatalogueSnapshot(source);
