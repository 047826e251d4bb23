/**
 * The rules of offers: who sees which, who writes which, moderation, and the catalogue's lists read
 * from the search index. No AWS calls here: storage is the repository, search the index.
 */
import { CATALOGUE, LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import type { ExpertCard, OfferDto } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import { newId } from '../../platform/crypto';
import { Forbidden, NotFound } from '../../platform/errors';
import type { AccountRecord } from '../accounts/account';
import { discardHeldPhoto } from './offer-photo-service';
import { heldUploadUrl, holdUpload, publishHeldUpload, publishUpload } from '../../platform/uploads';
import { expertCardFor, isListedExpert, toExpertCard } from './expert';
import { searchIndex } from './search-service';
import type { OfferHit } from '../search/search-index';
import { type OfferCard, type OfferRecord, toOfferDto, withDuration } from './offer';
import { publishedOffersAmong } from './published-service';
import * as repo from './offer-repository';
import { reviewsOfOffer } from './review-service';
import * as accounts from '../accounts/service';
import { type AdminActor, auditWrites } from '../audit/service';
import { centsFromEuros } from '../../../shared/money';

export interface OfferInput {
  title: string;
  description: string;
  price: number;
  lessonType: OfferRecord['lessonType'];
  pricingType?: OfferRecord['pricingType'];
  durationMinutes?: number;
  photo?: string;
}

/** Everyone sees approved offers; their expert also sees them while in moderation; admins see all live ones. */
function visibleTo(offer: OfferRecord, caller: Caller | undefined): boolean {
  if (offer.status === 'approved') return true;
  if (offer.status !== 'pending') return false;
  return caller?.role === 'admin' || caller?.userId === offer.expertId;
}

const isOwnerOrAdmin = (offer: OfferRecord, caller: Caller | undefined) => caller?.role === 'admin' || caller?.userId === offer.expertId;

/** One offer, with its latest reviews. */
export async function offer(offerId: string, caller: Caller | undefined): Promise<OfferDto> {
  const found = await repo.getOffer(offerId);
  if (!found || !visibleTo(found, caller)) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  const [expert, reviews] = await Promise.all([accounts.getAccount(found.expertId), reviewsOfOffer(offerId, caller)]);
  if (!isListedExpert(expert) && !(expert && isOwnerOrAdmin(found, caller))) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  return withPendingPhoto(toOfferDto(found, toExpertCard(expert, caller), reviews), found, caller);
}

/** The published offers of an expert, newest first; `account`: the expert's account, when already asked for. */
export async function offersOfExpert(
  expertId: string,
  caller: Caller | undefined,
  account: Promise<AccountRecord | undefined> = accounts.getAccount(expertId),
): Promise<OfferDto[]> {
  const [expert, offers] = await Promise.all([account, repo.offersOfExpert(expertId)]);
  if (!isListedExpert(expert)) throw new NotFound(MSG.expertNotFound, 'expert_not_found');
  const card = toExpertCard(expert, caller);
  return offers.filter((candidate) => candidate.status === 'approved').map((published) => toOfferDto(published, card));
}

/** The expert's own offers, in moderation, published or rejected (with the reason), newest first. */
export async function myOffers(caller: Caller): Promise<OfferDto[]> {
  const [expert, offers] = await Promise.all([accounts.getAccount(caller.userId), repo.offersOfExpert(caller.userId)]);
  const card = expertCardOrId(expert, caller.userId, caller);
  return Promise.all(
    offers
      .filter((own) => own.status !== 'archived')
      .map((own) => withPendingPhoto({ ...toOfferDto(own, card), ...(own.rejectionReason && { rejectionReason: own.rejectionReason }) }, own, caller)),
  );
}

/**
 * An expert with payouts enabled publishes offers; each waits for an admin's approval first.
 * `sentKey`: the expert's Idempotency-Key; sent again with it, the form makes no second offer (decision 308).
 */
export async function createOffer(input: OfferInput, caller: Caller, account: AccountRecord, sentKey?: string): Promise<{ msg: string; offer: OfferDto }> {
  if (account.payoutsEnabled !== true) throw new Forbidden(MSG.payoutsRequired, 'payouts_required');
  const now = new Date().toISOString();
  const created: OfferRecord = {
    offerId: newId(),
    expertId: caller.userId,
    title: input.title,
    description: input.description,
    priceCents: centsFromEuros(input.price),
    lessonType: input.lessonType,
    pricingType: input.pricingType ?? 'fixed',
    ...withDuration({ lessonType: input.lessonType, pricingType: input.pricingType ?? 'fixed' }, input.durationMinutes),
    ...(typeof account.domainActivity === 'string' && account.domainActivity && { area: account.domainActivity }),
    status: 'pending',
    createdAt: now,
    submittedAt: now,
  };
  const stored = await repo.createOffer(created, sentKey);
  return { msg: MSG.offerSubmitted, offer: toOfferDto(stored, toExpertCard(account, caller)) };
}

/** Its expert edits an offer, which goes back to moderation; nobody else may. */
export async function updateOwnOffer(offerId: string, input: OfferInput, caller: Caller, account: AccountRecord): Promise<{ msg: string; offer: OfferDto }> {
  const found = await liveOffer(offerId);
  if (found.expertId !== caller.userId) throw new Forbidden(MSG.notYourOffer, 'not_your_offer');
  const updated = await repo.updateOffer(found, await fieldsOf(found, input, 'hold'), { ownerId: caller.userId, resubmit: true });
  if (!updated) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  if (updated.pendingPhoto !== found.pendingPhoto) await discardHeldPhoto(found);
  return { msg: MSG.offerUpdated, offer: await withPendingPhoto(toOfferDto(updated, toExpertCard(account, caller)), updated, caller) };
}

/**
 * An admin edits any live offer; it keeps its status (an admin's word needs no second review): a
 * photo an admin gives a published offer is published at once, one given to an offer in moderation
 * waits for its approval with the rest.
 */
export async function updateAnyOffer(offerId: string, input: OfferInput, actor: AdminActor): Promise<{ msg: string; offer: OfferDto }> {
  const found = await liveOffer(offerId);
  const writes = await auditWrites(actor, {
    action: 'offer.edit',
    target: { type: 'offer', id: offerId, label: found.title },
    details: { fields: Object.keys(input).sort().join(', ') },
  });
  const fields = await fieldsOf(found, input, found.status === 'approved' ? 'publish' : 'hold');
  const updated = await repo.updateOffer(found, fields, { resubmit: false, writes });
  if (!updated) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  if (updated.pendingPhoto !== found.pendingPhoto) await discardHeldPhoto(found);
  const expert = await accounts.getAccount(found.expertId);
  return {
    msg: MSG.offerUpdatedByAdmin,
    offer: await withPendingPhoto(toOfferDto(updated, expertCardOrId(expert, found.expertId, actor.caller)), updated, actor.caller),
  };
}

/** Only its expert deletes an offer; deleting archives it. */
export async function deleteOffer(offerId: string, caller: Caller): Promise<{ msg: string }> {
  const found = await liveOffer(offerId);
  if (found.expertId !== caller.userId) throw new Forbidden(MSG.notYourOffer, 'not_your_offer');
  if (!(await repo.retireOffer(found, 'archived', { ownerId: caller.userId }))) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  await discardHeldPhoto(found);
  return { msg: MSG.offerDeleted };
}

/** The moderation queue: offers waiting for approval, oldest first. */
export async function pendingOffers(caller: Caller): Promise<OfferDto[]> {
  const offers = await repo.offersWithStatusOldestFirst('pending', CATALOGUE.moderationBatch);
  const { users } = await repo.offersAndUsers(
    [],
    offers.map((pending) => pending.expertId),
  );
  return Promise.all(
    offers.map((pending) => withPendingPhoto(toOfferDto(pending, expertCardOrId(users.get(pending.expertId), pending.expertId, caller)), pending, caller)),
  );
}

/**
 * Approving publishes the offer and, when it has one, its photo in moderation: copied to the media
 * bucket under a new random name, so its public address exists only from now on.
 */
export async function approveOffer(offerId: string, actor: AdminActor): Promise<{ msg: string }> {
  const found = await repo.getOffer(offerId, { consistent: true });
  if (!found || found.status === 'archived' || found.status === 'rejected') throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  if (found.status !== 'pending') throw new Forbidden(MSG.offerNotPending, 'offer_not_pending');
  const photo = found.pendingPhoto && (await publishHeldUpload(found.pendingPhoto, `offers/${offerId}`));
  const writes = await auditWrites(actor, {
    action: 'offer.approve',
    target: { type: 'offer', id: offerId, label: found.title },
    notice: { kind: 'offerApproved', offerId },
  });
  if (!(await repo.approveOffer(found, photo, writes))) throw new Forbidden(MSG.offerNotPending, 'offer_not_pending');
  await discardHeldPhoto(found);
  return { msg: MSG.offerApproved };
}

/**
 * Rejecting takes an offer waiting for approval (or a published one) out of the catalogue for good;
 * its expert still sees it in My Offers with the reason, and is mailed it.
 */
export async function rejectOffer(offerId: string, reason: string, actor: AdminActor): Promise<{ msg: string }> {
  const found = await liveOffer(offerId);
  const writes = await auditWrites(actor, {
    action: 'offer.reject',
    target: { type: 'offer', id: offerId, label: found.title },
    details: { reason },
    notice: { kind: 'offerRejected', offerId },
  });
  if (!(await repo.retireOffer(found, 'rejected', { reason, writes }))) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  await discardHeldPhoto(found);
  return { msg: MSG.offerRejected };
}

/** Published offers, newest first, from the search index. */
export async function latestOffers(page: number, limit: number, caller: Caller | undefined): Promise<OfferDto[]> {
  return publishedOffers((await searchIndex()).latestOffers(page, limit), caller);
}

/** Offers matching a search, best first. Blank text finds nothing. */
export async function searchOffers(q: string | undefined, limit: number, caller: Caller | undefined): Promise<OfferDto[]> {
  if (!q) return [];
  return publishedOffers((await searchIndex()).offers(q, limit), caller);
}

/** A guest's saved offers (ids kept in the browser): the published ones, in the guest's order. */
export const guestFavorites = (ids: string[], caller: Caller | undefined): Promise<OfferDto[]> => publishedOffersAmong(ids, caller);

/** Offers found in the index, with their cards and their experts' as the index keeps them (decision 288). */
const publishedOffers = (hits: OfferHit<ExpertCard, OfferCard>[], caller: Caller | undefined): OfferDto[] =>
  hits.map((hit) => ({ ...hit.card, professor: expertCardFor(hit.expertCard, caller) }));

async function liveOffer(offerId: string): Promise<OfferRecord> {
  // Consistent: its write holds only while the offer is as read (the statistics move from that).
  const found = await repo.getOffer(offerId, { consistent: true });
  if (!found || (found.status !== 'pending' && found.status !== 'approved')) throw new NotFound(MSG.offerNotFound, 'offer_not_found');
  return found;
}

/**
 * The fields of an edit. A new photo is checked, then published at once (`publish`: an admin's photo
 * for a published offer) or held privately until the offer is approved (`hold`).
 */
async function fieldsOf(offer: OfferRecord, input: OfferInput, photoGoes: 'publish' | 'hold'): Promise<repo.OfferFields> {
  const { offerId } = offer;
  const fields = {
    title: input.title,
    description: input.description,
    priceCents: centsFromEuros(input.price),
    lessonType: input.lessonType,
    ...withDuration({ lessonType: input.lessonType, pricingType: offer.pricingType }, input.durationMinutes ?? offer.durationMinutes),
  };
  if (!input.photo) return fields;
  const upload = { key: input.photo, keyPrefix: `offers/${offerId}`, maxBytes: LIMITS.photoMaxBytes };
  return photoGoes === 'publish'
    ? { ...fields, photo: await publishUpload({ ...upload, publicPrefix: `offers/${offerId}` }) }
    : { ...fields, pendingPhoto: await holdUpload(upload) };
}

/** Its expert and admins see a photo in moderation through a short-lived signed address; nobody else learns of it. */
async function withPendingPhoto(dto: OfferDto, offer: OfferRecord, caller: Caller | undefined): Promise<OfferDto> {
  return offer.pendingPhoto && isOwnerOrAdmin(offer, caller) ? { ...dto, pendingPhotoUrl: await heldUploadUrl(offer.pendingPhoto) } : dto;
}

/** An expert's card, or just their id when the account is gone (admins still see the offer). */
function expertCardOrId(expert: AccountRecord | undefined, expertId: string, caller: Caller): ExpertCard {
  return expert
    ? toExpertCard(expert, caller)
    : {
        _id: expertId,
        firstName: '',
        lastName: '',
        rating: 0,
        reviews: 0,
        expYears: 0,
        isVerified: false,
        isStripeConnected: false,
        payoutsEnabled: false,
        createdAt: '',
      };
}
