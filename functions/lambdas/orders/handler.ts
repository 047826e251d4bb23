/**
 * The orders Lambda: every call that moves an order or money, whatever its URL prefix (booking,
 * paying, cancelling, delivery and approval, payout onboarding, the provider's webhook). The only
 * Lambda holding the Stripe secret. HTTP in, one service call, HTTP out.
 */
import { accountOfOpenSession } from '../../contexts/accounts/service';
import { chatOf, memberOrderHistory, orderHistory } from '../../contexts/chats/service';
import * as orders from '../../contexts/orders/lifecycle-service';
import * as delivery from '../../contexts/orders/delivery-service';
import * as orderPayments from '../../contexts/orders/payment-service';
import * as payouts from '../../contexts/payments/service';
import * as reconciliation from '../../contexts/payments/reconciliation-service';
import type { APIGatewayProxyEventV2, Context, ScheduledEvent } from 'aws-lambda';
import { runDueDeadlines } from '../../contexts/orders/deadline-service';
import * as problems from '../../contexts/orders/problem-service';
import { adminPayments } from '../../contexts/orders/payments-view-service';
import * as earnings from '../../contexts/earnings/service';
import { snapshotIfDue } from '../../contexts/statistics/snapshot-service';
import * as bookings from '../../contexts/bookings/service';
import * as feeds from '../../contexts/bookings/feed-service';
import { createDomainHandler, idempotencyKeyOf } from '../../platform/http';
import * as noShows from '../../contexts/orders/no-show-service';
import { ORDERS_ROUTES } from '../../../shared/routes/orders';

const http = createDomainHandler(
  ORDERS_ROUTES,
  {
    'PUT /api/chats/{id}/schedule': async (request) => ({ body: await orders.schedule(request.caller, request.params.id, request.body) }),
    'PUT /api/chats/{id}/counter-schedule': async (request) => ({ body: await orders.counterSchedule(request.caller, request.params.id, request.body) }),
    'PUT /api/chats/{id}/accept-schedule': async (request) => ({ body: await orders.acceptSchedule(request.caller, request.params.id) }),
    'PUT /api/chats/{id}/decline-schedule': async (request) => ({ body: await orders.declineSchedule(request.caller, request.params.id) }),
    'PUT /api/chats/{id}/confirm-schedule': async (request) => ({ body: await orders.confirmSchedule(request.caller, request.params.id) }),
    'POST /api/payments/create-session': async (request) => ({ body: await orderPayments.createSession(request.caller, request.account, request.body) }),
    'PUT /api/chats/{id}/mark-paid': async (request) => {
      await orderPayments.markPaid(request.caller, request.params.id);
      return { body: await chatOf(request.caller, request.params.id) };
    },
    'PUT /api/chats/{id}/cancel': async (request) => ({ body: await orderPayments.cancel(request.caller, request.params.id) }),
    'PUT /api/chats/{id}/refund-decision': async (request) => ({
      body: await orderPayments.decideRefund(request.caller, request.params.id, request.body.refundPercent),
    }),
    'POST /api/chats/{id}/handle-project': async (request) => ({
      body:
        request.body.action === 'approve'
          ? await orders.approve(request.caller, request.params.id)
          : await orders.requestRevision(request.caller, request.params.id),
    }),
    'PUT /api/chats/{id}/confirm-session': async (request) => ({ body: await orders.confirmSession(request.caller, request.params.id) }),
    'PUT /api/chats/{id}/reschedule': async (request) => ({ body: await orders.proposeReschedule(request.caller, request.params.id, request.body) }),
    'PUT /api/chats/{id}/accept-reschedule': async (request) => ({ body: await orders.acceptReschedule(request.caller, request.params.id) }),
    'PUT /api/chats/{id}/decline-reschedule': async (request) => ({ body: await orders.declineReschedule(request.caller, request.params.id) }),
    'POST /api/chats/{id}/report-problem': async (request) => ({ body: await orders.reportProblem(request.caller, request.params.id, request.body.reason) }),
    'POST /api/chats/{id}/contest-no-show': async (request) => ({ body: await noShows.contestNoShow(request.caller, request.params.id) }),
    'GET /api/user/earnings': async (request) => ({ body: await earnings.earnings(request.caller, request.account, request.query) }),
    'GET /api/user/earnings/monthly': async (request) => ({ body: await earnings.monthlyEarnings(request.caller) }),
    'GET /api/availability': async (request) => ({ body: await bookings.availabilityOf(request.caller) }),
    'PUT /api/availability': async (request) => ({ body: await bookings.saveAvailability(request.caller, request.body) }),
    'GET /api/experts/{id}/slots': async (request) => ({ body: await bookings.slotsOf(request.params.id, request.query, request.clientIp) }),
    'GET /api/calendar-feed': async (request) => ({ body: await feeds.feedOf(request.caller) }),
    'POST /api/calendar-feed': async (request) => ({ body: await feeds.renewFeed(request.caller) }),
    'GET /api/user/stats/{id}': async (request) => ({ body: await earnings.statsOf(request.caller, request.params.id) }),
    'GET /api/user/withdrawals': async (request) => ({ body: await earnings.withdrawalsOf(request.caller, request.query) }),
    'POST /api/user/withdraw': async (request) => ({
      status: 201,
      body: await earnings.withdraw(request.caller, request.account, request.body.amount, idempotencyKeyOf(request.headers)),
    }),
    'GET /api/admin/withdrawals': async (request) => ({ body: await earnings.adminWithdrawals(request.query) }),
    'POST /api/admin/withdrawals/{id}/approve': async (request) => ({ body: await earnings.approve(request.params.id, request, request.body?.code) }),
    'POST /api/admin/withdrawals/{id}/reject': async (request) => ({ body: await earnings.reject(request.params.id, request.body, request) }),
    'GET /api/admin/payments': async (request) => ({ body: await adminPayments(request.query) }),
    'GET /api/admin/reconciliation': async () => ({ body: await reconciliation.latestReconciliation() }),
    'POST /api/admin/reconciliation': async (request) => ({ body: await reconciliation.reconcileNow(request) }),
    'GET /api/admin/problems': async () => ({ body: await problems.reportedOrders() }),
    'GET /api/admin/problems/{id}': async (request) => ({ body: await problems.reportedOrder(request.params.id, request.query, request) }),
    'POST /api/admin/problems/{id}/resolve': async (request) => ({ body: await problems.resolveProblem(request.params.id, request.body, request) }),
    'GET /api/user/order-history': async (request) => ({ body: await orderHistory(request.caller, request.query) }),
    'GET /api/admin/users/{id}/orders': async (request) => ({ body: await memberOrderHistory(request.params.id, request.query, request) }),
    'POST /api/chats/{id}/project-upload': async (request) => ({ body: await delivery.projectUploadForm(request.caller, request.params.id, request.body) }),
    'PUT /api/chats/{id}/confirm-project-upload': async (request) => ({
      body: await delivery.confirmProjectUpload(request.caller, request.params.id, request.body.key),
    }),
    'POST /api/chats/{id}/submit-project': async (request) => ({ body: await delivery.submitProject(request.caller, request.params.id, request.file) }),
    'GET /api/chats/{id}/project-file': async (request) => ({ body: await delivery.projectFileUrl(request.caller, request.params.id) }),
    'GET /api/payments/account-status': async (request) => ({ body: await payouts.payoutStatus(request.account) }),
    'POST /api/payments/onboard': async (request) => ({ body: await payouts.onboard(request.account) }),
    'POST /api/payments/login-link': async (request) => ({ body: await payouts.loginLink(request.account) }),
    'POST /api/payments/account-link': async (request) => ({ body: await payouts.accountLink(request.account) }),
    'POST /api/webhooks/stripe': async (request) => ({ body: await orderPayments.handleProviderEvent(request.rawBody, request.headers['stripe-signature']) }),
  },
  accountOfOpenSession,
);

/**
 * The deadlines' schedule (an EventBridge rule) invokes this same Lambda: it holds the Stripe secret
 * refunds need. Reconciliation runs with it, at most once a day, and the admin's statistics take
 * their daily snapshot.
 */
const isScheduled = (event: unknown): boolean => (event as { source?: unknown }).source === 'aws.events';

export async function handler(event: APIGatewayProxyEventV2 | ScheduledEvent, context?: Context) {
  if (isScheduled(event))
    return {
      deadlines: await runDueDeadlines(),
      payouts: await earnings.runPayouts(),
      reconciliation: await reconciliation.reconcileIfDue(),
      statistics: await snapshotIfDue(),
    };
  return http(event as APIGatewayProxyEventV2, context);
}
