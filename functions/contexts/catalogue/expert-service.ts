/** Public profiles of experts and public cards of members. No AWS calls here: storage is the repository. */
import { MSG } from '../../../shared/texts';
import type { ExpertProfile, OfferDto, PublicUser, Review } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import { NotFound } from '../../platform/errors';
import { MAX_PATH_PARAMETER_LENGTH } from '../../platform/http';
import { offersOfExpert } from './offer-service';
import { reviewsOfExpert } from './review-service';
import { isListedExpert, isVisible, toExpertProfile, toPublicUser } from './expert';
import * as accounts from '../accounts/service';
import * as chats from '../chats/counterpart-service';

export async function expertProfile(expertId: string, caller: Caller | undefined): Promise<ExpertProfile> {
  const user = await accounts.getAccount(expertId);
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
  try {
    const [profile, offers, reviews] = await Promise.all([
      expertProfile(expertId, undefined),
      offersOfExpert(expertId, undefined),
      reviewsOfExpert(expertId, undefined),
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
