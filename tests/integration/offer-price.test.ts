/**
 * One price rule for creating and editing an offer (shared/schemas/offers.ts, decision 132): 0 (free)
 * or 0.50 (Stripe's smallest charge in EUR) to 999,999, whole cents, with one message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { ApiClient } from '../support/api';
import { signedInAs, signedInPublishingExpert } from '../support/accounts';

const OFFER = { title: 'Pricing rule clinic', description: 'An offer of the price rule test.', price: 40, lessonType: 'Video Call', pricingType: 'fixed' };
let expert: ApiClient;
let admin: ApiClient;
let offerId: string;

beforeAll(async () => {
  expert = (await signedInPublishingExpert('Priscilla', 'Pricer')).client;
  admin = await signedInAs('admin');
  const created = await expert.post<{ offer: OfferDto }>('/offers/create', OFFER);
  expect(created.status).toBe(201);
  offerId = created.body.offer._id;
});

const { pricingType: _, ...EDIT } = OFFER;

describe('an offer’s price', () => {
  it('refuses 0.01 to 0.49 when creating, when editing and when an admin edits, and stores nothing', async () => {
    const before = (await expert.get<OfferDto[]>('/offers/my-offers')).body.length;
    for (const price of [0.01, 0.49]) {
      expect(await expert.post('/offers/create', { ...OFFER, price }), String(price)).toMatchObject({ status: 400, body: { msg: MSG.offerPriceRange } });
      expect(await expert.request('PATCH', `/offers/update/${offerId}`, { ...EDIT, price }), String(price)).toMatchObject({
        status: 400,
        body: { msg: MSG.offerPriceRange },
      });
      expect(await admin.request('PATCH', `/admin/offers/${offerId}`, { ...EDIT, price }), String(price)).toMatchObject({
        status: 400,
        body: { msg: MSG.offerPriceRange },
      });
    }
    expect((await expert.get<OfferDto[]>('/offers/my-offers')).body).toHaveLength(before);
    expect(await expert.get(`/offers/${offerId}`)).toMatchObject({ status: 200, body: { price: OFFER.price } });
  });

  it('gives both calls the same message for the rest of the range', async () => {
    for (const price of [-0.01, -1, 999_999.01, 1_000_000, 10.005]) {
      expect(await expert.post('/offers/create', { ...OFFER, price }), String(price)).toMatchObject({ status: 400, body: { msg: MSG.offerPriceRange } });
      expect(await expert.request('PATCH', `/offers/update/${offerId}`, { ...EDIT, price }), String(price)).toMatchObject({
        status: 400,
        body: { msg: MSG.offerPriceRange },
      });
    }
  });

  it('accepts 0 (a free offer), 0.50 and 999,999 on both calls', async () => {
    for (const price of [0, 0.5, 999_999]) {
      expect(await expert.post('/offers/create', { ...OFFER, price }), String(price)).toMatchObject({ status: 201, body: { offer: { price } } });
      expect(await expert.request('PATCH', `/offers/update/${offerId}`, { ...EDIT, price }), String(price)).toMatchObject({
        status: 200,
        body: { offer: { price } },
      });
      expect(await expert.get(`/offers/${offerId}`), String(price)).toMatchObject({ status: 200, body: { price } });
    }
  });
});
