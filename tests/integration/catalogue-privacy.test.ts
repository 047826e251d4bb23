/**
 * What the catalogue tells about people, through the local gateway: a visitor sees an expert's last
 * name as its initial only and cannot spell the rest out by search; a member's public card is shown
 * only to a counterpart of one of their conversations (or for a listed expert), and every other id,
 * an unknown one included, answers the same 404.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import type { ExpertCard, OfferDto, Page, PublicUser } from '../../shared/schemas/catalogue';
import { ApiClient } from '../support/api';
import { signedInAs, signedInPublishingExpert, signedInStudent } from '../support/accounts';
import { expertWithOffer } from '../support/chats';
import { claimsOf } from '../support/tokens';

const visitor = new ApiClient();
const SEARCH_FRESH = { timeout: 5000, interval: 200 };
/** Letters only: a last name of this run's own, which no other expert has. */
const uniqueLastName = () => `Zq${randomUUID().replace(/[^a-z]/g, '').slice(0, 8)}`;

describe('searching experts by name', () => {
  let firstName: string;
  let lastName: string;
  let expertId: string;
  let member: ApiClient;
  const directory = (client: ApiClient, q: string) => client.get<Page<ExpertCard>>(`/user/professors?limit=50&q=${encodeURIComponent(q)}`);
  const found = async (client: ApiClient, q: string) => (await directory(client, q)).body.items.map((card) => card._id);

  beforeAll(async () => {
    [firstName, lastName] = ['Quillon', uniqueLastName()];
    const [expert, student] = await Promise.all([expertWithOffer(firstName, lastName, 'Quarterly forecasting review'), signedInStudent()]);
    expertId = expert.expertId;
    member = student.client;
  });

  it('shows the new expert to members searching their last name within seconds', async () => {
    await expect.poll(() => found(member, lastName), SEARCH_FRESH).toEqual([expertId]);
  });

  it('never matches a visitor’s query on a last name beyond its initial', async () => {
    for (const q of [lastName, lastName.slice(0, 4), `${firstName} ${lastName}`, `${firstName} ${lastName.slice(0, 3)}`, `${firstName} ${lastName.slice(0, 2)}`]) {
      expect(await directory(visitor, q), q).toMatchObject({ status: 200, body: { items: [], total: 0 } });
    }
  });

  it('matches a visitor’s query on what a visitor sees: the first name and the last initial', async () => {
    expect(await found(visitor, `${firstName} ${lastName.charAt(0)}`)).toContain(expertId);
    expect(await found(visitor, `${firstName} ${lastName.charAt(0)}.`)).toContain(expertId);
    const cards = (await directory(visitor, firstName)).body.items.filter((card) => card._id === expertId);
    expect(cards).toMatchObject([{ firstName, lastName: `${lastName.charAt(0)}.` }]);
  });

  it('matches a member’s query on the whole last name, as members see it', async () => {
    for (const q of [lastName, lastName.slice(0, 4), `${firstName} ${lastName}`]) {
      expect(await found(member, q), q).toEqual([expertId]);
    }
    expect((await directory(member, lastName)).body.items[0]).toMatchObject({ firstName, lastName });
  });

  it('finds offers by their own text, never by their expert’s last name', async () => {
    const offers = async (client: ApiClient, q: string) => (await client.get<OfferDto[]>(`/offers/search?q=${encodeURIComponent(q)}`)).body.map((offer) => offer.professor._id);
    expect(await offers(visitor, 'quarterly forecasting')).toContain(expertId);
    for (const q of [lastName, `${firstName} ${lastName}`, firstName]) expect(await offers(visitor, q), q).toEqual([]);
  });
});

describe('the card of an account (GET /user/{id})', () => {
  let student: ApiClient;
  let studentId: string;
  let expert: ApiClient;
  let expertId: string;
  let otherExpert: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    const [withOffer, signedIn, other] = await Promise.all([expertWithOffer('Corinne', 'Counterpart'), signedInStudent(), signedInPublishingExpert('Oscar', 'Outsider')]);
    [expert, expertId, student, otherExpert] = [withOffer.expert, withOffer.expertId, signedIn.client, other.client];
    studentId = claimsOf(student.accessToken!).sub;
    admin = await signedInAs('admin');
    const opened = await student.post('/chats/create', { offerId: withOffer.offer._id, initialMessage: 'Hello, is Monday possible?' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  });

  it('shows a counterpart’s card to either member of the conversation', async () => {
    expect(await expert.get<PublicUser>(`/user/${studentId}`)).toMatchObject({ status: 200, body: { _id: studentId, role: 'user' } });
    expect(await student.get<PublicUser>(`/user/${expertId}`)).toMatchObject({ status: 200, body: { _id: expertId, role: 'professor', lastName: 'Counterpart' } });
  });

  it('shows a listed expert to any signed-in account, and an account to itself', async () => {
    expect((await otherExpert.get(`/user/${expertId}`)).status).toBe(200);
    expect((await admin.get(`/user/${expertId}`)).status).toBe(200);
    expect((await student.get(`/user/${studentId}`)).status).toBe(200);
  });

  it('answers the same 404 for an account the caller does not deal with as for an unknown id, admins included', async () => {
    const unknown = await otherExpert.get(`/user/${randomUUID()}`);
    expect(unknown).toMatchObject({ status: 404, body: { msg: MSG.userNotFound } });
    const other = await signedInStudent();
    for (const [caller, id] of [
      [otherExpert, studentId],
      [admin, studentId],
      [other.client, studentId],
      [student, claimsOf(other.client.accessToken!).sub],
      [student, claimsOf(admin.accessToken!).sub],
    ] as const) {
      const response = await caller.get(`/user/${id}`);
      expect({ status: response.status, body: response.body }).toEqual({ status: unknown.status, body: unknown.body });
    }
  });
});

