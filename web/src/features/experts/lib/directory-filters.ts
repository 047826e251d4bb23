import { CATALOGUE } from '@shared/limits';
import type { ExpertQuery } from '@/api/experts';
import { searchError } from '@/lib/search-text';

export type DirectoryFilters = Pick<ExpertQuery, 'q' | 'sort' | 'minRating' | 'minExp'>;

/** The filters the URL holds (q, minExp, minRating, sort); values the pills do not offer are ignored. */
export function filtersFrom(params: URLSearchParams): DirectoryFilters {
  const minRating = Number(params.get('minRating'));
  const q = params.get('q')?.trim() ?? '';
  return {
    q: q && !searchError(q) ? q : undefined,
    sort: params.get('sort') === 'rating' ? 'rating' : 'new',
    minRating: (CATALOGUE.ratingSteps as readonly number[]).includes(minRating) ? minRating : undefined,
    minExp: params.get('minExp') === String(CATALOGUE.minExpYears) ? CATALOGUE.minExpYears : undefined,
  };
}
