import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import CreateOfferRoute from './create-offer';

const expert = anAccount({ _id: 'expert-1', role: 'professor', email: 'claire@example.com', payoutsEnabled: true });

const routes = [
  { path: '/create-offer', element: <CreateOfferRoute /> },
  { path: '/my-offers', element: <h1>My Offers page</h1> },
];

afterEach(() => vi.unstubAllGlobals());

async function fillOffer(user: ReturnType<typeof userEvent.setup>, title = 'Corporate finance coaching') {
  await user.type(screen.getByLabelText('Title'), title);
  await user.type(screen.getByLabelText('Description'), 'Weekly sessions on valuation and modelling.');
  await user.click(screen.getByRole('radio', { name: 'Hourly rate (€/h)' }));
  await user.type(screen.getByLabelText('Price (€/h)'), '75.5');
  await user.selectOptions(screen.getByLabelText('Lesson type'), 'Video Call');
}

describe('create offer page', () => {
  it('creates an hourly offer and thanks the expert, saying it awaits approval', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /offers/create': () => json(201, { msg: MSG.offerSubmitted, offer: {} }) });
    renderRoutes(routes, { path: '/create-offer', account: expert });
    expect(screen.getByRole('radio', { name: 'Fixed price (€)' })).toBeChecked();
    await fillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Create offer' }));

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toHaveFocus();
    expect(screen.getByText(MSG.offerSubmitted)).toBeInTheDocument();
    expect(api.calls()[0].body).toEqual({
      title: 'Corporate finance coaching',
      description: 'Weekly sessions on valuation and modelling.',
      price: 75.5,
      lessonType: 'Video Call',
      pricingType: 'hourly',
    });
    await user.click(screen.getByRole('link', { name: 'Go to My Offers' }));
    expect(await screen.findByRole('heading', { name: 'My Offers page' })).toBeInTheDocument();
  });

  it('a fixed-price call asks for its length, an hour unless chosen; an hourly one and a document do not', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /offers/create': () => json(201, { msg: MSG.offerSubmitted, offer: {} }) });
    renderRoutes(routes, { path: '/create-offer', account: expert });
    await user.type(screen.getByLabelText('Title'), 'Mock interview, one session');
    await user.type(screen.getByLabelText('Description'), 'A mock case interview with written feedback.');
    await user.type(screen.getByLabelText('Price (€)'), '90');
    await user.selectOptions(screen.getByLabelText('Lesson type'), 'Document');
    expect(screen.queryByLabelText('Call length')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Lesson type'), 'Video Call');
    expect(screen.getByLabelText('Call length')).toHaveValue('60');
    expect(
      within(screen.getByLabelText('Call length'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a length', '30 min', '1 hour', '90 min', '2 hours', '150 min', '3 hours', '210 min', '4 hours']);
    await user.selectOptions(screen.getByLabelText('Call length'), '90 min');
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    await screen.findByRole('heading', { name: 'Thank you!' });
    expect(api.calls()[0].body).toEqual({
      title: 'Mock interview, one session',
      description: 'A mock case interview with written feedback.',
      price: 90,
      lessonType: 'Video Call',
      pricingType: 'fixed',
      durationMinutes: 90,
    });
  });

  it('refuses markup and shows the specification’s messages next to the fields', async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderRoutes(routes, { path: '/create-offer', account: expert });
    await user.type(screen.getByLabelText('Title'), '<script>x</script> finance');
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    const title = screen.getByLabelText('Title');
    expect(await screen.findByText(MSG.offerHtml)).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription(expect.stringContaining(MSG.offerHtml));
    expect(title).toHaveFocus();
    expect(screen.getByText(MSG.offerDescriptionLength)).toBeInTheDocument();
    expect(screen.getByText(MSG.offerPriceRange)).toBeInTheDocument();
    expect(screen.getByText(MSG.lessonTypeRequired)).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('refuses 0.01 to 0.49 with the price rule’s message, and creates a free offer at 0', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /offers/create': () => json(201, { msg: MSG.offerSubmitted, offer: {} }) });
    renderRoutes(routes, { path: '/create-offer', account: expert });
    await user.type(screen.getByLabelText('Title'), 'A free first consultation');
    await user.type(screen.getByLabelText('Description'), 'Thirty minutes to see where you stand.');
    await user.selectOptions(screen.getByLabelText('Lesson type'), 'Phone Call');
    const price = screen.getByLabelText('Price (€)');
    expect(price).toHaveAttribute('min', '0');
    expect(price).toHaveAttribute('step', '0.01');
    await user.type(price, '0.49');
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    expect(await screen.findByText(MSG.offerPriceRange)).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription(MSG.offerPriceRange);
    expect(api.calls()).toEqual([]);

    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(api.calls()[0].body).toMatchObject({ price: 0, pricingType: 'fixed' });
  });

  it('says An error occurred while creating the offer when creating fails without a message', async () => {
    const user = userEvent.setup();
    fakeApi({ 'POST /offers/create': () => json(500, {}) });
    renderRoutes(routes, { path: '/create-offer', account: expert });
    await fillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    expect(await screen.findByText(MSG.offerCreateFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create offer' })).toBeEnabled();
  });

  it('shows the server’s message, and the payouts overlay when the server says payouts are missing', async () => {
    const user = userEvent.setup();
    fakeApi({ 'POST /offers/create': () => json(403, { msg: MSG.payoutsRequired, code: 'payouts_required' }) });
    renderRoutes(routes, { path: '/create-offer', account: expert });
    await fillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    expect(await screen.findByRole('dialog', { name: 'Payment account required' })).toBeInTheDocument();
    // The toast and the overlay's text.
    await waitFor(() => expect(screen.getAllByText(MSG.payoutsRequired)).toHaveLength(2));
  });

  it('blocks an expert without payouts with a modal that keeps focus inside and makes the form inert', async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderRoutes(routes, { path: '/create-offer', account: { ...expert, payoutsEnabled: false } });
    const dialog = screen.getByRole('dialog', { name: 'Payment account required' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(MSG.payoutsRequired);
    const connect = within(dialog).getByRole('button', { name: 'Connect payment account' });
    expect(connect).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Create offer', hidden: true }).closest('section')).toHaveAttribute('inert');
    expect(within(dialog).getByRole('link', { name: /payout section/ })).toHaveAttribute('href', '/dashboard#payouts');

    // Tab cycles through the dialog's controls only.
    const inside = [within(dialog).getByRole('link', { name: 'Back to home' }), connect, within(dialog).getByRole('link', { name: /payout section/ })];
    await user.tab();
    expect(inside[2]).toHaveFocus();
    await user.tab();
    expect(inside[0]).toHaveFocus();
    await user.tab({ shift: true });
    expect(inside[2]).toHaveFocus();
  });

  it('says Failed to start Stripe onboarding when the onboarding call fails', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /payments/onboard': () => json(503, { msg: MSG.paymentsUnavailable, code: 'unavailable' }) });
    renderRoutes(routes, { path: '/create-offer', account: { ...expert, payoutsEnabled: false } });
    await user.click(screen.getByRole('button', { name: 'Connect payment account' }));
    expect(await screen.findByText(MSG.onboardingFailed)).toBeInTheDocument();
    expect(api.calls().map((call) => call.path)).toEqual(['/payments/onboard']);
  });

  it('refuses a student', () => {
    renderRoutes(routes, { path: '/create-offer', account: anAccount({ _id: 'student-1', role: 'user', email: 'alice@example.com' }) });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.onlyExpertsCreateOffers);
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });
});
