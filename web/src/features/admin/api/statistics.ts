import { api } from '@/lib/api-client';

/** GET /admin/statistics: the five figures now, and their history by day and by week. */
export const getStatistics = () => api.call('GET /api/admin/statistics');
