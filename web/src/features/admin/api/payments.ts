import type { AdminPaymentsPage } from '@shared/schemas/admin-views';
import { api } from '@/lib/api-client';

/** GET /admin/payments: a page of paid orders, newest payment first, or the one order of `orderNumber`. */
export const getAdminPayments = (orderNumber: string | undefined, cursor?: string): Promise<AdminPaymentsPage> =>
  api.call('GET /api/admin/payments', { query: { orderNumber, cursor } });

/** GET /admin/reconciliation: the last comparison of the ledger with Stripe's balances. */
export const getReconciliation = () => api.call('GET /api/admin/reconciliation');

/** POST /admin/reconciliation: compares them now, and answers as the GET. */
export const runReconciliation = () => api.call('POST /api/admin/reconciliation', { body: {} });
