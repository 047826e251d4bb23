import type { AdminPaymentsPage } from '@shared/schemas/admin-views';
import { api } from '@/lib/api-client';

/** GET /admin/payments: a page of paid orders, newest payment first, or the one order of `orderNumber`. */
export const getAdminPayments = (orderNumber: string | undefined, cursor?: string): Promise<AdminPaymentsPage> =>
  api.call('GET /api/admin/payments', { query: { orderNumber, cursor } });
