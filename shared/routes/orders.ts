import { adminPaymentsQuery, approveWithdrawalSchema } from '../schemas/admin';
import { availabilitySchema, slotsQuerySchema } from '../schemas/bookings';
import { chatListQuery, conversationPageQuery } from '../schemas/chats';
import { emptyBody } from '../schemas/common';
import {
  confirmProjectUploadSchema,
  counterScheduleSchema,
  handleProjectSchema,
  projectUploadSchema,
  refundDecisionSchema,
  reportProblemSchema,
  rescheduleSchema,
  resolveProblemSchema,
  scheduleSchema,
} from '../schemas/orders';
import { createSessionSchema } from '../schemas/payments';
import { adminWithdrawalsQuery, moneyPageQuery, rejectWithdrawalSchema, withdrawSchema } from '../schemas/users';
import { type Route, r } from './route';

/**
 * The orders Lambda's (spec 2 sections 4 and 7, spec 1's payout onboarding): every call that moves an
 * order or money, whatever its URL prefix, reaches the one Lambda holding the Stripe secret.
 */
export const ORDERS_ROUTES = [
  // Earnings and withdrawals move money (docs/payouts.md).
  r('GET', '/user/earnings', 'orders', 'professor', { query: moneyPageQuery }),
  r('GET', '/user/earnings/monthly', 'orders', 'professor'), // (added) the dashboard's chart
  r('GET', '/user/withdrawals', 'orders', 'professor', { query: moneyPageQuery }),
  r('POST', '/user/withdraw', 'orders', 'professor', { body: withdrawSchema }),
  // The counters are kept with the orders' closes and the ledger. Anyone reads
  // them; a signed-in caller's token is still checked, for the expert's and admins' totalEarned (decision 222).
  r('GET', '/user/stats/{id}', 'orders', 'public'),
  // Orders and payments. Calls the spec does not name are marked "(added)".
  r('PUT', '/chats/{id}/schedule', 'orders', 'member', { body: scheduleSchema }),
  r('PUT', '/chats/{id}/confirm-schedule', 'orders', 'member', { body: emptyBody }),
  r('PUT', '/chats/{id}/counter-schedule', 'orders', 'member', { body: counterScheduleSchema }), // (added)
  r('PUT', '/chats/{id}/accept-schedule', 'orders', 'member', { body: emptyBody }), // (added)
  r('PUT', '/chats/{id}/decline-schedule', 'orders', 'member', { body: emptyBody }), // (added)
  r('POST', '/payments/create-session', 'orders', 'member', { body: createSessionSchema }),
  r('PUT', '/chats/{id}/mark-paid', 'orders', 'member', { body: emptyBody }),
  r('PUT', '/chats/{id}/cancel', 'orders', 'member', { body: emptyBody }),
  r('PUT', '/chats/{id}/refund-decision', 'orders', 'professor', { body: refundDecisionSchema }), // (added)
  r('PUT', '/chats/{id}/confirm-session', 'orders', 'member', { body: emptyBody }), // (added)
  r('PUT', '/chats/{id}/reschedule', 'orders', 'member', { body: rescheduleSchema }), // (added)
  r('PUT', '/chats/{id}/accept-reschedule', 'orders', 'member', { body: emptyBody }), // (added)
  r('PUT', '/chats/{id}/decline-reschedule', 'orders', 'member', { body: emptyBody }), // (added)
  r('POST', '/chats/{id}/report-problem', 'orders', 'member', { body: reportProblemSchema }), // (added)
  // A no-show reported in the call's room (docs/rooms.md): the side reported absent contests it, and an admin decides.
  r('POST', '/chats/{id}/contest-no-show', 'orders', 'member', { body: emptyBody }), // (added)
  // Bookings (issue 25): this Lambda keeps the calendars its moves reserve and free.
  r('GET', '/availability', 'orders', 'professor'), // (added)
  r('PUT', '/availability', 'orders', 'professor', { body: availabilitySchema }), // (added)
  r('GET', '/experts/{id}/slots', 'orders', 'public', { query: slotsQuerySchema }), // (added)
  // A member's calendar feed: its state, and a new secret address (the calendars Lambda serves its file).
  r('GET', '/calendar-feed', 'orders', 'member'), // (added)
  r('POST', '/calendar-feed', 'orders', 'member', { body: emptyBody }), // (added)
  r('GET', '/admin/problems', 'orders', 'admin'), // (added)
  r('GET', '/admin/problems/{id}', 'orders', 'admin', { query: conversationPageQuery }), // (added)
  r('POST', '/admin/problems/{id}/resolve', 'orders', 'admin', { body: resolveProblemSchema }), // (added)
  r('POST', '/chats/{id}/project-upload', 'orders', 'professor', { body: projectUploadSchema }), // (added)
  r('PUT', '/chats/{id}/confirm-project-upload', 'orders', 'professor', { body: confirmProjectUploadSchema }), // (added)
  r('POST', '/chats/{id}/submit-project', 'orders', 'professor', { upload: 'projectFile' }),
  r('GET', '/chats/{id}/project-file', 'orders', 'member'), // (added)
  r('POST', '/chats/{id}/handle-project', 'orders', 'member', { body: handleProjectSchema }),
  r('GET', '/user/order-history', 'orders', 'member', { query: chatListQuery }),
  // A member's orders, opened by an admin from the member's row (the admin issue).
  r('GET', '/admin/users/{id}/orders', 'orders', 'admin', { query: chatListQuery }), // (added)
  r('GET', '/payments/account-status', 'orders', 'professor'),
  r('POST', '/payments/onboard', 'orders', 'professor', { body: emptyBody }),
  r('POST', '/payments/login-link', 'orders', 'professor', { body: emptyBody }),
  r('POST', '/payments/account-link', 'orders', 'professor', { body: emptyBody }),
  r('POST', '/webhooks/stripe', 'orders', 'public', { rawBody: true }),
  r('GET', '/admin/withdrawals', 'orders', 'admin', { query: adminWithdrawalsQuery }),
  r('POST', '/admin/withdrawals/{id}/approve', 'orders', 'admin', { body: approveWithdrawalSchema }),
  r('POST', '/admin/withdrawals/{id}/reject', 'orders', 'admin', { body: rejectWithdrawalSchema }),
  // The admin's payments (spec 2): this Lambda holds the orders and the ledger.
  r('GET', '/admin/payments', 'orders', 'admin', { query: adminPaymentsQuery }),
  // Reconciliation of the ledger with the provider (docs/payouts.md): the latest result, and a run now.
  r('GET', '/admin/reconciliation', 'orders', 'admin'), // (added)
  r('POST', '/admin/reconciliation', 'orders', 'admin', { body: emptyBody }), // (added)
] as const satisfies readonly Route[];
