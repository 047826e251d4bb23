import { describe, expect, it } from 'vitest';
import { averageRating } from '../../../shared/rating';
import { reviewSchema } from '../../../shared/schemas/offers';
import { MSG } from '../../../shared/texts';
import { fromAccountItem, toAccountItem } from '../accounts/account';
import { fromReviewItem, initialOf, type ReviewRecord, toReviewDto, toReviewItem } from './review';
import { orderNumberOf } from './review-service';

const review: ReviewRecord = {
  reviewId: 'r1',
  orderId: 'o1',
  orderNumber: 42,
  offerId: 'f1',
  expertId: 'e1',
  studentId: 's1',
  rating: 4,
  comment: 'Clear and patient.',
  authorFirstName: 'Alice',
  authorInitial: 'M.',
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('ratings', () => {
  it('are the sum over the count to one decimal, 0 without reviews', () => {
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(undefined, 3)).toBe(0);
  });

  it('are derived when an expert is read, never stored; counts without a sum are no reviews', () => {
    const base = { userId: 'e1', role: 'professor', email: 'e@x.test', firstName: 'E', lastName: 'X', passwordHash: 'h', status: 'active', createdAt: 'now' };
    expect(fromAccountItem({ ...base, ratingSum: 14, reviews: 3 })).toMatchObject({ rating: 4.7, reviews: 3 });
    const legacy = fromAccountItem({ ...base, rating: 4.9, reviews: 46 });
    expect(legacy.rating).toBeUndefined();
    expect(legacy.reviews).toBeUndefined();
    expect(toAccountItem({ ...fromAccountItem({ ...base, ratingSum: 14, reviews: 3 }) })).not.toHaveProperty('rating');
  });
});

describe('the review form', () => {
  it('takes whole stars from 1 to 5 only, with the spec’s message', () => {
    for (const rating of [0, 6, 2.5, '4', null]) expect(reviewSchema.safeParse({ rating, orderNumber: 1 }).error?.issues[0].message).toBe(MSG.ratingRequired);
    expect(reviewSchema.parse({ rating: 5, orderNumber: 1 }).rating).toBe(5);
  });

  it('strips markup from the comment and cuts it at the text cap', () => {
    expect(reviewSchema.parse({ rating: 5, comment: '<b>Great</b> session<script>x</script>', orderNumber: 1 }).comment).toBe('Great sessionx');
    expect(reviewSchema.parse({ rating: 5, comment: `<p>${'a'.repeat(2100)}</p>`, orderNumber: 1 }).comment).toHaveLength(2000);
  });

  it('names its order by number, as a number or as written ("#12")', () => {
    expect([12, '12', '#12', ' # 12 '].map(orderNumberOf)).toEqual([12, 12, 12, 12]);
    expect([0, -1, 1.5, '', 'abc', '12a'].map(orderNumberOf)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('a review as the API shows it', () => {
  it('names the author by first name and initial, and the order to its two parties only', () => {
    const caller = (userId: string) => ({ userId, role: 'user' as const, sessionId: 's', kind: 'user' as const });
    expect(toReviewDto(review, undefined)).toEqual({
      _id: 'r1',
      offerId: 'f1',
      rating: 4,
      comment: 'Clear and patient.',
      createdAt: review.createdAt,
      user: { firstName: 'Alice', lastName: 'M.' },
    });
    expect(toReviewDto(review, caller('someone'))).not.toHaveProperty('orderNumber');
    expect(toReviewDto(review, caller('s1')).orderNumber).toBe(42);
    expect(toReviewDto(review, caller('e1')).orderNumber).toBe(42);
    expect([initialOf('martin'), initialOf(''), initialOf(undefined)]).toEqual(['M.', '', '']);
  });

  it('is stored under its order’s key and read back as written', () => {
    const item = toReviewItem(review);
    expect(item).toMatchObject({ pk: 'OFFER#f1', sk: 'REVIEW#o1', gsi1pk: 'EXPERT#e1#REVIEWS', gsi2pk: 'REVIEWS#OFFER#f1' });
    expect(fromReviewItem(item)).toEqual(review);
  });
});
