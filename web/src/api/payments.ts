import { api } from '@/lib/api-client';

/** POST /payments/onboard: the payout provider's onboarding page to send the expert to. */
export const startOnboarding = () => api.call('POST /api/payments/onboard');
