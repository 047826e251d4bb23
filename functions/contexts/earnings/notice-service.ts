/**
 * What the notifications function mails about a withdrawal's notice: the withdrawal as it is now,
 * to its expert. Loads nothing of payments (the notifications Lambda holds no Stripe secret).
 */
import type { WithdrawalNotice } from '../../../shared/schemas/notices';
import type { NoticeMail } from '../../platform/mailer';
import * as accounts from '../accounts/service';
import { withdrawalMail } from './mails';
import * as repo from './repository';

/** The mail of a withdrawal's notice; none when the withdrawal or its expert is gone. */
export async function withdrawalNoticeMails(notice: WithdrawalNotice): Promise<NoticeMail[]> {
  const withdrawal = await repo.getWithdrawal(notice.withdrawalId);
  const expert = withdrawal && (await accounts.getAccount(withdrawal.expertId));
  if (!withdrawal || !expert || expert.isDeleted) return [];
  return [withdrawalMail(notice, withdrawal, { ...accounts.recipientOf(expert), email: expert.email, firstName: expert.firstName })];
}
