/**
 * What the notifications function mails about an order's notice: the order as it is now, and its
 * two sides' addresses. Loads nothing of payments (the notifications Lambda holds no Stripe secret).
 */
import type { OrderNotice } from '../../../shared/schemas/notices';
import { logger } from '../../platform/logger';
import * as accounts from '../accounts/service';
import { type OrderMail, orderMails, partyOf } from './mails';
import * as repo from './repository';

/** The mails of a notice; none to a deleted account, and none when the order is gone. */
export async function noticeMails(notice: OrderNotice): Promise<OrderMail[]> {
  const order = await repo.getOrder(notice.orderId, { consistent: true });
  if (!order) {
    logger.warn('A notice of an order that does not exist', { notice });
    return [];
  }
  const people = await accounts.getAccounts([order.studentId, order.expertId]);
  const student = people.get(order.studentId);
  const expert = people.get(order.expertId);
  if (!student || !expert) return [];
  const deleted = new Set([student, expert].filter((account) => account.isDeleted).map((account) => account.email));
  return orderMails(notice, order, partyOf(student), partyOf(expert)).filter(({ mail }) => !deleted.has(mail.to));
}
