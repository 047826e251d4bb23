import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render-app';
import { OfferPanel, type OfferSummary } from './offer-panel';

const offer: OfferSummary = {
  _id: 'offer-1',
  title: 'A first conversation about your career',
  price: 0,
  pricingType: 'fixed',
  lessonType: 'Phone Call',
  professor: { _id: 'expert-1', firstName: 'Claire', lastName: 'Dubois' },
};

describe('the chat’s offer panel', () => {
  it('shows a free offer’s price as Free, never €0.00', () => {
    renderRoutes([{ path: '/', element: <OfferPanel offer={offer} /> }]);
    const panel = within(screen.getByRole('complementary', { name: 'Offer details' }));
    expect(panel.getByText('Free')).toBeInTheDocument();
    expect(panel.queryByText(/€/)).not.toBeInTheDocument();
  });

  it('shows a paid offer in euros with two decimals', () => {
    renderRoutes([{ path: '/', element: <OfferPanel offer={{ ...offer, price: 1234.5 }} /> }]);
    expect(within(screen.getByRole('complementary', { name: 'Offer details' })).getByText('€1,234.50')).toBeInTheDocument();
  });
});
