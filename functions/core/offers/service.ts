/** The rules of reading offers. No AWS calls here: storage is the repository. */
import { MSG } from '../../../shared/messages';
import type { Caller } from '../../lib/access-token';
import { Forbidden, NotFound } from '../../lib/errors';
import type { UserRecord } from '../../lib/user-record';
import { type OfferExpert, type OfferRecord, toOfferDto } from './offer';
import * as repo from './repository';

/** An expert whose offers may be shown: not banned, not deleted, activated. */
const listed = (expert: UserRecord | undefined): expert is UserRecord => expert !== undefined && expert.status === 'active' && !expert.isBanned && !expert.isDeleted;

/** Visitors see an expert's last name as an initial, as on the public profile; members see it whole. */
function expertCard(expert: UserRecord, caller: Caller | undefined): OfferExpert {
  const lastName = caller ? expert.lastName : expert.lastName ? `${expert.lastName.charAt(0)}.` : '';
  return { _id: expert.userId, firstName: expert.firstName, lastName, ...(expert.profilePhoto && { profilePhoto: expert.profilePhoto }) };
}

/** Everyone sees approved offers; their expert also sees them while in moderation; admins see all. */
function visibleTo(offer: OfferRecord, caller: Caller | undefined): boolean {
  if (offer.status === 'approved' || caller?.role === 'admin') return true;
  return offer.status === 'pending' && caller?.userId === offer.professorId;
}

export async function offer(offerId: string, caller: Caller | undefined) {
  const found = await repo.getOffer(offerId);
  if (!found || !visibleTo(found, caller)) throw new NotFound(MSG.offerNotFound);
  const expert = await repo.getExpert(found.professorId);
  if (!listed(expert) && caller?.role !== 'admin' && caller?.userId !== found.professorId) throw new NotFound(MSG.offerNotFound);
  return toOfferDto(found, expert && expertCard(expert, caller));
}

/** The published offers of an expert, newest first. */
export async function offersOfExpert(professorId: string, caller: Caller | undefined) {
  const [expert, offers] = await Promise.all([repo.getExpert(professorId), repo.offersOfExpert(professorId)]);
  if (!listed(expert)) throw new NotFound(MSG.teacherNotFound);
  const card = expertCard(expert, caller);
  return offers.filter((candidate) => candidate.status === 'approved').map((published) => toOfferDto(published, card));
}

/** The expert's own offers, in moderation or published (not archived), newest first. */
export async function myOffers(caller: Caller) {
  const [expert, offers] = await Promise.all([repo.getExpert(caller.userId), repo.offersOfExpert(caller.userId)]);
  const card = expert && expertCard(expert, caller);
  return offers.filter((own) => own.status !== 'archived').map((own) => toOfferDto(own, card));
}

/** Only its expert deletes an offer; deleting archives it. Archiving twice changes nothing. */
export async function deleteOffer(offerId: string, caller: Caller): Promise<{ msg: string }> {
  const found = await repo.getOffer(offerId);
  if (!found || found.status === 'archived') throw new NotFound(MSG.offerNotFound);
  if (found.professorId !== caller.userId || !(await repo.archiveOffer(offerId, caller.userId))) throw new Forbidden(MSG.notYourOffer);
  return { msg: MSG.offerDeleted };
}
