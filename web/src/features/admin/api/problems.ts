import { api } from '@/lib/api-client';

/** GET /admin/problems: the reported orders waiting for a decision, oldest report first. */
export const getReportedOrders = () => api.call('GET /api/admin/problems');

/**
 * POST /admin/problems/{id}/resolve: release the payment to the expert, or refund a share of it to the student. A refund
 * moves money: the code of the admin's authenticator goes with it when given (step_up_required asks for it).
 */
export const resolveProblem = (id: string, decision: { decision: 'release' } | { decision: 'refund'; refundPercent: number }, code?: string) =>
  api.call('POST /api/admin/problems/{id}/resolve', { params: { id }, body: decision.decision === 'refund' && code ? { ...decision, code } : decision });

/** GET /admin/problems/{id}: a reported order with a page of its conversation (older ones `before` a message id) and the delivered file's short-lived address. */
export const getReportedOrder = (id: string, before?: string) => api.call('GET /api/admin/problems/{id}', { params: { id }, query: { before } });

/** GET /admin/rooms/{id}: when each side of a reported call was connected in its room (docs/rooms.md). */
export const getRoomAttendance = (id: string) => api.call('GET /api/admin/rooms/{id}', { params: { id } });
