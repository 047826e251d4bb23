import { describe, expect, it } from 'vitest';
import { averageRating } from '../../shared/rating';
import { reviewSchema } from '../../shared/schemas/offers';
import { DEMO_EXPERTS, DEMO_OFFERS, DEMO_STUDENTS } from './demo-accounts';
import { CATALOGUE_EXPERTS } from './demo-catalogue';
import { DEMO_REVIEWERS, demoReviewsOf } from './demo-reviews';

const everyExpert = [...DEMO_EXPERTS.map((profile) => ({ profile, offers: DEMO_OFFERS[profile.email] ?? [] })), ...CATALOGUE_EXPERTS];
const reviewers = [...DEMO_STUDENTS, ...DEMO_REVIEWERS];
const planOf = ({ profile, offers }: (typeof everyExpert)[number]) => demoReviewsOf(profile.email, profile.domainActivity, offers.length, reviewers.length);

describe('the demo reviews', () => {
  it('give every expert two to four reviews, each by another student, of a published offer', () => {
    for (const expert of everyExpert) {
      const plan = planOf(expert);
      expect(plan.length, expert.profile.email).toBeGreaterThanOrEqual(2);
      expect(plan.length, expert.profile.email).toBeLessThanOrEqual(4);
      expect(new Set(plan.map((review) => review.reviewer)).size).toBe(plan.length);
      for (const review of plan) {
        expect(review.offer).toBeLessThan(expert.offers.length);
        expect(review.at).toBeGreaterThan(0);
        expect(review.at).toBeLessThan(1);
      }
    }
  });

  it('pass the rules of the review form', () => {
    for (const expert of everyExpert)
      for (const review of planOf(expert)) expect(reviewSchema.safeParse({ ...review, orderNumber: 1 }).error?.issues, expert.profile.email).toBeUndefined();
  });

  it('rate the catalogue from 3 to 5, Claire Dubois at 4.5 or more (the e2e directory filter finds her)', () => {
    for (const expert of everyExpert) {
      const plan = planOf(expert);
      expect(
        averageRating(
          plan.reduce((sum, review) => sum + review.rating, 0),
          plan.length,
        ),
      ).toBeGreaterThanOrEqual(3);
    }
    const claire = planOf(everyExpert[0]);
    expect(everyExpert[0].profile.email).toBe('claire.dubois@demo.test');
    expect(
      averageRating(
        claire.reduce((sum, review) => sum + review.rating, 0),
        claire.length,
      ),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('come from students whose addresses no other demo account has', () => {
    const addresses = [...reviewers, ...everyExpert.map((expert) => expert.profile)].map((profile) => profile.email.toLowerCase());
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});
