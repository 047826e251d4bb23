/** Public profiles of experts and public cards of members. No AWS calls here: storage is the repository. */
import { MSG } from '../../../shared/messages';
import type { ExpertProfile, PublicUser } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import { NotFound } from '../../platform/errors';
import { isListedExpert, isVisible, toExpertProfile, toPublicUser } from './expert';
import * as accounts from '../accounts/service';

export async function expertProfile(expertId: string, caller: Caller | undefined): Promise<ExpertProfile> {
  const user = await accounts.getAccount(expertId);
  if (!isListedExpert(user)) throw new NotFound(MSG.teacherNotFound, 'expert_not_found');
  return toExpertProfile(user, caller);
}

/** The public card of any member a signed-in user deals with (a chat counterpart). */
export async function publicUser(userId: string): Promise<PublicUser> {
  const user = await accounts.getAccount(userId);
  if (!isVisible(user)) throw new NotFound(MSG.userNotFound, 'user_not_found');
  return toPublicUser(user);
}
