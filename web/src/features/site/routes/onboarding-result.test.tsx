import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/catalogue-fixtures';
import { anAccount } from '@/test/accounts';
import { json, renderRoutes } from '@/test/render-app';
import OnboardingResultRoute from './onboarding-result';

const expert = anAccount({ _id: 'expert-1', role: 'professor', email: 'nora@example.com', firstName: 'Nora', lastName: 'Newcomer', payoutsEnabled: false });
const routes = [{ path: '/create', element: <OnboardingResultRoute /> }];

afterEach(() => vi.unstubAllGlobals());

describe('the payout onboarding result (/create)', () => {
  it('says the account is connected once the provider says payouts are enabled', async () => {
    const api = stubApi(({ url }) => (url.pathname === '/payments/account-status' ? json(200, { payouts_enabled: true, currentlyDue: [] }) : undefined));
    renderRoutes(routes, { path: '/create?stripe=success', account: expert });
    expect(await screen.findByRole('heading', { name: 'Your payout account is connected' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an offer' })).toHaveAttribute('href', '/create-offer');
    expect(api.called('/payments/account-status')).toHaveLength(1);
  });

  it('offers to continue when the expert left onboarding unfinished, though Stripe returned to the success address', async () => {
    const api = stubApi(({ url }) => {
      if (url.pathname === '/payments/account-status') return json(200, { payouts_enabled: false, currentlyDue: ['external_account', 'tos_acceptance.date'] });
      if (url.pathname === '/payments/onboard') return json(200, { url: 'http://localhost/_local/payments/onboarding/x' });
    });
    renderRoutes(routes, { path: '/create?stripe=success', account: expert });
    expect(await screen.findByRole('heading', { name: 'Your payout account is not complete yet' })).toBeInTheDocument();
    expect(screen.getByText(/2 to go/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue the setup' })).toBeEnabled();
    expect(api.called('/payments/onboard')).toHaveLength(0);
  });

  it('offers a retry when onboarding failed', async () => {
    stubApi(() => undefined);
    renderRoutes(routes, { path: '/create?stripe=failed', account: expert });
    expect(screen.getByRole('heading', { name: 'Payout account not connected' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
