import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render-app';
import { chatWith, claire } from '@/test/messages-fixtures';
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

  it('gives a fixed-price call’s length beside its lesson type: the published offer’s, then its order’s', () => {
    const facts = () => within(screen.getByRole('complementary', { name: 'Offer details' }));
    const { unmount } = renderRoutes([{ path: '/', element: <OfferPanel offer={{ ...offer, lessonType: 'Video Call', durationMinutes: 90 }} /> }]);
    expect(facts().getByText('Video Call · 90 min')).toBeInTheDocument();
    unmount();

    const chat = chatWith(claire, 'c1', { orderKind: 'call', durationMinutes: 60 });
    renderRoutes([{ path: '/', element: <OfferPanel offer={chat.offer} chat={chat} /> }]);
    expect(facts().getByText('Video Call · 1 hour')).toBeInTheDocument();
  });

  it('gives a delivery its lesson type alone', () => {
    const chat = chatWith(claire, 'c1', { offer: { ...chatWith(claire, 'c1').offer, lessonType: 'Document' } });
    renderRoutes([{ path: '/', element: <OfferPanel offer={chat.offer} chat={chat} /> }]);
    const facts = within(screen.getByRole('complementary', { name: 'Offer details' }));
    expect(facts.getByText('Document')).toBeInTheDocument();
    expect(facts.queryByText(/·/)).not.toBeInTheDocument();
  });
});
