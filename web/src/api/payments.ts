import { api } from '@/lib/api-client';

/** POST /payments/onboard: the payout provider's onboarding page to send the expert to. */
export const startOnboarding = () => api.call('POST /api/payments/onboard');

/** GET /payments/account-status: whether the expert can be paid, read from the provider, and what it still needs. */
export const getPayoutStatus = () => api.call('GET /api/payments/account-status');

/** POST /payments/login-link: the provider's dashboard of the expert's payout account (onboarding while details are due). */
export const payoutDashboardLink = () => api.call('POST /api/payments/login-link');
