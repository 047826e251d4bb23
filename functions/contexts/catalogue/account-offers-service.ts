/**
 * An expert's offers as a whole, for their account's export, deletion and change of role: through the offers'
 * repository only, without the search index the catalogue's reads need (the jobs Lambda that calls
 * this carries no search engine).
 */
import type { OfferRecord } from './offer';
import * as repo from './offer-repository';

/** Every offer an expert ever made, whatever its status: their data export. */
export const everyOfferOf = (expertId: string): Promise<OfferRecord[]> => repo.offersOfExpert(expertId);

/**
 * A deleted expert's offers leave every list and search (archived, as the expert's own deletion
 * does); the items stay, so the orders and reviews that name them keep reading them.
 */
export async function retireOffersOf(offers: readonly OfferRecord[]): Promise<void> {
  const live = offers.filter((offer) => offer.status === 'pending' || offer.status === 'approved');
  await Promise.all(live.map((offer) => repo.retireOffer(offer, 'archived', { ownerId: offer.expertId })));
}

/** Whether an expert has offers a change of role would orphan (any not rejected: archived ones keep their orders). */
export async function hasOffers(expertId: string): Promise<boolean> {
  return (await repo.offersOfExpert(expertId)).some((offer) => offer.status !== 'rejected');
}
