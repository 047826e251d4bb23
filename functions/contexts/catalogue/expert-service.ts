/** Public profiles of experts and public cards of members. No AWS calls here: storage is the repository. */
import { MSG } from '../../../shared/texts';
import type { ExpertProfile, PublicUser } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import { NotFound } from '../../platform/errors';
import { isListedExpert, isVisible, toExpertProfile, toPublicUser } from './expert';
import * as accounts from '../accounts/service';
import * as chats from '../chats/counterpart-service';

export async function expertProfile(expertId: string, caller: Caller | undefined): Promise<ExpertProfile> {
  const user = await accounts.getAccount(expertId);
  if (!isListedExpert(user)) throw new NotFound(MSG.expertNotFound, 'expert_not_found');
  return toExpertProfile(user, caller);
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
