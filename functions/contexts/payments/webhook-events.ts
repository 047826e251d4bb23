/**
 * The Stripe events the webhook acts on (`handleProviderEvent`, orders/payment-service.ts), as its two
 * endpoints subscribe to them: the platform's own objects, and its connected accounts' (a Connect
 * endpoint). Stripe sends an endpoint only the events it subscribes to. The README's table lists
 * these for the dashboard, and the local Stripe delivers these alone.
 */
export const WEBHOOK_EVENTS = {
  platform: [
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
    'charge.refunded',
    'charge.dispute.created',
    'charge.dispute.closed',
    'transfer.reversed',
  ],
  connect: ['account.updated', 'payout.paid', 'payout.failed', 'payout.canceled'],
} as const;
