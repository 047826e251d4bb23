import { api } from '@/lib/api-client';

/**
 * The calls that move a conversation's order (spec 2 sections 4 and 7, the orders issue). Each
 * answers `{msg}` (mark-paid the conversation); the order's new state arrives by refetching the
 * conversation, which the `orderChanged` push also triggers.
 */
const p = (id: string) => ({ id });

/** The student's proposal: a start with hours (an hourly call), a start alone (a fixed-price call), or the free introduction. */
export const proposeSchedule = (id: string, body: { scheduledDate: string; scheduledHours?: number } | { scheduledDate: string; freeIntro: true }) =>
  api.call('PUT /api/chats/{id}/schedule', { params: p(id), body });

/** The expert's counter-proposal: another start, and for hourly sessions another number of hours. */
export const counterSchedule = (id: string, body: { scheduledDate: string; scheduledHours?: number }) =>
  api.call('PUT /api/chats/{id}/counter-schedule', { params: p(id), body });

export const confirmSchedule = (id: string) => api.call('PUT /api/chats/{id}/confirm-schedule', { params: p(id), body: {} });
export const acceptSchedule = (id: string) => api.call('PUT /api/chats/{id}/accept-schedule', { params: p(id), body: {} });
export const declineSchedule = (id: string) => api.call('PUT /api/chats/{id}/decline-schedule', { params: p(id), body: {} });

/** POST /payments/create-session: the checkout page to send the browser to (a free order answers the chat's own address). */
export const createPaymentSession = (body: { chatId: string; amount?: number; hours?: number; booking?: { date: string; hours: number } }) =>
  api.call('POST /api/payments/create-session', { body });

/** After the checkout's return (?status=paid): the conversation, paid; 409 payment_not_confirmed while the webhook has not landed. */
export const markPaid = (id: string) => api.call('PUT /api/chats/{id}/mark-paid', { params: p(id), body: {} });

export const cancelOrder = (id: string) => api.call('PUT /api/chats/{id}/cancel', { params: p(id), body: {} });
export const decideRefund = (id: string, refundPercent: number) => api.call('PUT /api/chats/{id}/refund-decision', { params: p(id), body: { refundPercent } });

export const handleProject = (id: string, action: 'approve' | 'request_revision') =>
  api.call('POST /api/chats/{id}/handle-project', { params: p(id), body: { action } });

export const confirmSession = (id: string) => api.call('PUT /api/chats/{id}/confirm-session', { params: p(id), body: {} });
export const proposeReschedule = (id: string, scheduledDate: string) => api.call('PUT /api/chats/{id}/reschedule', { params: p(id), body: { scheduledDate } });
export const acceptReschedule = (id: string) => api.call('PUT /api/chats/{id}/accept-reschedule', { params: p(id), body: {} });
export const declineReschedule = (id: string) => api.call('PUT /api/chats/{id}/decline-reschedule', { params: p(id), body: {} });
export const reportProblem = (id: string, reason: string) => api.call('POST /api/chats/{id}/report-problem', { params: p(id), body: { reason } });
/** The side reported absent says they came (docs/rooms.md): an admin decides. */
export const contestNoShow = (id: string) => api.call('POST /api/chats/{id}/contest-no-show', { params: p(id), body: {} });

/** GET /chats/{id}/project-file: a short-lived link to download the delivered file. */
export const projectFileLink = (id: string) => api.call('GET /api/chats/{id}/project-file', { params: p(id) });

/** POST /offers/{id}/reviews: the student's one review of a closed order. */
export const postReview = (offerId: string, body: { rating: number; comment?: string; orderNumber: number }) =>
  api.call('POST /api/offers/{id}/reviews', { params: { id: offerId }, body });
