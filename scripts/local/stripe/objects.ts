/**
 * The local Stripe's records, and the API objects rendered from them. Every object starts as a deep
 * copy of Stripe's own example of it (fixtures.json, from Stripe's OpenAPI repository), so it has
 * every field the real API returns; the fields this server knows are then written over it.
 */
import { randomBytes } from 'node:crypto';
import fixtures from './fixtures.json';

export type StripeObject = Record<string, unknown>;
export type Metadata = Record<string, string>;
export type PaymentMethodType = 'card' | 'sepa_debit';

export interface CheckoutSessionRecord {
  id: string;
  created: number;
  expiresAt: number;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  currency: string;
  lineItems: { name: string; unitAmount: number; quantity: number }[];
  amountTotal: number;
  metadata: Metadata;
  clientReferenceId: string | null;
  customerEmail: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  paymentIntentData: { transferGroup: string | null; metadata: Metadata };
  paymentIntentId: string | null;
}

export interface PaymentIntentRecord {
  id: string;
  created: number;
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  paymentMethodType: PaymentMethodType;
  paymentMethodId: string;
  transferGroup: string | null;
  metadata: Metadata;
  latestChargeId: string | null;
  failureMessage: string | null;
  clientSecret: string;
}

export interface ChargeRecord {
  id: string;
  created: number;
  amount: number;
  currency: string;
  paymentIntentId: string;
  paymentMethodType: PaymentMethodType;
  paymentMethodId: string;
  transferGroup: string | null;
  metadata: Metadata;
  balanceTransactionId: string;
  refundIds: string[];
  amountRefunded: number;
}

export interface RefundRecord {
  id: string;
  created: number;
  amount: number;
  currency: string;
  chargeId: string;
  paymentIntentId: string;
  reason: string | null;
  metadata: Metadata;
  balanceTransactionId: string;
}

export interface AccountRecord {
  id: string;
  created: number;
  type: string;
  country: string;
  email: string | null;
  metadata: Metadata;
  requestedCapabilities: string[];
  /** Onboarding completed: details submitted, charges and payouts enabled. */
  onboarded: boolean;
  onboardedAt: number | null;
}

export interface AccountLinkRecord {
  token: string;
  accountId: string;
  refreshUrl: string;
  returnUrl: string;
  created: number;
  expiresAt: number;
  used: boolean;
}

export interface TransferRecord {
  id: string;
  created: number;
  amount: number;
  currency: string;
  destination: string;
  destinationPaymentId: string;
  transferGroup: string | null;
  sourceTransaction: string | null;
  metadata: Metadata;
  balanceTransactionId: string;
}

type FixtureName = keyof typeof fixtures.resources;

const fixture = (name: FixtureName): StripeObject => structuredClone(fixtures.resources[name]) as StripeObject;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random letters and digits, as in Stripe's ids (a byte modulo 62 is skewed a little, which does not matter here). */
export function randomToken(length: number): string {
  return Array.from(randomBytes(length), (byte) => BASE62[byte % 62]).join('');
}

/** An id such as Stripe's: `pi_3Pgaf…` (24 characters after the prefix); checkout sessions have longer ones. */
export const stripeId = (prefix: string) => (prefix === 'cs_test' ? `cs_test_a1${randomToken(56)}` : `${prefix}_${randomToken(24)}`);

export const unixSeconds = (ms: number) => Math.floor(ms / 1000);

/** Euros as Stripe words them in its messages: €1,234.50. */
export const formatEuros = (cents: number) => `€${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function checkoutSessionObject(session: CheckoutSessionRecord, appUrl: string): StripeObject {
  const paid = session.status === 'complete';
  return Object.assign(fixture('checkout.session'), {
    id: session.id,
    created: session.created,
    expires_at: session.expiresAt,
    status: session.status,
    payment_status: session.paymentStatus,
    currency: session.currency,
    amount_subtotal: session.amountTotal,
    amount_total: session.amountTotal,
    metadata: { ...session.metadata },
    client_reference_id: session.clientReferenceId,
    customer_email: session.customerEmail,
    customer_details: paid
      ? { ...(fixture('checkout.session').customer_details as StripeObject), email: session.customerEmail ?? 'jenny.rosen@example.com', name: 'Jenny Rosen' }
      : null,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    payment_intent: session.paymentIntentId,
    payment_method_types: ['card', 'sepa_debit'],
    // Stripe gives the URL only while the session can be paid.
    url: session.status === 'open' ? `${appUrl}/_local/payments/checkout/${session.id}` : null,
    after_expiration: null,
    collected_information: null,
    currency_conversion: null,
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    invoice_creation: {
      enabled: false,
      invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null },
    },
    payment_method_configuration_details: null,
    shipping_address_collection: null,
    shipping_cost: null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  });
}

export function paymentIntentObject(intent: PaymentIntentRecord): StripeObject {
  const succeeded = intent.status === 'succeeded';
  return Object.assign(fixture('payment_intent'), {
    id: intent.id,
    created: intent.created,
    amount: intent.amount,
    amount_received: succeeded ? intent.amount : 0,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.clientSecret,
    latest_charge: intent.latestChargeId,
    transfer_group: intent.transferGroup,
    metadata: { ...intent.metadata },
    payment_method: intent.paymentMethodId,
    payment_method_types: [intent.paymentMethodType],
    processing: intent.status === 'processing' ? { type: intent.paymentMethodType } : null,
    last_payment_error: intent.failureMessage
      ? { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: intent.failureMessage, decline_code: 'generic_decline' }
      : null,
    canceled_at: null,
    next_action: null,
    transfer_data: null,
    payment_method_configuration_details: null,
  });
}

export function chargeObject(charge: ChargeRecord, refunds: RefundRecord[], appUrl: string): StripeObject {
  const base = fixture('charge');
  const cardDetails = (base.payment_method_details as StripeObject).card;
  return Object.assign(base, {
    id: charge.id,
    created: charge.created,
    amount: charge.amount,
    amount_captured: charge.amount,
    amount_refunded: charge.amountRefunded,
    refunded: charge.amountRefunded === charge.amount,
    captured: true,
    paid: true,
    status: 'succeeded',
    currency: charge.currency,
    description: null,
    payment_intent: charge.paymentIntentId,
    payment_method: charge.paymentMethodId,
    payment_method_details:
      charge.paymentMethodType === 'card'
        ? { type: 'card', card: cardDetails }
        : {
            type: 'sepa_debit',
            sepa_debit: { bank_code: '37040044', branch_code: null, country: 'DE', fingerprint: 'M3xQqfZCxGvJbVl7', last4: '3000', mandate: 'mandate_local' },
          },
    transfer_group: charge.transferGroup,
    metadata: { ...charge.metadata },
    balance_transaction: charge.balanceTransactionId,
    outcome: { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
    receipt_url: `${appUrl}/_local/payments#${charge.id}`,
    refunds: listObject(refunds.map(refundObject), `/v1/charges/${charge.id}/refunds`),
    source: null,
    transfer_data: null,
  });
}

export function refundObject(refund: RefundRecord): StripeObject {
  return Object.assign(fixture('refund'), {
    id: refund.id,
    created: refund.created,
    amount: refund.amount,
    currency: refund.currency,
    charge: refund.chargeId,
    payment_intent: refund.paymentIntentId,
    reason: refund.reason,
    metadata: { ...refund.metadata },
    balance_transaction: refund.balanceTransactionId,
    status: 'succeeded',
  });
}

/** Until onboarding is done, what Stripe asks of a new Express account in its requirements. */
const ONBOARDING_DUE = ['business_profile.url', 'external_account', 'individual.dob.day', 'individual.first_name', 'tos_acceptance.date'];

export function accountObject(account: AccountRecord): StripeObject {
  const base = fixture('account');
  const due = account.onboarded ? [] : ONBOARDING_DUE;
  return Object.assign(base, {
    id: account.id,
    created: account.created,
    type: account.type,
    country: account.country,
    default_currency: 'eur',
    email: account.email,
    metadata: { ...account.metadata },
    details_submitted: account.onboarded,
    charges_enabled: account.onboarded,
    payouts_enabled: account.onboarded,
    capabilities: Object.fromEntries(account.requestedCapabilities.map((capability) => [capability, account.onboarded ? 'active' : 'inactive'])),
    controller: {
      type: 'application',
      is_controller: true,
      fees: { payer: 'application' },
      losses: { payments: 'application' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: account.type === 'express' ? 'express' : 'full' },
    },
    requirements: {
      ...(base.requirements as StripeObject),
      currently_due: due,
      eventually_due: due,
      past_due: due,
      disabled_reason: account.onboarded ? null : 'requirements.past_due',
    },
    external_accounts: listObject([], `/v1/accounts/${account.id}/external_accounts`),
    tos_acceptance: { date: account.onboardedAt, ip: account.onboarded ? '127.0.0.1' : null, user_agent: null },
  });
}

export function accountLinkObject(link: AccountLinkRecord, appUrl: string): StripeObject {
  return Object.assign(fixture('account_link'), {
    created: link.created,
    expires_at: link.expiresAt,
    url: `${appUrl}/_local/payments/onboarding/${link.token}`,
  });
}

export function loginLinkObject(accountId: string, created: number, appUrl: string): StripeObject {
  return Object.assign(fixture('login_link'), { created, url: `${appUrl}/_local/payments/express/${accountId}` });
}

export function transferObject(transfer: TransferRecord): StripeObject {
  return Object.assign(fixture('transfer'), {
    id: transfer.id,
    created: transfer.created,
    amount: transfer.amount,
    currency: transfer.currency,
    destination: transfer.destination,
    destination_payment: transfer.destinationPaymentId,
    transfer_group: transfer.transferGroup,
    source_transaction: transfer.sourceTransaction,
    metadata: { ...transfer.metadata },
    balance_transaction: transfer.balanceTransactionId,
    reversals: listObject([], `/v1/transfers/${transfer.id}/reversals`),
  });
}

/** The platform's balance. Every charge is available at once, as with Stripe's 4000 0000 0000 0077 test card. */
export function balanceObject(availableCents: number): StripeObject {
  return Object.assign(fixture('balance'), {
    available: [{ amount: availableCents, currency: 'eur', source_types: { card: availableCents } }],
    pending: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
    connect_reserved: [{ amount: 0, currency: 'eur' }],
  });
}

export function eventObject(fields: {
  id: string;
  type: string;
  created: number;
  object: StripeObject;
  previousAttributes?: StripeObject;
  request: { id: string | null; idempotency_key: string | null };
  pendingWebhooks: number;
}): StripeObject {
  return Object.assign(fixture('event'), {
    id: fields.id,
    type: fields.type,
    created: fields.created,
    api_version: API_VERSION,
    data: { object: fields.object, ...(fields.previousAttributes && { previous_attributes: fields.previousAttributes }) },
    livemode: false,
    pending_webhooks: fields.pendingWebhooks,
    request: fields.request,
  });
}

/** The version the stripe package in use is pinned to (its ApiVersion), which events are rendered in. */
export const API_VERSION = '2026-10-28.endive';

export function listObject(data: StripeObject[], url: string, hasMore = false): StripeObject {
  return { object: 'list', data, has_more: hasMore, url };
}
