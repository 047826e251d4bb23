/** Reading offers through the local gateway: an expert's published offers and one offer, by who may see it. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MSG } from '../../shared/texts';
import { putOffer } from '../../functions/contexts/catalogue/offer-repository';
import { ApiClient } from '../support/api';
import { signedInAs } from '../support/accounts';
import { deleteItem, getItem } from '../support/table';
import { TEST_SEED } from '../support/seed-settings';
import { claimsOf } from '../support/tokens';
import { centsFromEuros } from '../../shared/money';

/** A seeded offer of Claire's, arranged for one test and removed after it. */
async function claireOffer(status: 'pending' | 'approved', title: string): Promise<string> {
  const offerId = randomUUID();
  onTestFinished(() => deleteItem({ pk: `OFFER#${offerId}`, sk: 'OFFER' }));
  await putOffer({
    offerId,
    expertId: claireId,
    title,
    description: 'Arranged by a test of the offers calls.',
    priceCents: centsFromEuros(50),
    lessonType: 'Document',
    pricingType: 'fixed',
    status,
    createdAt: new Date().toISOString(),
  });
  return offerId;
}

type Offer = {
  _id: string;
  title: string;
  price: number;
  pricingType: string;
  status: string;
  professor: { _id: string; firstName: string; lastName: string };
};

let claireId: string;
let expert: ApiClient;

beforeAll(async () => {
  expert = await signedInAs('professor');
  claireId = claimsOf(expert.accessToken!).sub;
});

describe('offers of an expert', () => {
  it('lists the published offers newest first, priced in euros, with the expert’s card', async () => {
    const response = await new ApiClient().get<Offer[]>(`/offers/professor/${claireId}`);
    expect(response.status).toBe(200);
    expect(response.body.map((offer) => offer.title).sort()).toEqual(['Financial modelling from scratch', 'Investment banking interview prep']);
    expect(response.body.find((offer) => offer.title === 'Financial modelling from scratch')).toMatchObject({
      price: 60,
      pricingType: 'hourly',
      status: 'approved',
    });
    // Visitors see the last name as an initial, as on the public profile.
    expect(response.body[0].professor).toMatchObject({ _id: claireId, firstName: 'Claire', lastName: 'D.', isVerified: true });
    expect(response.body[0].professor).not.toHaveProperty('email');
  });

  it('shows members the whole name', async () => {
    const student = await signedInAs('student');
    const response = await student.get<Offer[]>(`/offers/professor/${claireId}`);
    expect(response.body[0].professor.lastName).toBe('Dubois');
  });

  it('answers 404 for someone who is not an expert', async () => {
    const student = await signedInAs('student');
    const studentId = claimsOf(student.accessToken!).sub;
    for (const id of [studentId, randomUUID()]) {
      expect(await new ApiClient().get(`/offers/professor/${id}`)).toMatchObject({ status: 404, body: { msg: MSG.expertNotFound } });
    }
  });
});

describe('one offer', () => {
  it('shows a published offer to anyone', async () => {
    const [listed] = (await new ApiClient().get<Offer[]>(`/offers/professor/${claireId}`)).body;
    const response = await new ApiClient().get<Offer>(`/offers/${listed._id}`);
    expect(response).toMatchObject({ status: 200, body: { _id: listed._id, title: listed.title, professor: { _id: claireId } } });
  });

  it('shows an offer in moderation to its expert and to admins only, and never an unknown one', async () => {
    const offerId = await claireOffer('pending', 'Pending offer in review');
    expect(await new ApiClient().get(`/offers/${offerId}`)).toMatchObject({ status: 404, body: { msg: MSG.offerNotFound } });
    expect((await (await signedInAs('student')).get(`/offers/${offerId}`)).status).toBe(404);
    expect(await expert.get(`/offers/${offerId}`)).toMatchObject({ status: 200, body: { _id: offerId, status: 'pending', price: 50 } });
    expect((await (await signedInAs('admin')).get(`/offers/${offerId}`)).status).toBe(200);
    // Not in the expert's public list.
    expect((await new ApiClient().get<Offer[]>(`/offers/professor/${claireId}`)).body.map((offer) => offer._id)).not.toContain(offerId);
    expect(await new ApiClient().get(`/offers/${randomUUID()}`)).toMatchObject({ status: 404, body: { msg: MSG.offerNotFound } });
  });
});

describe('an expert’s own offers', () => {
  it('lists them with those in moderation, newest first', async () => {
    const pendingId = await claireOffer('pending', 'Brand new offer awaiting review');
    const response = await expert.get<Offer[]>('/offers/my-offers');
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({ _id: pendingId, status: 'pending', professor: { lastName: 'Dubois' } });
    expect(response.body.map((offer) => offer.title)).toEqual(
      expect.arrayContaining(['Financial modelling from scratch', 'Investment banking interview prep']),
    );
  });

  it('lets only the offer’s expert delete it, which archives it and keeps it for the orders that name it', async () => {
    const offerId = await claireOffer('approved', 'An offer about to be deleted');
    const omar = new ApiClient();
    const login = await omar.post<{ accessToken: string }>('/auth/login', { email: 'omar.haddad@demo.test', password: TEST_SEED.demoPassword });
    omar.accessToken = login.body.accessToken;
    expect(await omar.request('DELETE', `/offers/delete/${offerId}`)).toMatchObject({ status: 403, body: { msg: MSG.notYourOffer } });
    expect((await new ApiClient().get(`/offers/${offerId}`)).status).toBe(200);

    expect(await expert.request('DELETE', `/offers/delete/${offerId}`)).toMatchObject({ status: 200, body: { msg: MSG.offerDeleted } });
    expect((await new ApiClient().get(`/offers/${offerId}`)).status).toBe(404);
    expect((await expert.get<Offer[]>('/offers/my-offers')).body.map((offer) => offer._id)).not.toContain(offerId);
    expect(await getItem({ pk: `OFFER#${offerId}`, sk: 'OFFER' })).toMatchObject({ status: 'archived', title: 'An offer about to be deleted' });
    expect(await expert.request('DELETE', `/offers/delete/${offerId}`)).toMatchObject({ status: 404, body: { msg: MSG.offerNotFound } });
    expect(await expert.request('DELETE', `/offers/delete/${randomUUID()}`)).toMatchObject({ status: 404, body: { msg: MSG.offerNotFound } });
  });
});
