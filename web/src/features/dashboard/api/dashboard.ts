import { api } from '@/lib/api-client';

/** GET /user/stats/{id}: the expert's completed orders, what they earned, their rating and reviews. */
export const getStats = (id: string) => api.call('GET /api/user/stats/{id}', { params: { id } });

/** GET /user/earnings/monthly: what the expert earned in each of the last 12 months. */
export const getMonthlyEarnings = () => api.call('GET /api/user/earnings/monthly');
