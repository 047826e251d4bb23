import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/catalogue-fixtures';
import { anAccount } from '@/test/accounts';
import { json, renderRoutes } from '@/test/render-app';
import DashboardRoute from './dashboard';

const expert = anAccount({ _id: 'expert-1', role: 'professor', email: 'nora@example.com', firstName: 'Nora', lastName: 'Newcomer' });
const routes = [{ path: '/dashboard', element: <DashboardRoute /> }];

afterEach(() => vi.unstubAllGlobals());

describe('the payout card of the dashboard', () => {
  it('sends an expert without a payout account to the provider’s onboarding', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = stubApi(({ url }) => {
      if (url.pathname === '/payments/account-status') return json(200, { payouts_enabled: false, currentlyDue: [] });
      if (url.pathname === '/payments/onboard') return json(200, { url: 'https://connect.stripe.test/setup/x' });
    });
    renderRoutes(routes, { path: '/dashboard#payouts', account: expert });
    const connect = await screen.findByRole('button', { name: 'Connect payment account' });
    // The fragment link lands on the payout section.
    expect(screen.getByRole('region', { name: 'Payouts' })).toHaveFocus();
    await userEvent.click(connect);
    expect(api.called('/payments/onboard')).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/x');
  });

  it('lets a connected expert manage the account', async () => {
    stubApi(({ url }) => (url.pathname === '/payments/account-status' ? json(200, { payouts_enabled: true, currentlyDue: [] }) : undefined));
    renderRoutes(routes, { path: '/dashboard', account: expert });
    expect(await screen.findByText(/Your payout account is connected/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage my payout account' })).toBeEnabled();
  });
});
