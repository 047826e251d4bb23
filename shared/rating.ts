/**
 * Ratings: stars are whole numbers from 1 to 5; what an offer or an expert shows is the average of
 * their reviews, derived from two counters kept with each review (the sum of the stars and the
 * count), never stored itself, so that two reviews at once can never lose one another.
 */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The average shown for `sum` stars over `count` reviews, to one decimal (0 without any review). */
export function averageRating(sum: number | undefined, count: number | undefined): number {
  if (!sum || !count || count <= 0) return 0;
  return Math.round((sum / count) * 10) / 10;
}
