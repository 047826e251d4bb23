/**
 * Reported orders and the admin's decision (the orders issue, "Sessions end"): what the admin reads
 * (the report, the conversation, the delivered file), then the decision: release the payment to the
 * expert, or refund it in full or in part. The only refund an admin issues, and it is recorded on
 * the order and in the ledger like every other.
 */
import { type Cents, cents, eurosFromCents, shareOf } from '../../../shared/money';
import type { ReportedOrder, ReportedOrderDetail } from '../../../shared/schemas/orders';
import { EXPERT_ROLE, STUDENT_ROLE } from '../../../shared/roles';
import { MSG } from '../../../shared/texts';
import { nowIso } from '../../platform/clock';
import { Conflict, NotFound } from '../../platform/errors';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import { confirmMoneyDecision } from '../accounts/step-up-service';
import { type AdminActor, type AuditDetails, auditWrites, recordAdminAction } from '../audit/service';
import * as chats from '../chats/service';
import { reportedProjectFile } from './delivery-service';
import type { OrderRecord, ProblemRecord } from './order';
import { completeRefund } from './payment-service';
import * as repo from './repository';
import { closeWithCredit, move } from './lifecycle-service';

/** The admin's page holds at most this many reports at once; decided ones leave it. */
const PAGE = 100;

export async function reportedOrders(): Promise<ReportedOrder[]> {
  const orders = await repo.reportedOrders(PAGE);
  const people = await accounts.getAccounts([...new Set(orders.flatMap((order) => [order.studentId, order.expertId]))]);
  return orders.flatMap((order) => (order.problem ? [toReportedOrder(order, order.problem, people)] : []));
}

/**
 * One reported order as the admin decides it: the report, a page of its conversation (read through
 * the chats context) and the delivered file. 404 chat_not_found for no order, 409
 * order_not_reported for an order not waiting for an admin (never reported, or decided already).
 */
export async function reportedOrder(orderId: string, page: { before?: string }, actor: AdminActor): Promise<ReportedOrderDetail> {
  const order = await repo.getOrder(orderId, { consistent: true });
  if (!order) throw new NotFound(MSG.chatNotFound, 'chat_not_found');
  if (order.status !== 'problem_reported' || !order.problem) throw new Conflict(MSG.orderNotReported, 'order_not_reported');
  // The members' conversation and file are private: the admin's read is recorded before it is served (decision 271).
  await recordAdminAction(actor, {
    action: 'order.view-reported',
    target: { type: 'order', id: orderId, label: `Order #${order.orderNumber}` },
    ...(page.before && { details: { before: page.before } }),
  });
  const [people, conversation, projectFile] = await Promise.all([
    accounts.getAccounts([order.studentId, order.expertId]),
    chats.conversationForAdmin(order.orderId, page),
    reportedProjectFile(order),
  ]);
  return { report: toReportedOrder(order, order.problem, people), ...conversation, ...(projectFile && { projectFile }) };
}

/** The report as the admin's page shows it: the order, who paid whom, who reported what and when. */
function toReportedOrder(order: OrderRecord, problem: ProblemRecord, people: Map<string, AccountRecord>): ReportedOrder {
  const person = (userId: string) => {
    const account = people.get(userId);
    return { _id: userId, firstName: account?.firstName ?? '', lastName: account?.lastName ?? '' };
  };
  return {
    chatId: order.orderId,
    orderNumber: order.orderNumber,
    offerTitle: order.offerTitle,
    orderKind: order.kind,
    student: person(order.studentId),
    professor: person(order.expertId),
    paymentAmount: eurosFromCents(order.payment?.amountCents ?? cents(0)),
    reportedBy: problem.by === 'admin' ? 'admin' : problem.by === 'student' ? STUDENT_ROLE : EXPERT_ROLE,
    reason: problem.reason,
    reportedAt: problem.at,
    hasProjectFile: order.submissionFile !== undefined,
    ...(problem.noShow && { noShow: { ...problem.noShow, absent: problem.noShow.absent === 'student' ? STUDENT_ROLE : EXPERT_ROLE } }),
  };
}

export type ProblemDecision = { decision: 'release' } | { decision: 'refund'; refundPercent: number; code?: string };

export async function resolveProblem(orderId: string, decision: ProblemDecision, actor: AdminActor): Promise<{ msg: string }> {
  const order = await repo.getOrder(orderId, { consistent: true });
  if (!order) throw new NotFound(MSG.chatNotFound, 'chat_not_found');
  const audit = (details: AuditDetails) =>
    auditWrites(actor, { action: 'order.resolve', target: { type: 'order', id: orderId, label: `Order #${order.orderNumber}` }, details });
  if (decision.decision === 'release') {
    await closeWithCredit(order, 'resolveRelease', 'admin', await audit({ decision: 'release' }));
    return { msg: MSG.problemReleased };
  }
  await confirmMoneyDecision(actor.caller, decision.code);
  const paid: Cents = order.payment?.amountCents ?? cents(0);
  const refundCents = shareOf(paid, decision.refundPercent);
  const canceled = await move(order, {
    action: 'resolveRefund',
    actor: 'admin',
    changes: { cancellation: { by: 'admin', at: nowIso(), refundCents } },
    writes: await audit({ decision: 'refund', refundPercent: decision.refundPercent, refundCents }),
  });
  await completeRefund(canceled);
  return { msg: MSG.problemRefunded };
}
