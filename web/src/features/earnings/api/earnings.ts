import type { Earnings, WithdrawalPage } from '@shared/schemas/earnings';
import { api } from '@/lib/api-client';

/** GET /user/earnings: the balances and a page of credited orders, newest first; `cursor` from the page before. */
export const getEarnings = (cursor?: string): Promise<Earnings> => api.call('GET /api/user/earnings', { query: { cursor } });

/**
 * GET /user/withdrawals: a page of the expert's withdrawals, newest first. The route table still
 * answers the spec's bare list; the contract (shared/schemas/earnings.ts) is a page with
 * `nextCursor`, which this reads.
 */
export const getWithdrawals = async (cursor?: string): Promise<WithdrawalPage> =>
  (await api.call('GET /api/user/withdrawals', { query: { cursor } })) as unknown as WithdrawalPage;

/** POST /user/withdraw: asks for `amount` euros of the available balance. */
export const requestWithdrawal = (amount: number) => api.call('POST /api/user/withdraw', { body: { amount } });
