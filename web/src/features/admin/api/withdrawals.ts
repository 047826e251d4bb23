import * as z from 'zod/mini';
import type { AdminWithdrawal, WithdrawalPage, WithdrawalStatus } from '@shared/schemas/earnings';
import { MSG } from '@shared/texts';
import type { BodyInputOf } from '@shared/routes';
import { api } from '@/lib/api-client';

/** The longest reason an admin may give for a rejection. */
export const REJECT_REASON_MAX = 500;

/** The reject dialog's one field: an optional reason, trimmed, at most 500 characters. */
export const rejectWithdrawalSchema = z.object({
  reason: z.string().check(z.trim(), z.maxLength(REJECT_REASON_MAX, MSG.withdrawalReasonTooLong)),
});

/**
 * GET /admin/withdrawals: a page of withdrawals, newest first, of one status or all. The route table
 * still answers the spec's bare list; the contract (shared/schemas/earnings.ts) is a page with
 * `nextCursor` and the professor's id, which this reads.
 */
export const getAdminWithdrawals = async (status: WithdrawalStatus | undefined, cursor?: string): Promise<WithdrawalPage<AdminWithdrawal>> =>
  (await api.call('GET /api/admin/withdrawals', { query: { status, cursor } })) as unknown as WithdrawalPage<AdminWithdrawal>;

/** POST /admin/withdrawals/{id}/approve: the payout is made from the expert's connected account. */
export const approveWithdrawal = (id: string) => api.call('POST /api/admin/withdrawals/{id}/approve', { params: { id } });

/** POST /admin/withdrawals/{id}/reject {reason?}: the amount is the expert's to withdraw again. */
export const rejectWithdrawal = (id: string, reason: string) => {
  const body: { reason?: string } = reason ? { reason } : {};
  // The route table's body is still empty ({}); the contract adds the optional reason. Once the
  // table has it, this cast changes nothing.
  return api.call('POST /api/admin/withdrawals/{id}/reject', { params: { id }, body: body as BodyInputOf<'POST /api/admin/withdrawals/{id}/reject'> });
};
