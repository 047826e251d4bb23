/**
 * The payment provider's one adapter, on the `stripe` SDK. Pointed at Stripe with the stage's keys,
 * or, with STRIPE_API_BASE set (npm start, the tests), at the local Stripe that speaks the same API:
 * offline and production run this same code.
 */
import Stripe from 'stripe';
import { type Cents, cents } from '../../../shared/money';
import { config } from '../../platform/config';
import { ServiceUnavailable } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { getSecret } from '../../platform/secrets';
import { MSG } from '../../../shared/texts';
import {
  type CheckoutPaymentStatus,
  type CheckoutSession,
  type CheckoutStatus,
  type ConnectedAccount,
  type PaymentProvider,
  type Payout,
  type PayoutStatus,
  ProviderRefusal,
  ProviderServerError,
} from './provider';

let client: Promise<Stripe> | undefined;

function stripe(): Promise<Stripe> {
  client ??= getSecret('STRIPE_SECRET_KEY').then((key) => {
    const local = config.stripeApiBase ? new URL(config.stripeApiBase) : undefined;
    return new Stripe(key, {
      // Our own retries carry the same idempotency keys; the SDK's would too, but hide the outcome's wait.
      maxNetworkRetries: 1,
      timeout: config.stripeTimeoutMs,
      telemetry: false,
      ...(local && { host: local.hostname, port: local.port, protocol: local.protocol === 'https:' ? 'https' : 'http' }),
    });
  });
  return client;
}

/**
 * A call whose outcome is unknown is a 503: the caller tries again. After the network failed (or
 * the answer did not come in time) the same idempotency key replays whatever happened; after Stripe
 * answered a server error, which it replays under that key, the caller reads the provider's state
 * first (ProviderServerError, decision 279).
 */
async function call<T>(what: string, run: (api: Stripe) => Promise<T>): Promise<T> {
  const api = await stripe();
  try {
    return await run(api);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAPIError && (error.statusCode ?? 500) >= 500) {
      logger.warn('Payment provider failed', { what, error: error as Error });
      throw new ProviderServerError();
    }
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      logger.warn('Payment provider unavailable', { what, error: error as Error });
      throw new ServiceUnavailable(MSG.paymentsUnavailable, 'payments_unavailable');
    }
    throw error;
  }
}

/**
 * A search by creation time starts this long before the instant it is given: Stripe's clock and the
 * Lambda's differ by seconds at most, and an object made in that gap must still be found.
 */
const CLOCK_MARGIN_SECONDS = 60 * 60;
const createdSince = (instant: string) => ({ gte: Math.floor(Date.parse(instant) / 1000) - CLOCK_MARGIN_SECONDS });

/** An order's charge and the transfer of its expert's share carry this one group, so Stripe lists them together. */
const transferGroupOf = (orderId: string) => `order_${orderId}`;

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : (value?.id ?? undefined));

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : undefined;
  const paymentIntentId = idOf(session.payment_intent);
  const chargeId = idOf(intent?.latest_charge);
  const charge = typeof intent?.latest_charge === 'object' ? intent.latest_charge : undefined;
  const transaction = typeof charge?.balance_transaction === 'object' ? charge.balance_transaction : undefined;
  return {
    sessionId: session.id,
    ...(session.url && { url: session.url }),
    status: (session.status ?? 'open') as CheckoutStatus,
    paymentStatus: session.payment_status as CheckoutPaymentStatus,
    amountCents: cents(session.amount_total ?? 0),
    ...(session.metadata?.stage && { stage: session.metadata.stage }),
    ...(session.metadata?.orderId && { orderId: session.metadata.orderId }),
    ...(paymentIntentId && { paymentIntentId }),
    ...(chargeId && { chargeId }),
    ...(transaction && { feeCents: cents(transaction.fee) }),
    // A failed debit leaves the session complete and unpaid for good; its intent waits for another method that Checkout never asks.
    paymentFailed:
      session.status === 'complete' && session.payment_status === 'unpaid' && (intent?.status === 'requires_payment_method' || intent?.status === 'canceled'),
  };
}

function toConnectedAccount(account: Stripe.Account): ConnectedAccount {
  const currentlyDue = account.requirements?.currently_due ?? [];
  return {
    accountId: account.id,
    // Stripe's payouts_enabled alone lags the requirements: both must say the account can be paid.
    payoutsEnabled: account.payouts_enabled === true && account.capabilities?.transfers === 'active' && currentlyDue.length === 0,
    currentlyDue,
    detailsSubmitted: account.details_submitted === true,
    ...(account.metadata?.expertId && { expertId: account.metadata.expertId }),
    ...(account.metadata?.stage && { stage: account.metadata.stage }),
  };
}

/** The objects whose events the marketplace reads carry these in their metadata. */
function metadataOf(object: unknown): Record<string, string> {
  const metadata = (object as { metadata?: unknown }).metadata;
  return metadata && typeof metadata === 'object' ? Object.fromEntries(Object.entries(metadata).filter(([, value]) => typeof value === 'string')) : {};
}

function toPayout(payout: Stripe.Payout): Payout {
  return {
    payoutId: payout.id,
    amountCents: cents(payout.amount),
    status: payout.status as PayoutStatus,
    ...(payout.failure_message && { failureMessage: payout.failure_message }),
  };
}

export const stripeProvider: PaymentProvider = {
  createCheckout: (request) =>
    call('checkout.sessions.create', async (api) => {
      const metadata = { stage: config.stage, orderId: request.orderId, orderNumber: String(request.orderNumber) };
      const session = await api.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: request.amountCents, product_data: { name: request.productName } } }],
          // Separate charges and transfers: the charge is the platform's; the expert's share is transferred on approval.
          payment_intent_data: { transfer_group: transferGroupOf(request.orderId), metadata },
          metadata,
          client_reference_id: request.orderId,
          ...(request.customerEmail && { customer_email: request.customerEmail }),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toCheckoutSession(session);
    }),

  getCheckout: (sessionId) =>
    call('checkout.sessions.retrieve', async (api) =>
      // The charge's balance transaction says what the provider kept of it (its fee).
      toCheckoutSession(await api.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge.balance_transaction'] })),
    ),

  expireCheckout: (sessionId) =>
    call('checkout.sessions.expire', async (api) => {
      try {
        return toCheckoutSession(await api.checkout.sessions.expire(sessionId, { expand: ['payment_intent'] }));
      } catch (error) {
        // No longer open (completed or expired meanwhile): what it is now decides.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return toCheckoutSession(await api.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));
        throw error;
      }
    }),

  refund: (request) =>
    call('refunds.create', async (api) => {
      const refund = await api.refunds.create(
        {
          payment_intent: request.paymentIntentId,
          amount: request.amountCents,
          metadata: { stage: config.stage, orderId: request.orderId, operation: request.operation },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundId: refund.id, amountCents: cents(refund.amount) };
    }),

  findRefund: (paymentIntentId, operation) =>
    call('refunds.list', async (api) => {
      for await (const refund of api.refunds.list({ payment_intent: paymentIntentId, limit: 100 }))
        if (refund.metadata?.operation === operation && refund.status !== 'failed' && refund.status !== 'canceled')
          return { refundId: refund.id, amountCents: cents(refund.amount) };
      return undefined;
    }),

  createConnectedAccount: (request) =>
    call('accounts.create', async (api) =>
      toConnectedAccount(
        await api.accounts.create(
          {
            type: 'express',
            email: request.email,
            capabilities: { transfers: { requested: true } },
            // Withdrawals are payouts an admin approves (docs/payouts.md): nothing leaves on Stripe's schedule.
            settings: { payouts: { schedule: { interval: 'manual' } } },
            metadata: { stage: config.stage, expertId: request.expertId, operation: request.operation },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      ),
    ),

  findConnectedAccount: (operation, since) =>
    call('accounts.list', async (api) => {
      for await (const account of api.accounts.list({ limit: 100, created: createdSince(since) }))
        if (account.metadata?.operation === operation) return toConnectedAccount(account);
      return undefined;
    }),

  getConnectedAccount: (accountId) => call('accounts.retrieve', async (api) => toConnectedAccount(await api.accounts.retrieve(accountId))),

  onboardingLink: (accountId, urls) =>
    call('accountLinks.create', async (api) => {
      const link = await api.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: urls.returnUrl, refresh_url: urls.refreshUrl });
      return link.url;
    }),

  loginLink: (accountId) => call('accounts.createLoginLink', async (api) => (await api.accounts.createLoginLink(accountId)).url),

  transfer: (request) =>
    call('transfers.create', async (api) => {
      const transfer = await api.transfers.create(
        {
          amount: request.amountCents,
          currency: 'eur',
          destination: request.destinationAccountId,
          source_transaction: request.sourceChargeId,
          transfer_group: transferGroupOf(request.orderId),
          metadata: { stage: config.stage, orderId: request.orderId, operation: request.operation },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { transferId: transfer.id, amountCents: cents(transfer.amount) };
    }),

  findTransfer: (orderId, operation) =>
    call('transfers.list', async (api) => {
      for await (const transfer of api.transfers.list({ transfer_group: transferGroupOf(orderId), limit: 100 }))
        if (transfer.metadata?.operation === operation) return { transferId: transfer.id, amountCents: cents(transfer.amount) };
      return undefined;
    }),

  payout: (request) =>
    call('payouts.create', async (api) => {
      try {
        return toPayout(
          await api.payouts.create(
            {
              amount: request.amountCents,
              currency: 'eur',
              metadata: { stage: config.stage, withdrawalId: request.withdrawalId, expertId: request.expertId, operation: request.operation },
            },
            { stripeAccount: request.accountId, idempotencyKey: request.idempotencyKey },
          ),
        );
      } catch (error) {
        // Not enough funds in the account, payouts not allowed: the business's answer, not an outage.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripePermissionError)
          throw new ProviderRefusal(error.message, error.code);
        throw error;
      }
    }),

  findPayout: (accountId, operation, since) =>
    call('payouts.list', async (api) => {
      for await (const payout of api.payouts.list({ limit: 100, created: createdSince(since) }, { stripeAccount: accountId }))
        if (payout.metadata?.operation === operation) return toPayout(payout);
      return undefined;
    }),

  getPayout: (accountId, payoutId) => call('payouts.retrieve', async (api) => toPayout(await api.payouts.retrieve(payoutId, {}, { stripeAccount: accountId }))),

  getDispute: (disputeId) =>
    call('disputes.retrieve', async (api) => {
      const dispute = await api.disputes.retrieve(disputeId, { expand: ['payment_intent'] });
      const intent = typeof dispute.payment_intent === 'object' ? dispute.payment_intent : undefined;
      const metadata = metadataOf(intent);
      return {
        disputeId: dispute.id,
        status: dispute.status === 'won' || dispute.status === 'warning_closed' ? 'won' : dispute.status === 'lost' ? 'lost' : 'open',
        amountCents: cents(dispute.amount),
        feeCents: cents(dispute.balance_transactions.reduce((sum, transaction) => sum + (transaction.amount < 0 ? transaction.fee : 0), 0)),
        chargeId: typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id,
        ...(metadata.stage && { stage: metadata.stage }),
        ...(metadata.orderId && { orderId: metadata.orderId }),
      };
    }),

  reverseTransfer: (request) =>
    call('transfers.createReversal', async (api) => {
      try {
        const reversal = await api.transfers.createReversal(
          request.transferId,
          { amount: request.amountCents, metadata: { stage: config.stage, orderId: request.orderId, operation: request.operation } },
          { idempotencyKey: request.idempotencyKey },
        );
        return { reversalId: reversal.id, amountCents: cents(reversal.amount) };
      } catch (error) {
        // More than is left of the transfer, or than the connected account holds: the business's answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new ProviderRefusal(error.message, error.code);
        throw error;
      }
    }),

  findReversal: (transferId, operation) =>
    call('transfers.listReversals', async (api) => {
      for await (const reversal of api.transfers.listReversals(transferId, { limit: 100 }))
        if (reversal.metadata?.operation === operation) return { reversalId: reversal.id, amountCents: cents(reversal.amount) };
      return undefined;
    }),

  chargeRefunds: (chargeId) =>
    call('charges.retrieve', async (api) => {
      const charge = await api.charges.retrieve(chargeId, { expand: ['refunds', 'payment_intent'] });
      const metadata = metadataOf(typeof charge.payment_intent === 'object' ? charge.payment_intent : undefined);
      const refunds = (charge.refunds?.data ?? []).filter((refund) => refund.status === 'succeeded' || refund.status === 'pending');
      return {
        ...(metadata.stage && { stage: metadata.stage }),
        ...(metadata.orderId && { orderId: metadata.orderId }),
        refunds: refunds.map((refund) => ({
          refundId: refund.id,
          amountCents: cents(refund.amount),
          ...(refund.metadata?.stage && { stage: refund.metadata.stage }),
        })),
      };
    }),

  transferReversals: (transferId) =>
    call('transfers.listReversals', async (api) => {
      const reversals: { reversalId: string; amountCents: Cents; stage?: string }[] = [];
      for await (const reversal of api.transfers.listReversals(transferId, { limit: 100 }))
        reversals.push({ reversalId: reversal.id, amountCents: cents(reversal.amount), ...(reversal.metadata?.stage && { stage: reversal.metadata.stage }) });
      return reversals;
    }),

  chargeAvailability: (chargeId) =>
    call('charges.retrieve', async (api) => {
      const charge = await api.charges.retrieve(chargeId, { expand: ['balance_transaction'] });
      const transaction = charge.balance_transaction;
      if (!transaction || typeof transaction === 'string') throw new Error(`Charge ${chargeId} has no balance transaction`);
      return { availableOn: new Date(transaction.available_on * 1000), available: transaction.status === 'available' };
    }),

  async verifyEvent(rawBody, signature) {
    if (!signature) return undefined;
    const [api, secrets] = await Promise.all([stripe(), getSecret('STRIPE_WEBHOOK_SECRET')]);
    // The platform's endpoint and the Connect endpoint each sign with a secret of their own: both are kept, comma-separated.
    let event: Stripe.Event | undefined;
    for (const secret of secrets.split(',').map((part) => part.trim())) {
      try {
        event = await api.webhooks.constructEventAsync(rawBody, signature, secret);
        break;
      } catch {
        // Not this endpoint's secret; the next, if any.
      }
    }
    if (!event) return undefined;
    const object = event.data.object as { id?: string };
    return { eventId: event.id, type: event.type, objectId: object.id ?? '', metadata: metadataOf(object), ...(event.account && { accountId: event.account }) };
  },

  // Reconciliation ----------------------------------------------------------------------------------

  balance: (accountId) =>
    call('balance.retrieve', async (api) => {
      const balance = await api.balance.retrieve({}, accountId ? { stripeAccount: accountId } : {});
      // The marketplace holds euros only: another currency's funds are none of its ledger's.
      const eur = (funds: { amount: number; currency: string }[]) =>
        cents(funds.filter((each) => each.currency === 'eur').reduce((sum, each) => sum + each.amount, 0));
      return { availableCents: eur(balance.available), pendingCents: eur(balance.pending) };
    }),

  payoutsTotal: (accountId, statuses) =>
    call('payouts.list', async (api) => {
      let total = 0;
      for (const status of statuses)
        for await (const payout of api.payouts.list({ status, limit: 100 }, accountId ? { stripeAccount: accountId } : {}))
          if (payout.currency === 'eur') total += payout.amount;
      return cents(total);
    }),
};
