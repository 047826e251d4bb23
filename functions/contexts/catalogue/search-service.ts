/**
 * The catalogue as the search index reads it: listed experts and published offers, as entries of the
 * index. The index itself (contexts/search) knows no item of the table.
 */
import { type CatalogueSource, catalogueIndex, writeCatalogueSnapshot } from '../search/catalogue-index';
import type { ExpertEntry, OfferEntry, SearchIndex } from '../search/search-index';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import { isListedExpert, lastNameFor } from './expert';
import type { OfferRecord } from './offer';
import * as repo from './offer-repository';

export function toExpertEntry(expert: AccountRecord): ExpertEntry {
  return {
    id: expert.userId,
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

export const toOfferEntry = (offer: OfferRecord): OfferEntry => ({
  id: offer.offerId,
  expertId: offer.expertId,
  title: offer.title,
  description: offer.description,
  createdAt: offer.createdAt,
});

const source: CatalogueSource = {
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
export const searchIndex = (): Promise<SearchIndex> => catalogueIndex(source);

/** The scheduled job: a fresh snapshot of the index for every Lambda's next cold start. */
export const writeSearchSnapshot = () => writeCatalogueSnapshot(source);
