/**
 * The demo catalogue's reviews: every expert has a few, written by demo students about their
 * published offers, and every rating and review count the demo shows is derived from them (no figure
 * is invented). Data and a deterministic plan only: seed.ts writes each review with a closed order
 * behind it, through the product's repositories. No handler imports here.
 */
import type { Profile } from './demo-accounts';

/**
 * Students who reviewed demo experts, besides the three demo logins: they sign in with the demo
 * password too, but the README lists only Alice, Ben and Chloé.
 */
export const DEMO_REVIEWERS: Profile[] = [
  { email: 'daniel.okafor@demo.test', firstName: 'Daniel', lastName: 'Okafor', name: 'Daniel Okafor', city: 'London', country: 'United Kingdom' },
  { email: 'fatima.zahra@demo.test', firstName: 'Fatima', lastName: 'Zahra', name: 'Fatima Zahra', city: 'Casablanca', country: 'Morocco' },
  { email: 'gabriel.silva@demo.test', firstName: 'Gabriel', lastName: 'Silva', name: 'Gabriel Silva', city: 'Lisbon', country: 'Portugal' },
  { email: 'hana.kim@demo.test', firstName: 'Hana', lastName: 'Kim', name: 'Hana Kim', city: 'Seoul', country: 'South Korea' },
  { email: 'ivan.petrov@demo.test', firstName: 'Ivan', lastName: 'Petrov', name: 'Ivan Petrov', city: 'Berlin', country: 'Germany' },
  { email: 'julia.novak@demo.test', firstName: 'Julia', lastName: 'Novak', name: 'Julia Novak', city: 'Prague', country: 'Czech Republic' },
  { email: 'karim.mansour@demo.test', firstName: 'Karim', lastName: 'Mansour', name: 'Karim Mansour', city: 'Montreal', country: 'Canada' },
  { email: 'laura.rossi@demo.test', firstName: 'Laura', lastName: 'Rossi', name: 'Laura Rossi', city: 'Milan', country: 'Italy' },
];

type Area = 'Finance' | 'Law' | 'Marketing' | 'Consulting';

/** What students wrote, by area: glowing (5 stars), good (4) and mixed (3). */
const COMMENTS: Record<Area, Record<3 | 4 | 5, string[]>> = {
  Finance: {
    5: [
      'We rebuilt my model line by line and I finally understand how the three statements link. I walked into my interview confident.',
      'Precise, patient and full of real examples from deals. The feedback on my valuation was worth far more than the price.',
      'Exactly what I needed before my assessment centre: clear structure, hard questions and honest feedback.',
      'Explained discounted cash flows better than a whole semester of lectures. I left with a checklist I still use.',
    ],
    4: [
      'Very useful session with concrete tips on ratios and cash flow. I would have liked a little more time on the exercises.',
      'Good walkthrough of a real annual report; the notes afterwards were helpful. It started a few minutes late.',
      'Solid preparation for technical questions. Some parts went fast, but the follow-up answers cleared them up.',
    ],
    3: ['Knowledgeable and friendly, but the session stayed quite general for my level. Fine as an introduction.'],
  },
  Law: {
    5: [
      'My contract finally makes sense: every clause explained in plain words, and what to negotiate before signing.',
      'Clear, practical and reassuring. I knew exactly what to ask my employer after the call.',
      'Brilliant preparation for my training contract interviews, with sharp questions and honest feedback.',
      'The annotated document I received was thorough and easy to follow. Worth every euro.',
    ],
    4: [
      'Helpful explanation of the procedure and my options; a written summary would have made it perfect.',
      'Good advice on my case study, well structured. We ran slightly over time, which I did not mind.',
      'Practical and precise answers. Some legal terms went by quickly, but the notes cover them.',
    ],
    3: ['Useful overview of the rules, though I hoped for more on my specific situation.'],
  },
  Marketing: {
    5: [
      'Sharp feedback on my portfolio and a clear plan for what to change. I got two interviews the following month.',
      'We rewrote my campaign brief together and it is so much stronger now. Energetic and very practical.',
      'Great insights on positioning with examples from real brands. I came away with a page of ideas.',
      'Honest, kind and concrete: exactly the review my case study needed.',
    ],
    4: [
      'Good session on channel strategy with useful templates; a bit more on budgets would have helped.',
      'Helpful review of my social media plan. The advice was concrete, the call a little short.',
      'Useful feedback and good examples. I would book again for the follow-up.',
    ],
    3: ['Pleasant call with some good pointers, but less hands-on than I expected.'],
  },
  Consulting: {
    5: [
      'The mock case felt like the real thing, and the feedback on my structure changed how I approach every case.',
      'Clear frameworks, tough follow-up questions and a very honest debrief. I passed my first round.',
      'Excellent market sizing practice. I finally have a method I trust under pressure.',
      'Generous with time and advice. The written feedback pointed at exactly what to work on.',
    ],
    4: [
      'Realistic case and useful feedback; I would have liked a second case in the same session.',
      'Good coaching on structure and synthesis. The pace was high but that is what interviews are like.',
      'Helpful review of my slides with concrete fixes. A few comments were brief.',
    ],
    3: ['Decent practice case, but the feedback stayed at a high level.'],
  },
};

export interface PlannedReview {
  /** Index in the reviewers (DEMO_STUDENTS then DEMO_REVIEWERS). */
  reviewer: number;
  /** Index in the expert's published offers. */
  offer: number;
  rating: 3 | 4 | 5;
  comment: string;
  /** How far between the offer's publication (0) and now (1) the review was written. */
  at: number;
}

/** A stable number in [0, range) from a text (FNV-1a): the same demo reviews at every first start. */
export function spread(text: string, range: number): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % range;
}

/**
 * The reviews of one expert: two to four, each by a different student, about their published
 * offers in turn; mostly five and four stars, now and then three, as on any marketplace.
 */
export function demoReviewsOf(expertEmail: string, area: string | undefined, offerCount: number, reviewerCount: number): PlannedReview[] {
  const comments = COMMENTS[(area ?? 'Consulting') as Area] ?? COMMENTS.Consulting;
  const count = 2 + spread(`${expertEmail}#count`, 3);
  const firstReviewer = spread(`${expertEmail}#reviewer`, reviewerCount);
  return Array.from({ length: Math.min(count, reviewerCount) }, (_, at) => {
    const draw = spread(`${expertEmail}#${at}`, 10);
    const rating = draw < 6 ? 5 : draw < 9 ? 4 : 3;
    const pool = comments[rating];
    return {
      reviewer: (firstReviewer + at) % reviewerCount,
      offer: at % Math.max(offerCount, 1),
      rating,
      comment: pool[(spread(expertEmail, pool.length) + at) % pool.length],
      at: (at + 1) / (count + 1),
    };
  });
}
