/** Expert calls more than one feature makes. */
import { api } from '@/lib/api-client';

export interface ExpertQuery {
  page: number;
  limit: number;
  sort?: 'new' | 'rating';
  q?: string;
  minRating?: number;
  minExp?: number;
}

/** GET /user/professors: one page of the expert directory (the home page's slider and live search, the directory). */
export const listExperts = ({ page, limit, ...filters }: ExpertQuery) => api.call('GET /api/user/professors', { query: { page, limit, ...filters } });

/** GET /experts/{id}/slots: the expert's free starts from `from` to `to` for a session of `minutes`, on the viewer's half hours. */
export const freeSlots = (expertId: string, query: { from: string; to: string; minutes: number; timeZone: string }) =>
  api.call('GET /api/experts/{id}/slots', { params: { id: expertId }, query });
