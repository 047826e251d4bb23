/** Public profiles of experts and public cards of members. No AWS calls here: storage is the repository. */
import { MSG } from '../../../shared/texts';
import type { ExpertProfile, OfferDto, PublicUser, Review } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import type { AccountRecord } from '../accounts/account';
import { NotFound } from '../../platform/errors';
import { MAX_PATH_PARAMETER_LENGTH } from '../../platform/http';
import { offersOfExpert } from './offer-service';
import { reviewsOfExpert } from './review-service';
import { isListedExpert, isVisible, toExpertProfile, toPublicUser } from './expert';
import * as accounts from '../accounts/service';
import * as chats from '../chats/counterpart-service';

/** A listed expert's public profile; `account`: the expert's account, when already asked for. */
export async function expertProfile(
  expertId: string,
  caller: Caller | undefined,
  account: Promise<AccountRecord | undefined> = accounts.getAccount(expertId),
): Promise<ExpertProfile> {
  const user = await account;
  if (!isListedExpert(user)) throw new NotFound(MSG.expertNotFound, 'expert_not_found');
  return toExpertProfile(user, caller);
}

/** An expert's profile page as a visitor first sees it: the answers of the page's three API calls. */
export interface ExpertPage {
  profile: ExpertProfile;
  offers: OfferDto[];
  reviews: Review[];
}

/**
 * The page of an expert, rendered per request (decision 297), read as the API answers a visitor's
 * three calls; none for an id that is no listed expert (an unknown, banned or unlisted account).
 */
export async function expertPage(expertId: string): Promise<ExpertPage | undefined> {
  if (expertId.length > MAX_PATH_PARAMETER_LENGTH) return undefined;
  // The account is read once for the three answers, each checking it as its call does.
  const account = accounts.getAccount(expertId);
  try {
    const [profile, offers, reviews] = await Promise.all([
      expertProfile(expertId, undefined, account),
      offersOfExpert(expertId, undefined, account),
      reviewsOfExpert(expertId, undefined, account),
    ]);
    return { profile, offers, reviews };
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    throw error;
  }
}

/**
 * The public card of an account, for a signed-in caller who deals with it: a listed expert (public
 * anyway), a counterpart of one of the caller's conversations, or the caller. Anything else, an
 * unknown id included, answers the same 404, so the call tells nobody which accounts exist. The
 * account and the conversations are read side by side, whatever the answer.
 */
export async function publicUser(userId: string, caller: Caller): Promise<PublicUser> {
  const [user, counterpart] = await Promise.all([accounts.getAccount(userId), userId === caller.userId || chats.sharesConversation(caller.userId, userId)]);
  if (isListedExpert(user) || (isVisible(user) && counterpart)) return toPublicUser(user);
  throw new NotFound(MSG.userNotFound, 'user_not_found');
}
