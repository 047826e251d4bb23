/**
 * One price rule for creating and editing an offer (shared/schemas/offers.ts): more than 0 (no free
 * offers: orders are paid by card), at most 999,999, whole cents, with the spec's message.
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
  it('refuses 0 when creating, as when editing: "Price must be between 0 and 999,999"', async () => {
    const before = (await expert.get<OfferDto[]>('/offers/my-offers')).body.length;
    expect(await expert.post('/offers/create', { ...OFFER, price: 0 })).toMatchObject({ status: 400, body: { msg: MSG.offerPriceRange } });
    expect(await expert.request('PATCH', `/offers/update/${offerId}`, { ...EDIT, price: 0 })).toMatchObject({
      status: 400,
      body: { msg: MSG.offerPriceRange },
    });
    expect(await admin.request('PATCH', `/admin/offers/${offerId}`, { ...EDIT, price: 0 })).toMatchObject({ status: 400, body: { msg: MSG.offerPriceRange } });
    expect((await expert.get<OfferDto[]>('/offers/my-offers')).body).toHaveLength(before);
  });

  it('gives both calls the same message for the rest of the range', async () => {
    for (const price of [-1, 1_000_000, 10.005]) {
      expect(await expert.post('/offers/create', { ...OFFER, price }), String(price)).toMatchObject({ status: 400, body: { msg: MSG.offerPriceRange } });
      expect(await expert.request('PATCH', `/offers/update/${offerId}`, { ...EDIT, price }), String(price)).toMatchObject({
        status: 400,
        body: { msg: MSG.offerPriceRange },
      });
    }
  });

  it('accepts one cent and 999,999 on both calls', async () => {
    for (const price of [0.01, 999_999]) {
      expect(await expert.post('/offers/create', { ...OFFER, price }), String(price)).toMatchObject({ status: 201, body: { offer: { price } } });
      expect(await expert.request('PATCH', `/offers/update/${offerId}`, { ...EDIT, price }), String(price)).toMatchObject({
        status: 200,
        body: { offer: { price } },
      });
    }
  });
});
