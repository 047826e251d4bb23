import type { Earnings, WithdrawalPage } from '@shared/schemas/earnings';
import { api } from '@/lib/api-client';

/** GET /user/earnings: the balances and a page of credited orders, newest first; `cursor` from the page before. */
export const getEarnings = (cursor?: string): Promise<Earnings> => api.call('GET /api/user/earnings', { query: { cursor } });

/** GET /user/withdrawals: a page of the expert's withdrawals, newest first. */
export const getWithdrawals = (cursor?: string): Promise<WithdrawalPage> => api.call('GET /api/user/withdrawals', { query: { cursor } });

/** POST /user/withdraw: asks for `amount` euros of the available balance; the same key again asks nothing more. */
export const requestWithdrawal = (amount: number, idempotencyKey: string) => api.call('POST /api/user/withdraw', { body: { amount }, idempotencyKey });
