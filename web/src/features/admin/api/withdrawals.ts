import * as z from 'zod/mini';
import type { AdminWithdrawal, WithdrawalPage, WithdrawalStatus } from '@shared/schemas/earnings';
import { MSG } from '@shared/web-texts';
import { LIMITS } from '@shared/limits';
import { api } from '@/lib/api-client';

/** The reject dialog's one field: an optional reason, trimmed, at most 500 characters. */
export const rejectWithdrawalSchema = z.object({
  reason: z.string().check(z.trim(), z.maxLength(LIMITS.withdrawalReasonMax, MSG.withdrawalReasonTooLong)),
});

/** GET /admin/withdrawals: a page of withdrawals, newest first, of one status or all. */
export const getAdminWithdrawals = (status: WithdrawalStatus | undefined, cursor?: string): Promise<WithdrawalPage<AdminWithdrawal>> =>
  api.call('GET /api/admin/withdrawals', { query: { status, cursor } });

/**
 * POST /admin/withdrawals/{id}/approve {code?}: the payout is made from the expert's connected account. The code of the
 * admin's authenticator is sent only when given (the server asks for it when the last one is old: step_up_required).
 */
export const approveWithdrawal = (id: string, code?: string) =>
  api.call('POST /api/admin/withdrawals/{id}/approve', { params: { id }, ...(code && { body: { code } }) });

/** POST /admin/withdrawals/{id}/reject {reason?}: the amount is the expert's to withdraw again. */
export const rejectWithdrawal = (id: string, reason: string) =>
  api.call('POST /api/admin/withdrawals/{id}/reject', { params: { id }, body: reason ? { reason } : {} });
