import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import AdminOffersRoute, { loader } from './offers';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });

const pending = (id: string, title: string, extra: Partial<OfferDto> = {}): OfferDto => ({
  _id: id,
  title,
  description: 'What the expert offers, in detail.',
  price: 80,
  lessonType: 'Phone Call',
  pricingType: 'hourly',
  status: 'pending',
  approved: false,
  createdAt: '2026-11-02T09:30:00.000Z',
  professor: {
    _id: 'expert-1',
    firstName: 'Omar',
    lastName: 'Haddad',
    rating: 0,
    reviews: 0,
    expYears: 8,
    isVerified: true,
    isStripeConnected: true,
    payoutsEnabled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  ...extra,
});

const routes = [{ path: '/admin/offers', loader, Component: AdminOffersRoute, HydrateFallback: () => null }];

afterEach(() => vi.unstubAllGlobals());

describe('admin offers moderation', () => {
  it('lists what the admin needs to decide on each pending offer', async () => {
    fakeApi({ 'GET /admin/offers/pending': () => json(200, [pending('o1', 'Tax audit preparation', { photo: 'offers/o1/photo' })]) });
    renderRoutes(routes, { path: '/admin/offers', account: admin });
    const card = await screen.findByRole('article', { name: 'Tax audit preparation' });
    for (const text of ['Omar Haddad', '€80.00/h', 'Phone Call', 'Hourly rate', 'What the expert offers, in detail.', '2 Nov 2026'])
      expect(within(card).getByText(new RegExp(text))).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Illustration of the offer Tax audit preparation' })).toHaveAttribute('src', '/uploads/offers/o1/photo');
  });

  it('approves an offer and shows the list without it', async () => {
    const user = userEvent.setup();
    let queue = [pending('o1', 'Tax audit preparation'), pending('o2', 'Contract law basics')];
    const api = fakeApi({
      'GET /admin/offers/pending': () => json(200, queue),
      'PATCH /admin/offers/o1/approve': () => {
        queue = queue.slice(1);
        return json(200, { msg: MSG.offerApproved });
      },
    });
    renderRoutes(routes, { path: '/admin/offers', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Approve Tax audit preparation' }));
    expect(await screen.findByText(MSG.offerApproved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tax audit preparation' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Contract law basics' })).toBeInTheDocument();
    expect(api.calls().filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('rejects an offer only with a reason, after confirmation, then shows the empty state', async () => {
    const user = userEvent.setup();
    let queue = [pending('o1', 'Tax audit preparation')];
    const api = fakeApi({
      'GET /admin/offers/pending': () => json(200, queue),
      'DELETE /admin/offers/o1?reason=Promises+guaranteed+results.': () => {
        queue = [];
        return json(200, { msg: MSG.offerRejected });
      },
    });
    renderRoutes(routes, { path: '/admin/offers', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Reject Tax audit preparation' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls().some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Reject Tax audit preparation' }));
    const dialog = screen.getByRole('dialog', { name: MSG.rejectOfferConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(MSG.rejectionReasonRequired)).toBeInTheDocument();
    expect(api.calls().some((call) => call.method === 'DELETE')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Promises guaranteed results.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(MSG.noPendingOffers)).toBeInTheDocument();
    expect(screen.getByText(MSG.offerRejected)).toBeInTheDocument();
  });

  it('says Error approving offer and keeps the offer when approval fails', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /admin/offers/pending': () => json(200, [pending('o1', 'Tax audit preparation')]),
      'PATCH /admin/offers/o1/approve': () => json(409, { msg: MSG.offerNotPending }),
    });
    renderRoutes(routes, { path: '/admin/offers', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Approve Tax audit preparation' }));
    expect(await screen.findByText(MSG.offerApproveFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve Tax audit preparation' })).toBeEnabled();
  });

  it('says Error loading offers when the queue cannot be loaded', async () => {
    fakeApi({ 'GET /admin/offers/pending': () => json(500, { msg: MSG.serverError }) });
    renderRoutes(routes, { path: '/admin/offers', account: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.adminOffersLoadFailed);
  });
});
