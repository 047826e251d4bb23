import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import MyOffersRoute, { loader } from './my-offers';

const claire = anAccount({ _id: 'expert-1', role: 'professor', email: 'claire@example.com', payoutsEnabled: true });

const offerNumber = (n: number): OfferDto => ({
  _id: `offer-${n}`,
  title: `Offer number ${n} for testing`,
  description: 'A description long enough.',
  price: 50 + n,
  lessonType: 'Document',
  pricingType: 'fixed',
  status: n % 2 === 0 ? 'approved' : 'pending',
  approved: n % 2 === 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  professor: {
    _id: 'expert-1',
    firstName: 'Claire',
    lastName: 'Dubois',
    rating: 0,
    reviews: 0,
    expYears: 5,
    isVerified: true,
    isStripeConnected: true,
    payoutsEnabled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
});

const routes = [{ path: '/my-offers', loader, Component: MyOffersRoute, HydrateFallback: () => null }];

const cards = () => screen.getAllByRole('article');

afterEach(() => vi.unstubAllGlobals());

describe('my offers page', () => {
  it(`shows the first ${CATALOGUE.myOffersShown} offers, then all with Show More, and back with Show Less`, async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /offers/my-offers': () => json(200, [1, 2, 3, 4, 5, 6].map(offerNumber)) });
    renderRoutes(routes, { path: '/my-offers', account: claire });
    await screen.findByRole('heading', { name: 'Offer number 1 for testing' });
    expect(cards()).toHaveLength(CATALOGUE.myOffersShown);

    const more = screen.getByRole('button', { name: 'Show More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(cards()).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(cards()).toHaveLength(CATALOGUE.myOffersShown);
  });

  it('shows each offer’s status, price (Free for a free one) and an Edit link to its page', async () => {
    fakeApi({ 'GET /offers/my-offers': () => json(200, [offerNumber(1), { ...offerNumber(2), price: 0 }]) });
    renderRoutes(routes, { path: '/my-offers', account: claire });
    const [pending, published] = await screen.findAllByRole('article');
    expect(within(pending).getByText('In review')).toBeInTheDocument();
    expect(within(published).getByText('Published')).toBeInTheDocument();
    expect(within(pending).getByText('€51.00')).toBeInTheDocument();
    expect(within(published).getByText('Free')).toBeInTheDocument();
    expect(within(published).queryByText('€0.00')).not.toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Edit Offer number 1 for testing' })).toHaveAttribute('href', '/offers/offer-1');
    expect(screen.queryByRole('button', { name: /Show/ })).not.toBeInTheDocument();
  });

  it('shows a rejected offer with the moderation team’s reason, and no Edit or Delete', async () => {
    const rejected: OfferDto = { ...offerNumber(3), status: 'rejected', rejectionReason: 'Offers may not promise funding.' };
    fakeApi({ 'GET /offers/my-offers': () => json(200, [rejected, offerNumber(2)]) });
    renderRoutes(routes, { path: '/my-offers', account: claire });
    const [card, published] = await screen.findAllByRole('article');
    expect(within(card).getByText('Rejected')).toBeInTheDocument();
    expect(within(card).getByText('Reason given by the moderation team: Offers may not promise funding.')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(published).queryByText(/Reason given/)).not.toBeInTheDocument();
  });

  it('deletes an offer only after confirmation, then shows the list without it', async () => {
    const user = userEvent.setup();
    let offers = [offerNumber(1), offerNumber(2)];
    const api = fakeApi({
      'GET /offers/my-offers': () => json(200, offers),
      'DELETE /offers/delete/offer-1': () => {
        offers = offers.filter((offer) => offer._id !== 'offer-1');
        return json(200, { msg: MSG.offerDeleted });
      },
    });
    renderRoutes(routes, { path: '/my-offers', account: claire });
    await user.click(await screen.findByRole('button', { name: 'Delete Offer number 1 for testing' }));
    await user.click(within(screen.getByRole('alertdialog', { name: MSG.deleteOfferConfirm })).getByRole('button', { name: 'Cancel' }));
    expect(api.calls().some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Offer number 1 for testing' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.offerDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Offer number 1 for testing' })).not.toBeInTheDocument());
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'My Offers' })).toHaveFocus();
  });

  it('says Failed to delete offer and keeps the offer when deleting fails', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /offers/my-offers': () => json(200, [offerNumber(1)]), 'DELETE /offers/delete/offer-1': () => json(500, { msg: MSG.serverError }) });
    renderRoutes(routes, { path: '/my-offers', account: claire });
    await user.click(await screen.findByRole('button', { name: 'Delete Offer number 1 for testing' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.offerDeleteFailed)).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
  });

  it('says Error loading your offers when the list cannot be loaded, and when there is none says so', async () => {
    fakeApi({ 'GET /offers/my-offers': () => json(500, { msg: MSG.serverError }) });
    const first = renderRoutes(routes, { path: '/my-offers', account: claire });
    expect(await screen.findByText(MSG.myOffersLoadFailed)).toBeInTheDocument();
    first.unmount();

    fakeApi({ 'GET /offers/my-offers': () => json(200, []) });
    renderRoutes(routes, { path: '/my-offers', account: claire });
    expect(await screen.findByText(MSG.noOwnOffers)).toBeInTheDocument();
  });
});
