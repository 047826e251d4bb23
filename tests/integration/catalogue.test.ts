/**
 * The catalogue through the local gateway: an expert publishes an offer, an admin moderates it,
 * visitors find it in search and the directory, members save favourites. Search reads the derived
 * index, so a change shows there within seconds: those checks poll, as a visitor would reload.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import type { ExpertCard, ExpertProfile, FavoritesReply, OfferDto, Page, PublicUser } from '../../shared/schemas/catalogue';
import { ApiClient } from '../support/api';
import { signedInAs, signedInNewExpert, signedInPublishingExpert, signedInStudent } from '../support/accounts';
import { claimsOf } from '../support/tokens';

const visitor = new ApiClient();
/** Two experts of this file's own (the demo experts' lists stay as seeded), and Claire, a demo expert, only read. */
let expert: ApiClient;
let otherExpert: ApiClient;
let admin: ApiClient;
let expertId: string;
let demoExpertId: string;

const uniqueWord = () =>
  `zq${randomUUID()
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
const newOffer = (word: string, fields: Record<string, unknown> = {}) => ({
  title: `Negotiation ${word} clinic`,
  description: `Practise a ${word} salary negotiation with written feedback.`,
  price: 49.5,
  lessonType: 'Video Call',
  pricingType: 'hourly',
  ...fields,
});
/** Polls the public search until it answers as expected (the index is fresh within seconds). */
const searchIds = async (q: string) => (await visitor.get<OfferDto[]>(`/offers/search?q=${encodeURIComponent(q)}`)).body.map((offer) => offer._id);
const SEARCH_FRESH = { interval: 200 };

async function createdOffer(client: ApiClient, word: string): Promise<OfferDto> {
  const response = await client.post<{ msg: string; offer: OfferDto }>('/offers/create', newOffer(word));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.offer;
}

async function publishedOffer(client: ApiClient, word: string): Promise<OfferDto> {
  const offer = await createdOffer(client, word);
  expect((await admin.request('PATCH', `/admin/offers/${offer._id}/approve`, {})).status).toBe(200);
  await expect.poll(() => searchIds(word), SEARCH_FRESH).toEqual([offer._id]);
  return offer;
}

beforeAll(async () => {
  const [first, second] = await Promise.all([signedInPublishingExpert('Clara', 'Catalogue'), signedInPublishingExpert('Omer', 'Other')]);
  [expert, otherExpert, expertId] = [first.client, second.client, first.userId];
  admin = await signedInAs('admin');
  demoExpertId = claimsOf((await signedInAs('professor')).accessToken!).sub;
});

describe('publishing an offer', () => {
  it('sends a new offer to moderation: its expert sees it, nobody else does until an admin approves it', async () => {
    const word = uniqueWord();
    const response = await expert.post<{ msg: string; offer: OfferDto }>('/offers/create', newOffer(word, { title: `  Negotiation ${word} clinic ` }));
    expect(response).toMatchObject({
      status: 201,
      body: { msg: MSG.offerSubmitted, offer: { status: 'pending', approved: false, price: 49.5, pricingType: 'hourly', title: `Negotiation ${word} clinic` } },
    });
    const offerId = response.body.offer._id;

    expect((await expert.get<OfferDto[]>('/offers/my-offers')).body.find((own) => own._id === offerId)).toMatchObject({ status: 'pending' });
    expect((await visitor.get(`/offers/${offerId}`)).status).toBe(404);
    expect((await visitor.get<OfferDto[]>(`/offers/professor/${expertId}`)).body.map((offer) => offer._id)).not.toContain(offerId);
    expect(await searchIds(word)).toEqual([]);

    const queue = await admin.get<OfferDto[]>('/admin/offers/pending');
    expect(queue.body.find((pending) => pending._id === offerId)).toMatchObject({
      title: `Negotiation ${word} clinic`,
      professor: { _id: expertId, lastName: 'Catalogue' },
    });

    expect(await admin.request('PATCH', `/admin/offers/${offerId}/approve`, {})).toMatchObject({ status: 200, body: { msg: MSG.offerApproved } });
    expect((await admin.get<OfferDto[]>('/admin/offers/pending')).body.map((pending) => pending._id)).not.toContain(offerId);
    expect(await visitor.get(`/offers/${offerId}`)).toMatchObject({ status: 200, body: { status: 'approved', approved: true } });
    expect((await visitor.get<OfferDto[]>(`/offers/professor/${expertId}`)).body[0]._id).toBe(offerId);
    await expect.poll(() => searchIds(word), SEARCH_FRESH).toEqual([offerId]);
    expect((await visitor.get<OfferDto[]>('/offers/all?limit=50')).body.map((offer) => offer._id)).toContain(offerId);

    expect(await admin.request('PATCH', `/admin/offers/${offerId}/approve`, {})).toMatchObject({ status: 403, body: { msg: MSG.offerNotPending } });
  });

  it('lets only experts whose payouts are enabled create offers', async () => {
    const student = await signedInAs('student');
    expect(await student.post('/offers/create', newOffer(uniqueWord()))).toMatchObject({ status: 403, body: { msg: MSG.onlyExpertsCreateOffers } });
    expect(await visitor.post('/offers/create', newOffer(uniqueWord()))).toMatchObject({ status: 401 });
    const { client: newcomer } = await signedInNewExpert();
    expect(await newcomer.post('/offers/create', newOffer(uniqueWord()))).toMatchObject({ status: 403, body: { msg: MSG.payoutsRequired } });
    expect((await newcomer.get<OfferDto[]>('/offers/my-offers')).body).toEqual([]);
  });

  it('answers the spec’s messages for a bad offer and stores nothing', async () => {
    const before = (await expert.get<OfferDto[]>('/offers/my-offers')).body.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'Too short' }, MSG.offerTitleLength],
      [{ title: 'x'.repeat(51) }, MSG.offerTitleLength],
      [{ description: 'Short' }, MSG.offerDescriptionLength],
      [{ title: 'A <script>alert(1)</script> title' }, MSG.offerHtml],
      [{ price: -1 }, MSG.offerPriceRange],
      [{ price: 1_000_000 }, MSG.offerPriceRange],
      [{ price: 10.005 }, MSG.offerPriceRange],
      [{ lessonType: 'Carrier pigeon' }, MSG.lessonTypeRequired],
    ];
    for (const [fields, msg] of cases) {
      expect(await expert.post('/offers/create', newOffer(uniqueWord(), fields)), JSON.stringify(fields)).toMatchObject({ status: 400, body: { msg } });
    }
    expect((await expert.get<OfferDto[]>('/offers/my-offers')).body).toHaveLength(before);
  });
});

describe('editing and moderating', () => {
  it('sends an expert’s edit back to moderation, out of search until approved again', async () => {
    const word = uniqueWord();
    const offer = await publishedOffer(expert, word);
    const edited = uniqueWord();
    const response = await expert.request<{ msg: string; offer: OfferDto }>('PATCH', `/offers/update/${offer._id}`, {
      title: `Salary ${edited} review`,
      description: 'A written review of your offer letter.',
      price: 80,
      lessonType: 'Document',
    });
    expect(response).toMatchObject({
      status: 200,
      body: { msg: MSG.offerUpdated, offer: { status: 'pending', title: `Salary ${edited} review`, price: 80, lessonType: 'Document', pricingType: 'hourly' } },
    });
    await expect.poll(() => searchIds(word), SEARCH_FRESH).toEqual([]);
    expect(await searchIds(edited)).toEqual([]);
    expect((await admin.get<OfferDto[]>('/admin/offers/pending')).body.map((pending) => pending._id)).toContain(offer._id);
    await admin.request('PATCH', `/admin/offers/${offer._id}/approve`, {});
    await expect.poll(() => searchIds(edited), SEARCH_FRESH).toEqual([offer._id]);
  });

  it('refuses anyone but the offer’s expert, and knows no unknown offer', async () => {
    const offer = await createdOffer(expert, uniqueWord());
    const edit = { title: 'Someone else’s title', description: 'Someone else’s description.', price: 10, lessonType: 'Document' };
    expect(await otherExpert.request('PATCH', `/offers/update/${offer._id}`, edit)).toMatchObject({ status: 403, body: { msg: MSG.notYourOffer } });
    expect(await (await signedInAs('student')).request('PATCH', `/offers/update/${offer._id}`, edit)).toMatchObject({
      status: 403,
      body: { msg: MSG.notYourOffer },
    });
    expect(await otherExpert.request('DELETE', `/offers/delete/${offer._id}`)).toMatchObject({ status: 403, body: { msg: MSG.notYourOffer } });
    expect(await expert.request('PATCH', `/offers/update/${randomUUID()}`, edit)).toMatchObject({ status: 404, body: { msg: MSG.offerNotFound } });
    expect((await expert.get<OfferDto>(`/offers/${offer._id}`)).body.title).toBe(offer.title);
  });

  it('lets an admin edit any offer, which stays published', async () => {
    const offer = await publishedOffer(otherExpert, uniqueWord());
    const word = uniqueWord();
    const response = await admin.request<{ msg: string; offer: OfferDto }>('PATCH', `/admin/offers/${offer._id}`, {
      title: `Portfolio ${word} check`,
      description: 'Corrected by the moderation team.',
      price: 45,
      lessonType: 'Video Call',
    });
    expect(response).toMatchObject({ status: 200, body: { msg: MSG.offerUpdatedByAdmin, offer: { status: 'approved' } } });
    await expect.poll(() => searchIds(word), SEARCH_FRESH).toEqual([offer._id]);
    expect(await otherExpert.request('PATCH', `/admin/offers/${offer._id}`, {})).toMatchObject({ status: 403 });
  });

  it('rejects an offer for good, with a reason: out of the queue and search, in the expert’s list with the reason', async () => {
    const word = uniqueWord();
    const offer = await createdOffer(expert, word);
    expect(await admin.request('DELETE', `/admin/offers/${offer._id}`)).toMatchObject({ status: 400, body: { msg: MSG.rejectionReasonRequired } });
    expect(await admin.request('DELETE', `/admin/offers/${offer._id}?reason=${encodeURIComponent('<i></i> ')}`)).toMatchObject({ status: 400 });
    const reason = encodeURIComponent('The title promises <b>guaranteed</b> results');
    expect(await admin.request('DELETE', `/admin/offers/${offer._id}?reason=${reason}`)).toMatchObject({ status: 200, body: { msg: MSG.offerRejected } });
    expect((await admin.get<OfferDto[]>('/admin/offers/pending')).body.map((pending) => pending._id)).not.toContain(offer._id);
    expect((await expert.get<OfferDto[]>('/offers/my-offers')).body.find((own) => own._id === offer._id)).toMatchObject({
      status: 'rejected',
      approved: false,
      rejectionReason: 'The title promises guaranteed results',
    });
    expect((await expert.get(`/offers/${offer._id}`)).status).toBe(404);
    expect(await admin.request('PATCH', `/admin/offers/${offer._id}/approve`, {})).toMatchObject({ status: 404 });
    expect(await admin.request('DELETE', `/admin/offers/${offer._id}?reason=${reason}`)).toMatchObject({ status: 404 });
  });

  it('takes a deleted offer out of search within seconds', async () => {
    const word = uniqueWord();
    const offer = await publishedOffer(expert, word);
    expect(await expert.request('DELETE', `/offers/delete/${offer._id}`)).toMatchObject({ status: 200, body: { msg: MSG.offerDeleted } });
    await expect.poll(() => searchIds(word), SEARCH_FRESH).toEqual([]);
  });

  it('keeps the moderation calls for admins', async () => {
    for (const client of [expert, await signedInAs('student')]) {
      expect((await client.get('/admin/offers/pending')).status).toBe(403);
    }
    expect((await visitor.get('/admin/offers/pending')).status).toBe(401);
  });
});

describe('the expert directory', () => {
  const directory = async (query: string) => visitor.get<Page<ExpertCard>>(`/user/professors?${query}`);

  it('lists experts newest first by default, with their public card and the total', async () => {
    const { status, body } = await directory('');
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(8);
    expect(body.items.length).toBe(Math.min(body.total, 20));
    const created = body.items.map((expert) => expert.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(body.items[0]).not.toHaveProperty('email');
    expect(body.items.every((expert) => /^.\.$|^$/.test(expert.lastName))).toBe(true);
  });

  it('finds an expert by a prefix of the name, a skill or an offer title, whatever the case and accents', async () => {
    const names = async (q: string) => (await directory(`q=${encodeURIComponent(q)}`)).body.items.map((expert) => `${expert.firstName} ${expert.lastName}`);
    expect(await names('clai')).toContain('Claire D.');
    // A visitor sees Claire's last name as its initial, and cannot spell it out by search (catalogue-privacy.test.ts).
    expect(await names('claire d')).toContain('Claire D.');
    expect(await names('DUBO')).not.toContain('Claire D.');
    const member = await signedInAs('student');
    expect((await member.get<Page<ExpertCard>>(`/user/professors?q=DUBO`)).body.items.map((expert) => `${expert.firstName} ${expert.lastName}`)).toContain(
      'Claire Dubois',
    );
    expect(await names('ines')).toContain('Inès M.');
    expect(await names('employment contr')).toContain('Sophie L.');
    expect(await names('sharehold')).toContain('Lucas B.');
    expect(await names('xylophonist')).toEqual([]);
  });

  it('filters by rating and experience, sorts by rating, and pages without repeating anyone', async () => {
    const rated = (await directory('sort=rating&limit=50')).body.items.map((expert) => expert.rating);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    expect((await directory('minRating=4.5&limit=50')).body.items.every((expert) => expert.rating >= 4.5)).toBe(true);
    expect((await directory('minExp=10&limit=50')).body.items.every((expert) => expert.expYears >= 10)).toBe(true);
    const [first, second] = await Promise.all([directory('limit=3&page=1'), directory('limit=3&page=2')]);
    expect(first.body.total).toBe(second.body.total);
    expect(new Set([...first.body.items, ...second.body.items].map((expert) => expert._id)).size).toBe(6);
  });

  it('answers a clear message for a bad query', async () => {
    const cases: [string, string][] = [
      ['q=%3Cb%3Ex%3C%2Fb%3E', MSG.searchHtml],
      [`q=${'a'.repeat(51)}`, MSG.searchTooLong],
      ['limit=0', MSG.invalidLimit],
      ['limit=51', MSG.invalidLimit],
      ['page=-1', MSG.invalidPage],
      ['sort=oldest', MSG.invalidSort],
      ['minRating=6', MSG.invalidMinRating],
      ['minExp=ten', MSG.invalidMinExp],
    ];
    for (const [query, msg] of cases) expect(await directory(query), query).toMatchObject({ status: 400, body: { msg } });
    expect(await visitor.get('/offers/search?q=%3Cscript%3E')).toMatchObject({ status: 400, body: { msg: MSG.searchHtml } });
  });

  it('shows an activated expert within seconds', async () => {
    const lastName = `Zyx${uniqueWord()}`;
    await signedInNewExpert('Quentin', lastName);
    const member = await signedInAs('student');
    await expect.poll(async () => (await member.get<Page<ExpertCard>>(`/user/professors?q=${lastName}`)).body.total, SEARCH_FRESH).toBe(1);
  });
});

describe('offer search and the published list', () => {
  it('finds published offers by title or description prefix, best first, at most the limit', async () => {
    const titles = async (q: string) => (await visitor.get<OfferDto[]>(`/offers/search?q=${encodeURIComponent(q)}`)).body.map((offer) => offer.title);
    expect(await titles('MODÉLL')).toContain('Financial modelling from scratch');
    expect(await titles('three-statement')).toContain('Financial modelling from scratch');
    expect((await visitor.get<OfferDto[]>('/offers/search?q=a&limit=2')).body).toHaveLength(2);
    expect(await titles('   ')).toEqual([]);
    const [first] = (await visitor.get<OfferDto[]>('/offers/search?q=modelling')).body;
    expect(first.professor).toMatchObject({ firstName: expect.any(String), rating: expect.any(Number) });
  });

  it('lists every published offer newest first, page by page', async () => {
    const [first, second] = await Promise.all([visitor.get<OfferDto[]>('/offers/all?limit=5'), visitor.get<OfferDto[]>('/offers/all?limit=5&page=2')]);
    const all = [...first.body, ...second.body];
    expect(all).toHaveLength(10);
    expect(all.every((offer) => offer.status === 'approved')).toBe(true);
    expect(new Set(all.map((offer) => offer._id)).size).toBe(10);
    const created = all.map((offer) => offer.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });
});

describe('public profiles', () => {
  it('shows an expert’s profile, the last name whole only to members, nothing private', async () => {
    const seen = await visitor.get<ExpertProfile>(`/user/public/${demoExpertId}`);
    expect(seen).toMatchObject({
      status: 200,
      body: { _id: demoExpertId, firstName: 'Claire', lastName: 'D.', isVerified: true, expertises: expect.any(Array), languages: expect.any(Array) },
    });
    for (const secret of ['email', 'passwordHash', 'phoneNumber', 'endedSessions', 'favorites']) expect(seen.body).not.toHaveProperty(secret);
    expect((await (await signedInAs('student')).get<ExpertProfile>(`/user/public/${demoExpertId}`)).body.lastName).toBe('Dubois');
  });

  it('answers Teacher not found for a student or an unknown id', async () => {
    const student = await signedInAs('student');
    for (const id of [claimsOf(student.accessToken!).sub, randomUUID()]) {
      expect(await visitor.get(`/user/public/${id}`)).toMatchObject({ status: 404, body: { msg: MSG.expertNotFound } });
    }
  });

  it('shows members the public card of another member, and nobody else', async () => {
    const student = await signedInAs('student');
    const card = await student.get<PublicUser>(`/user/${demoExpertId}`);
    expect(card).toMatchObject({ status: 200, body: { _id: demoExpertId, role: 'professor', firstName: 'Claire', lastName: 'Dubois' } });
    expect(card.body).not.toHaveProperty('email');
    // A student is shown only to those who share a conversation with them (catalogue-privacy.test.ts).
    expect(await expert.get<PublicUser>(`/user/${claimsOf(student.accessToken!).sub}`)).toMatchObject({ status: 404, body: { msg: MSG.userNotFound } });
    expect((await visitor.get(`/user/${demoExpertId}`)).status).toBe(401);
    expect(await student.get(`/user/${randomUUID()}`)).toMatchObject({ status: 404, body: { msg: MSG.userNotFound } });
  });
});

describe('favourites', () => {
  it('saves and removes offers, newest first, counted on the current user', async () => {
    const { client } = await signedInStudent();
    const [first, second] = (await visitor.get<OfferDto[]>(`/offers/professor/${demoExpertId}`)).body;
    expect(await client.post<FavoritesReply>(`/user/favorites/${first._id}`, {})).toMatchObject({
      status: 200,
      body: { msg: MSG.savedToFavorites, favorites: [first._id] },
    });
    expect((await client.post<FavoritesReply>(`/user/favorites/${second._id}`, {})).body.favorites).toEqual([second._id, first._id]);
    expect((await client.post<FavoritesReply>(`/user/favorites/${first._id}`, {})).body.favorites).toEqual([second._id, first._id]);
    expect((await client.get<{ favorites: string[] }>('/auth/user')).body.favorites).toEqual([second._id, first._id]);

    const page = await client.get<Page<OfferDto>>('/user/favorites?limit=1');
    expect(page).toMatchObject({ status: 200, body: { total: 2, items: [{ _id: second._id, professor: { _id: demoExpertId, lastName: 'Dubois' } }] } });
    expect((await client.get<Page<OfferDto>>('/user/favorites?limit=1&page=2')).body.items.map((offer) => offer._id)).toEqual([first._id]);

    expect(await client.request<FavoritesReply>('DELETE', `/user/favorites/${second._id}`)).toMatchObject({
      status: 200,
      body: { msg: MSG.removedFromFavorites, favorites: [first._id] },
    });
    expect((await client.get<Page<OfferDto>>('/user/favorites')).body.total).toBe(1);
  });

  it('saves only published offers, and only for someone signed in', async () => {
    const { client } = await signedInStudent();
    const pending = await createdOffer(expert, uniqueWord());
    for (const id of [pending._id, randomUUID()]) {
      expect(await client.post(`/user/favorites/${id}`, {})).toMatchObject({ status: 404, body: { msg: MSG.offerNotFound } });
    }
    expect((await client.get<{ favorites: string[] }>('/auth/user')).body.favorites).toEqual([]);
    expect((await visitor.get('/user/favorites')).status).toBe(401);
    expect((await visitor.post(`/user/favorites/${pending._id}`, {})).status).toBe(401);
  });

  it('shows a guest the published offers among their saved ids, and merges them into the account at login', async () => {
    const [first, second] = (await visitor.get<OfferDto[]>(`/offers/professor/${demoExpertId}`)).body;
    const pending = await createdOffer(expert, uniqueWord());
    const guestIds = [second._id, randomUUID(), pending._id, first._id];
    expect((await visitor.post<OfferDto[]>('/offers/guest-favorites', { ids: guestIds })).body.map((offer) => offer._id)).toEqual([second._id, first._id]);

    const { client } = await signedInStudent();
    await client.post(`/user/favorites/${first._id}`, {});
    const merged = await client.post<FavoritesReply>('/user/favorites/merge', { ids: guestIds });
    expect(merged).toMatchObject({ status: 200 });
    expect(merged.body.favorites.sort()).toEqual([first._id, second._id].sort());
    expect((await client.get<Page<OfferDto>>('/user/favorites')).body.total).toBe(2);
    expect((await client.post<FavoritesReply>('/user/favorites/merge', { ids: guestIds })).body.favorites.sort()).toEqual([first._id, second._id].sort());
    expect(await client.post('/user/favorites/merge', { ids: Array.from({ length: 201 }, () => randomUUID()) })).toMatchObject({
      status: 400,
      body: { msg: MSG.tooManyFavorites },
    });
  });
});
