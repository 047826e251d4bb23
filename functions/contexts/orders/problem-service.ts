/**
 * Reported orders and the admin's decision (the orders issue, "Sessions end"): release the payment
 * to the expert, or refund it in full or in part. The only refund an admin issues, and it is
 * recorded on the order and in the ledger like every other.
 */
import { type Cents, cents, eurosFromCents } from '../../../shared/money';
import type { ReportedOrder } from '../../../shared/schemas/orders';
import { EXPERT_ROLE, STUDENT_ROLE } from '../../../shared/roles';
import { MSG } from '../../../shared/texts';
import { nowIso } from '../../platform/clock';
import { NotFound } from '../../platform/errors';
import * as accounts from '../accounts/service';
import { completeRefund } from './payment-service';
import * as repo from './repository';
import { creditOnCompletion, move } from './lifecycle-service';

/** The admin's page holds at most this many reports at once; decided ones leave it. */
const PAGE = 100;

export async function reportedOrders(): Promise<ReportedOrder[]> {
  const orders = await repo.reportedOrders(PAGE);
  const people = await accounts.getAccounts([...new Set(orders.flatMap((order) => [order.studentId, order.expertId]))]);
  const person = (userId: string) => {
    const account = people.get(userId);
    return { _id: userId, firstName: account?.firstName ?? '', lastName: account?.lastName ?? '' };
  };
  return orders.flatMap((order) =>
    order.problem
      ? [
          {
            chatId: order.orderId,
            orderNumber: order.orderNumber,
            offerTitle: order.offerTitle,
            orderKind: order.kind,
            student: person(order.studentId),
            professor: person(order.expertId),
            paymentAmount: eurosFromCents(order.payment?.amountCents ?? cents(0)),
            reportedBy: order.problem.by === 'student' ? STUDENT_ROLE : EXPERT_ROLE,
            reason: order.problem.reason,
            reportedAt: order.problem.at,
            hasProjectFile: order.submissionFile !== undefined,
          },
        ]
      : [],
  );
}

export type ProblemDecision = { decision: 'release' } | { decision: 'refund'; refundPercent: number };

export async function resolveProblem(orderId: string, decision: ProblemDecision): Promise<{ msg: string }> {
  const order = await repo.getOrder(orderId, { consistent: true });
  if (!order) throw new NotFound(MSG.chatNotFound, 'chat_not_found');
  if (decision.decision === 'release') {
    await move(order, { action: 'resolveRelease', actor: 'admin', writes: creditOnCompletion(order) });
    return { msg: MSG.problemReleased };
  }
  const paid: Cents = order.payment?.amountCents ?? cents(0);
  const refundCents = cents(Math.round((paid * decision.refundPercent) / 100));
  const canceled = await move(order, { action: 'resolveRefund', actor: 'admin', changes: { cancellation: { by: 'admin', at: nowIso(), refundCents } } });
  await completeRefund(canceled);
  return { msg: MSG.problemRefunded };
}
