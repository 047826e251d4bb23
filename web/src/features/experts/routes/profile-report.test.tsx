import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExpertProfile, Review } from '@shared/schemas/catalogue';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { expert, offer, stubApi } from '@/test/catalogue-fixtures';
import { json, renderRoutes } from '@/test/render-app';
import ExpertProfileRoute, { loader } from './profile';

const claire: ExpertProfile = { ...expert(1, { firstName: 'Claire', lastName: 'D.' }), languages: [], expertises: [], workExperience: [], education: [] };
const spam: Review = {
  _id: 'review-1',
  offerId: 'offer-1',
  rating: 1,
  comment: 'Buy followers here',
  createdAt: '2026-10-01T10:00:00.000Z',
  user: { firstName: 'Ben', lastName: 'C.' },
};

const routes = [{ path: '/teacher/:id', loader, Component: ExpertProfileRoute, HydrateFallback: () => null }];

function profileApi() {
  return stubApi(({ method, url }) => {
    if (url.pathname === '/user/public/expert-1') return json(200, claire);
    if (url.pathname === '/offers/professor/expert-1') return json(200, [offer(1, { title: 'Financial modelling from scratch' })]);
    if (url.pathname === '/offers/professor/expert-1/reviews') return json(200, [spam]);
    if (method === 'POST' && url.pathname === '/reports') return json(201, { msg: MSG.reportReceived });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reporting from an expert’s profile', () => {
  it('lets a signed-in member report an offer or a review, naming its offer', async () => {
    const user = userEvent.setup();
    const api = profileApi();
    renderRoutes(routes, { path: '/teacher/expert-1', account: anAccount({ _id: 'student-1', role: 'user', email: 'alice@example.com' }) });
    await user.click(await screen.findByRole('button', { name: 'Report review by Ben C.' }));
    const dialog = screen.getByRole('dialog', { name: 'Report review by Ben C.' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(MSG.reportReceived)).toBeInTheDocument();
    expect(api.called('/reports').map((call) => call.body)).toEqual([{ targetType: 'review', targetId: 'review-1', offerId: 'offer-1', reason: 'spam' }]);
    expect(screen.getByRole('button', { name: 'Report offer "Financial modelling from scratch"' })).toBeInTheDocument();
  });

  it('offers no Report to visitors, and none on the expert’s own offers', async () => {
    profileApi();
    const { unmount } = renderRoutes(routes, { path: '/teacher/expert-1' });
    expect(await screen.findByText('Buy followers here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    unmount();

    renderRoutes(routes, { path: '/teacher/expert-1', account: anAccount({ _id: 'expert-1', role: 'professor', email: 'claire@example.com' }) });
    expect(await screen.findByText('Buy followers here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report offer/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report review by Ben C.' })).toBeInTheDocument();
  });
});
