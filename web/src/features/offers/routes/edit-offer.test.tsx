import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { LIMITS } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { anAccount } from '@/test/accounts';
import EditOfferRoute, { loader } from './edit-offer';

const claire = anAccount({ _id: 'expert-1', role: 'professor', email: 'claire@example.com', firstName: 'Claire', lastName: 'Dubois', payoutsEnabled: true });

const offer: OfferDto = {
  _id: 'offer-1',
  title: 'Financial modelling review',
  description: 'I review your financial model and explain every fix.',
  price: 120,
  lessonType: 'Video Call',
  pricingType: 'hourly',
  status: 'approved',
  approved: true,
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
};

const routes = [
  { path: '/offers/:id', loader, Component: EditOfferRoute, HydrateFallback: () => null },
  { path: '/', element: <h1>Home page</h1> },
];

const png = (bytes = 68) => new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' });

function openEditPage(answers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /offers/offer-1': () => json(200, offer), ...answers });
  renderRoutes(routes, { path: '/offers/offer-1', account: claire });
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('edit offer page', () => {
  it('shows the offer in the form and saves without the pricing type, then says Changes Saved', async () => {
    const user = userEvent.setup();
    const api = openEditPage({ 'PATCH /offers/update/offer-1': () => json(200, { msg: MSG.offerUpdated, offer }) });
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue(offer.title);
    expect(screen.getByLabelText('Price (€/h)')).toHaveValue(120);
    expect(screen.getByLabelText('Lesson type')).toHaveValue('Video Call');
    expect(screen.getByText('Hourly rate (€/h)')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.clear(title);
    await user.type(title, 'Financial modelling deep dive');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { name: MSG.changesSaved })).toHaveFocus();
    expect(screen.getByText(MSG.offerUpdated)).toBeInTheDocument();
    const patch = api.calls().find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/offers/update/offer-1');
    expect(patch?.body).toEqual({ title: 'Financial modelling deep dive', description: offer.description, price: 120, lessonType: 'Video Call' });

    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('checks title, description and price before sending, and focuses the first error', async () => {
    const user = userEvent.setup();
    const api = openEditPage();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, '   ');
    const price = screen.getByLabelText('Price (€/h)');
    await user.clear(price);
    await user.type(price, '-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(MSG.offerTitleDescriptionRequired)).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription(expect.stringContaining(MSG.offerTitleDescriptionRequired));
    expect(price).toHaveAccessibleDescription(MSG.offerValidPrice);
    expect(title).toHaveFocus();

    await user.type(title, 'A <b>bold</b> title here');
    await user.clear(price);
    await user.type(price, '0.49');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.offerHtml)).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription(MSG.offerPriceRange);
    expect(api.calls().filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('saves a price of 0: the offer becomes free', async () => {
    const user = userEvent.setup();
    const api = openEditPage({ 'PATCH /offers/update/offer-1': () => json(200, { msg: MSG.offerUpdated, offer: { ...offer, price: 0 } }) });
    const price = await screen.findByLabelText('Price (€/h)');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.offerUpdated)).toBeInTheDocument();
    expect(api.calls().find((call) => call.method === 'PATCH')?.body).toMatchObject({ price: 0 });
  });

  it('refuses a photo that is not an image or is over 2 MB, and sends nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const api = openEditPage();
    const photo = await screen.findByLabelText(/Photo/);

    await user.upload(photo, new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(MSG.onlyImages)).toBeInTheDocument();
    expect(photo).toHaveAccessibleDescription(expect.stringContaining(MSG.onlyImages));

    await user.upload(photo, png(LIMITS.photoMaxBytes + 1));
    expect(await screen.findByText(MSG.maxImage2mb)).toBeInTheDocument();
    expect(screen.queryByText(MSG.onlyImages)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(photo).toHaveFocus());
    expect(api.calls().filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('uploads a chosen photo with the presigned form, then saves the offer with its key', async () => {
    const user = userEvent.setup();
    const api = openEditPage({
      'POST /offers/offer-1/photo-upload': () =>
        json(200, { url: 'http://storage.test/media', fields: { key: 'offers/offer-1/abc', Policy: 'p', 'X-Amz-Signature': 's' }, key: 'offers/offer-1/abc' }),
      'POST http://storage.test/media': () => new Response(null, { status: 204 }),
      'PATCH /offers/update/offer-1': () => json(200, { msg: MSG.offerUpdated, offer }),
    });
    const file = png();
    await user.upload(await screen.findByLabelText(/Photo/), file);
    expect(await screen.findByRole('img', { name: 'Preview of the chosen photo' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: MSG.changesSaved });

    const [request, upload, patch] = api.calls().filter((call) => call.method !== 'GET');
    expect(request.body).toEqual({ contentType: 'image/png', size: file.size });
    expect(upload.path).toBe('http://storage.test/media');
    expect(upload.init.credentials).toBe('omit');
    const entries = [...(upload.body as FormData).entries()];
    expect(entries.map(([name]) => name)).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    expect((entries[3][1] as File).name).toBe('photo.png');
    expect(patch.body).toMatchObject({ photo: 'offers/offer-1/abc', title: offer.title });
    expect(patch.body).not.toHaveProperty('pricingType');
  });

  it('says Upload failed and keeps the form when storage refuses the photo', async () => {
    const user = userEvent.setup();
    const api = openEditPage({
      'POST /offers/offer-1/photo-upload': () => json(200, { url: 'http://storage.test/media', fields: {}, key: 'offers/offer-1/abc' }),
      'POST http://storage.test/media': () => new Response('<Error/>', { status: 403 }),
    });
    await user.upload(await screen.findByLabelText(/Photo/), png());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.uploadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(api.calls().some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('shows the current photo', async () => {
    fakeApi({ 'GET /offers/offer-1': () => json(200, { ...offer, photo: 'offers/offer-1/current' }) });
    renderRoutes(routes, { path: '/offers/offer-1', account: claire });
    expect(await screen.findByRole('img', { name: 'Current photo of the offer' })).toHaveAttribute('src', '/uploads/offers/offer-1/current');
  });

  it('says Offer not found for an unknown offer', async () => {
    fakeApi({ 'GET /offers/offer-1': () => json(404, { msg: MSG.offerNotFound }) });
    renderRoutes(routes, { path: '/offers/offer-1', account: claire });
    expect(await screen.findByRole('heading', { name: MSG.offerNotFound })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('says Failed to load offer when the offer cannot be loaded', async () => {
    fakeApi({ 'GET /offers/offer-1': () => json(500, { msg: MSG.serverError }) });
    renderRoutes(routes, { path: '/offers/offer-1', account: claire });
    expect(await screen.findByText(MSG.offerLoadFailed)).toBeInTheDocument();
  });

  it('sends another expert home with Access denied: not your offer', async () => {
    fakeApi({ 'GET /offers/offer-1': () => json(200, offer) });
    renderRoutes(routes, { path: '/offers/offer-1', account: { ...claire, _id: 'expert-2' } });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(await screen.findByText(MSG.notYourOffer)).toBeInTheDocument();
  });
});
