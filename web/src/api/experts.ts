/**
 * GET /user/professors: one page of the expert directory. Here rather than in a feature because
 * the home page (slider, live search) and the directory both call it.
 */
import { api } from './api-client';

export interface ExpertQuery {
  page: number;
  limit: number;
  sort?: 'new' | 'rating';
  q?: string;
  minRating?: number;
  minExp?: number;
}

export const listExperts = ({ page, limit, ...filters }: ExpertQuery) => api.call('GET /api/user/professors', { query: { page, limit, ...filters } });
