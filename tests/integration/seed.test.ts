/** The demo catalogue of the local stack, as visitors, members and the admin see it through the API. */
import { beforeAll, describe, expect, it } from 'vitest';
import { findAccountByEmail } from '../../functions/contexts/accounts/repository';
import { CATALOGUE } from '../../shared/limits';
import type { ExpertCard, ExpertProfile, OfferDto, Page, Review } from '../../shared/schemas/catalogue';
import { averageRating } from '../../shared/rating';
import { LESSON_TYPES, PRICING_TYPES } from '../../shared/schemas/offers';
import { DEMO_EXPERTS, DEMO_OFFERS, DEMO_STUDENTS } from '../../scripts/local/demo-accounts';
import { CATALOGUE_EXPERTS } from '../../scripts/local/demo-catalogue';
import { signedInAs } from '../support/accounts';
import { ApiClient, stackUrl } from '../support/api';
import { partitionItems } from '../support/table';
import { TEST_SEED } from '../support/seed-settings';
import type { ChatList } from '../../shared/schemas/chats';
import type { AccountStats } from '../../shared/schemas/earnings';
import { DEMO_CONVERSATIONS, isMessage } from '../../scripts/local/demo-chats';

const AREAS = ['Finance', 'Law', 'Marketing', 'Consulting'];
const demoExperts = [...DEMO_EXPERTS, ...CATALOGUE_EXPERTS.map((expert) => expert.profile)];
const seededTitles = new Set([...Object.values(DEMO_OFFERS).flat(), ...CATALOGUE_EXPERTS.flatMap((expert) => expert.offers)].map((offer) => offer.title));
const pendingTitles = CATALOGUE_EXPERTS.flatMap((expert) => expert.pendingOffers ?? []).map((offer) => offer.title);
const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** Where the catalogue's countries are. */
const CONTINENTS: Record<string, string[]> = {
  Europe: ['France', 'United Kingdom', 'Germany', 'Belgium', 'Sweden', 'Ireland', 'Hungary', 'Italy', 'Spain', 'Netherlands'],
  'North America': ['United States', 'Canada', 'Mexico'],
  'South America': ['Brazil', 'Argentina', 'Colombia', 'Chile', 'Peru'],
  Africa: ['Nigeria', 'Ghana', 'Senegal', 'South Africa', 'Morocco', 'Kenya'],
  Asia: ['India', 'Japan', 'Singapore', 'South Korea', 'United Arab Emirates', 'Hong Kong'],
  Oceania: ['Australia', 'New Zealand'],
};

/** The demo experts as the directory shows them to a member (whole names). */
let cards: ExpertCard[];

beforeAll(async () => {
  const member = await signedInAs('student');
  const listed: ExpertCard[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await member.get<Page<ExpertCard>>(`/user/professors?limit=${CATALOGUE.maxPageSize}&page=${page}`);
    expect(status).toBe(200);
    listed.push(...body.items);
    if (body.items.length === 0 || listed.length >= body.total) break;
  }
  const demoNames = new Set(demoExperts.map(fullName));
  cards = listed.filter((card) => demoNames.has(fullName(card)));
});

describe('the demo catalogue', () => {
  it('lists every demo expert in the directory, at least 40, in the four areas, bookable and with a full card', () => {
    expect(cards.map(fullName).sort()).toEqual(demoExperts.map(fullName).sort());
    expect(cards.length).toBeGreaterThanOrEqual(40);
    for (const area of AREAS) expect(cards.filter((card) => card.domainActivity === area).length, area).toBeGreaterThanOrEqual(10);
    for (const card of cards) {
      expect(card, fullName(card)).toMatchObject({
        payoutsEnabled: true,
        isStripeConnected: true,
        profilePhoto: expect.stringMatching(/^profiles\//),
        headline: expect.any(String),
        city: expect.any(String),
      });
      expect(card.rating).toBeGreaterThanOrEqual(3);
      expect(card.reviews).toBeGreaterThanOrEqual(2);
      expect(card.expYears).toBeGreaterThan(0);
    }
    expect(cards.filter((card) => !card.isVerified).length).toBeLessThanOrEqual(2);
  });

  it('derives every expert’s rating and review count from reviews that exist, each student once by their latest (decision 272), on the profile and on each offer', async () => {
    /** The stored reviews still shown: the student behind each, which the API never shows. */
    const storedReviews = async (offerId: string) =>
      (await partitionItems(`OFFER#${offerId}`)).filter((item) => String(item.sk).startsWith('REVIEW#') && item.hiddenAt === undefined) as {
        studentId: string;
        offerId: string;
        rating: number;
        createdAt: string;
      }[];
    const voices = <T extends { studentId: string; createdAt: string }>(all: T[], keyOf: (review: T) => string) => {
      const latest = new Map<string, T>();
      for (const review of all) if ((latest.get(keyOf(review))?.createdAt ?? '') < review.createdAt) latest.set(keyOf(review), review);
      return [...latest.values()];
    };
    const ratingOf = (counted: { rating: number }[]) =>
      averageRating(
        counted.reduce((sum, review) => sum + review.rating, 0),
        counted.length,
      );
    for (const card of cards) {
      const { status, body: reviews } = await new ApiClient().get<Review[]>(`/offers/professor/${card._id}/reviews`);
      expect(status).toBe(200);
      for (const review of reviews) {
        expect(review.comment?.length).toBeGreaterThan(20);
        expect(review.user.lastName).toMatch(/^\p{Lu}\.$/u);
        expect(review).not.toHaveProperty('orderNumber');
      }
      const offers = (await new ApiClient().get<OfferDto[]>(`/offers/professor/${card._id}`)).body;
      const stored = (await Promise.all(offers.map((offer) => storedReviews(offer._id)))).flat();
      // Every review stays readable; the figures count each student once.
      expect(reviews, fullName(card)).toHaveLength(Math.min(stored.length, CATALOGUE.reviewsShown));
      const ofExpert = voices(stored, (review) => review.studentId);
      expect(card.reviews, fullName(card)).toBe(ofExpert.length);
      expect(card.rating, fullName(card)).toBe(ratingOf(ofExpert));
      for (const offer of offers) {
        const ofOffer = voices(
          stored.filter((review) => review.offerId === offer._id),
          (review) => review.studentId,
        );
        expect(offer.reviewsCount ?? 0, offer.title).toBe(ofOffer.length);
      }
    }
  });

  it('counts the order behind each review among the expert’s completed orders', async () => {
    for (const card of cards) {
      const { status, body } = await new ApiClient().get<AccountStats>(`/user/stats/${card._id}`);
      expect(status).toBe(200);
      expect(body.ordersCount, fullName(card)).toBeGreaterThanOrEqual(card.reviews);
    }
  });

  it('has experts who joined over the past year, so that "newly added" has an order', () => {
    const joined = cards.map((card) => Date.parse(card.createdAt)).sort();
    const day = 24 * 3_600_000;
    expect(joined[0]).toBeGreaterThan(Date.now() - 366 * day);
    expect(joined.at(-1)! - joined[0]).toBeGreaterThan(180 * day);
  });

  it('places the experts on six continents', () => {
    const continentOf = (country?: string) => Object.keys(CONTINENTS).find((continent) => CONTINENTS[continent].includes(country ?? ''));
    expect(new Set(cards.map((card) => continentOf(card.country)))).toEqual(new Set(Object.keys(CONTINENTS)));
  });

  it('serves every expert’s photo from /uploads as an image', async () => {
    for (const card of cards) {
      const response = await fetch(`${stackUrl()}/uploads/${card.profilePhoto}`);
      expect(response.status, card.profilePhoto).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('ascii'), card.profilePhoto).toBe('PNG');
      expect(bytes.length).toBeLessThan(20_000);
    }
  });

  it('shows each expert’s public profile with bio, expertises, languages, work experience and education', async () => {
    for (const card of cards) {
      const { status, body } = await new ApiClient().get<ExpertProfile>(`/user/public/${card._id}`);
      expect(status).toBe(200);
      expect(body.bio?.length, fullName(card)).toBeGreaterThan(20);
      expect(body.expertises.length).toBeGreaterThan(0);
      expect(body.languages.every((code) => /^[a-z]{2}$/.test(code)) && body.languages.length > 0).toBe(true);
      expect(body.workExperience[0]).toMatchObject({
        position: expect.any(String),
        company: expect.any(String),
        startDate: expect.stringMatching(/^\d\d\/\d{4}$/),
      });
      expect(body.education[0]).toMatchObject({ institution: expect.any(String), level: expect.any(String) });
    }
  });

  it('publishes 120 offers, of every lesson and pricing type in every area', async () => {
    const published: OfferDto[] = [];
    for (const card of cards) {
      const { status, body } = await new ApiClient().get<OfferDto[]>(`/offers/professor/${card._id}`);
      expect(status).toBe(200);
      expect(body.length, fullName(card)).toBeGreaterThan(0);
      published.push(...body.filter((offer) => seededTitles.has(offer.title)));
    }
    expect(published).toHaveLength(120);
    for (const offer of published) expect(offer).toMatchObject({ status: 'approved', approved: true, price: expect.any(Number) });
    for (const area of AREAS) {
      for (const lessonType of LESSON_TYPES) {
        for (const pricingType of PRICING_TYPES) {
          expect(
            published.some((offer) => offer.area === area && offer.lessonType === lessonType && offer.pricingType === pricingType),
            `${area} ${lessonType} ${pricingType}`,
          ).toBe(true);
        }
      }
    }
  });

  it('gives the admin offers to moderate, which nobody else sees', async () => {
    const admin = await signedInAs('admin');
    const queue = await admin.get<OfferDto[]>('/admin/offers/pending');
    expect(queue.status).toBe(200);
    const seeded = queue.body.filter((offer) => pendingTitles.includes(offer.title));
    expect(seeded.map((offer) => offer.title).sort()).toEqual([...pendingTitles].sort());
    expect(pendingTitles.length).toBeGreaterThanOrEqual(4);
    for (const offer of seeded) expect((await new ApiClient().get(`/offers/${offer._id}`)).status).toBe(404);
  });

  it('has the students and the admin, active', async () => {
    for (const { email } of DEMO_STUDENTS) expect(await findAccountByEmail(email), email).toMatchObject({ role: 'user', status: 'active' });
    expect(await findAccountByEmail(TEST_SEED.adminEmail)).toMatchObject({ role: 'admin', status: 'active' });
  });

  it('gives Alice her conversations with demo experts, their last messages and unread counts', async () => {
    const alice = await signedInAs('student');
    const { chats } = (await alice.get<ChatList>('/chats')).body;
    expect(chats.map((chat) => [chat.offer.title, chat.professorName, chat.lastMessage?.content, chat.unreadCount])).toEqual(
      [...DEMO_CONVERSATIONS].reverse().map(({ offerTitle, expert, turns }) => {
        // Alice has read the expert's messages up to her last `read` move.
        const unread = turns.slice(turns.findLastIndex((turn) => !isMessage(turn) && turn.move === 'read') + 1).filter(isMessage);
        return [
          offerTitle,
          fullName(DEMO_EXPERTS.find((e) => e.email === expert)! as { firstName: string; lastName: string }),
          turns.filter(isMessage).at(-1)![1],
          unread.filter(([who]) => who === 'e').length,
        ];
      }),
    );
  });
});
