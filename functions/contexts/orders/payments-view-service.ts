/**
 * The admin's payments (GET /admin/payments, docs/payouts.md "The admin's payments"): each paid
 * order's money from the charge on, newest payment first, or the one order of a number, and the
 * platform's exposure. Read from the orders (GSI3 of paid orders), their credit entries and the
 * experts' debt totals in the ledger (through the payments service), never from the provider.
 */
import { CHAT } from '../../../shared/limits';
import { type Cents, cents, eurosFromCents } from '../../../shared/money';
import type { AdminPayment, AdminPaymentsPage } from '../../../shared/schemas/admin-views';
import { MSG } from '../../../shared/texts';
import { BadRequest, NotFound } from '../../platform/errors';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import * as payments from '../payments/service';
import type { OrderRecord, PaymentRecord } from './order';
import * as repo from './repository';

/** Rows of a page: as many as the admin's withdrawals. */
const PAGE = CHAT.chatsPageSize;

const encode = (position: string) => Buffer.from(position).toString('base64url');

/** Where a page continues: a `<paidAt>#<orderId>` this service handed out, or 400. */
function decode(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[\w-]{1,100}$/.test(position)) throw new BadRequest(MSG.invalidCursor, 'invalid_cursor');
  return position;
}

export async function adminPayments(query: { orderNumber?: number; cursor?: string }): Promise<AdminPaymentsPage> {
  const [page, exposure] = await Promise.all([
    query.orderNumber === undefined ? repo.paidOrders(PAGE, decode(query.cursor)) : theOrder(query.orderNumber),
    payments.debtsTotal(),
  ]);
  const paid = page.orders.flatMap((order) => (order.payment ? [{ order, payment: order.payment }] : []));
  const [people, fees] = await Promise.all([
    accounts.getAccounts([...new Set(paid.flatMap(({ order }) => [order.studentId, order.expertId]))]),
    payments.creditFeesOf(paid.map(({ order }) => order.orderId)),
  ]);
  return {
    payments: paid.map(({ order, payment }) => toAdminPayment(order, payment, people, fees)),
    exposure: eurosFromCents(exposure),
    ...(page.next && { nextCursor: encode(page.next) }),
  };
}

/** The order of a number, as a page of one: 404 when no paid order has it. */
async function theOrder(orderNumber: number): Promise<repo.PaidOrdersPage> {
  const orderId = await repo.orderIdOfNumber(orderNumber);
  const order = orderId === undefined ? undefined : await repo.getOrder(orderId);
  if (!order?.payment) throw new NotFound(MSG.paymentNotFound, 'order_not_found');
  return { orders: [order] };
}

/** The row, an allowlist: nothing of the order's checkout, booking or conversation. */
function toAdminPayment(order: OrderRecord, payment: PaymentRecord, people: Map<string, AccountRecord>, fees: Map<string, Cents>): AdminPayment {
  const person = (userId: string) => {
    const account = people.get(userId);
    return { _id: userId, firstName: account?.firstName ?? '', lastName: account?.lastName ?? '' };
  };
  const fee = fees.get(order.orderId);
  const { cancellation, transfer, reversal, dispute, outsideRefund } = order;
  return {
    chatId: order.orderId,
    orderNumber: order.orderNumber,
    offerTitle: order.offerTitle,
    student: person(order.studentId),
    professor: person(order.expertId),
    status: order.status,
    paymentAmount: eurosFromCents(payment.amountCents),
    ...(payment.chargeId && { chargeId: payment.chargeId }),
    paidAt: payment.paidAt,
    ...(fee !== undefined && { platformFee: eurosFromCents(fee) }),
    // A refund decided at nothing (the expert's 0 %) moved no money: there is none to show.
    ...(cancellation?.refundCents !== undefined &&
      cancellation.refundCents > 0 && {
        refund: { amount: eurosFromCents(cancellation.refundCents), ...(cancellation.refundId && { refundId: cancellation.refundId }) },
      }),
    // One made in Stripe's dashboard, recorded from its event.
    ...(outsideRefund && { refund: { amount: eurosFromCents(outsideRefund.amountCents), refundId: outsideRefund.refundId } }),
    ...(transfer && {
      transfer: { status: transfer.status, amount: eurosFromCents(transfer.amountCents), ...(transfer.transferId && { transferId: transfer.transferId }) },
    }),
    ...(reversal && {
      reversal: {
        status: reversal.status,
        amount: eurosFromCents(reversal.amountCents),
        ...(reversal.reversalId && { reversalId: reversal.reversalId }),
        reason: reversal.reason,
      },
    }),
    ...(dispute && {
      dispute: {
        disputeId: dispute.disputeId,
        status: dispute.status,
        amount: eurosFromCents(dispute.amountCents),
        fee: eurosFromCents(dispute.feeCents),
        frozen: eurosFromCents(dispute.frozenCents),
        debt: eurosFromCents(cents(dispute.frozenCents - dispute.fromAvailableCents)),
        openedAt: dispute.openedAt,
        ...(dispute.closedAt && { closedAt: dispute.closedAt }),
      },
    }),
  };
}
