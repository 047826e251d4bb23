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
  /** The dispute on it, if the cardholder disputed it (charge.disputed); absent in state kept before disputes. */
  disputeId?: string | null;
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
  /** settings.payouts.schedule; absent in state kept before payouts: Stripe's default, daily. */
  payoutSchedule?: PayoutSchedule;
  /** The bank account given at onboarding, where payouts go (external_accounts). */
  bankAccountId?: string | null;
  /** The day (YYYY-MM-DD, UTC) of its last automatic payout, for accounts on an automatic schedule. */
  lastAutomaticPayoutDay?: string | null;
}

export interface PayoutSchedule {
  interval: 'manual' | 'daily' | 'weekly' | 'monthly';
  delayDays: number;
  weeklyAnchor?: string;
  monthlyAnchor?: number;
}

export const DEFAULT_PAYOUT_SCHEDULE: PayoutSchedule = { interval: 'daily', delayDays: 2 };

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
  /** Absent in state kept before reversals: none, nothing reversed. */
  description?: string | null;
  reversalIds?: string[];
  amountReversed?: number;
}

export interface TransferReversalRecord {
  id: string;
  created: number;
  amount: number;
  currency: string;
  transferId: string;
  metadata: Metadata;
  /** The platform's balance transaction (transfer_refund). */
  balanceTransactionId: string;
  /** The refund of the destination payment on the connected account (pyr_…), and its balance transaction (payment_refund). */
  destinationPaymentRefundId: string;
  destinationBalanceTransactionId: string;
}

/** Whose balance a transaction moves: null for the platform's, else the connected account's id. */
export type BalanceOwner = string | null;

export interface BalanceTransactionRecord {
  id: string;
  account: BalanceOwner;
  created: number;
  /** When its net funds become available; they are pending until then. */
  availableOn: number;
  status: 'pending' | 'available';
  amount: number;
  /** Stripe's fee on it (positive), and what it is for ('Dispute fee'). */
  fee: number;
  feeDescription: string | null;
  currency: string;
  type: string;
  reportingCategory: string;
  source: string | null;
  description: string | null;
}

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed';

export interface PayoutRecord {
  id: string;
  /** The connected account it pays out from. */
  account: string;
  created: number;
  amount: number;
  currency: string;
  /** When the bank has it: `paid` then. */
  arrivalDate: number;
  /** When it is sent to the bank: `in_transit` then. */
  inTransitAt: number;
  status: PayoutStatus;
  automatic: boolean;
  description: string | null;
  statementDescriptor: string | null;
  metadata: Metadata;
  destination: string | null;
  balanceTransactionId: string;
  failureBalanceTransactionId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
}

export type DisputeOutcome = 'won' | 'lost';

export interface DisputeRecord {
  id: string;
  created: number;
  chargeId: string;
  paymentIntentId: string;
  paymentMethodType: PaymentMethodType;
  amount: number;
  currency: string;
  reason: string;
  status: 'needs_response' | DisputeOutcome;
  /** How the issuer will decide it (chosen when it is made), and when. */
  outcome: DisputeOutcome;
  decideAt: number;
  evidenceDueBy: number;
  balanceTransactionIds: string[];
  closedAt: number | null;
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
    disputed: Boolean(charge.disputeId),
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
    external_accounts: listObject(
      account.bankAccountId ? [bankAccountObject(account.id, account.bankAccountId)] : [],
      `/v1/accounts/${account.id}/external_accounts`,
    ),
    settings: {
      ...(base.settings as StripeObject),
      payouts: {
        ...((base.settings as StripeObject).payouts as StripeObject),
        schedule: payoutScheduleObject(account.payoutSchedule ?? DEFAULT_PAYOUT_SCHEDULE),
      },
    },
    tos_acceptance: { date: account.onboardedAt, ip: account.onboarded ? '127.0.0.1' : null, user_agent: null },
  });
}

function payoutScheduleObject(schedule: PayoutSchedule): StripeObject {
  return {
    delay_days: schedule.delayDays,
    interval: schedule.interval,
    ...(schedule.interval === 'weekly' && { weekly_anchor: schedule.weeklyAnchor }),
    ...(schedule.interval === 'monthly' && { monthly_anchor: schedule.monthlyAnchor }),
  };
}

/** The bank account an expert gives at onboarding: Stripe's French test IBAN (FR14 2004 1010 0505 0001 3M02 606). */
export function bankAccountObject(accountId: string, id: string): StripeObject {
  return Object.assign(fixture('bank_account'), {
    id,
    account: accountId,
    account_holder_name: null,
    account_holder_type: 'individual',
    bank_name: 'STRIPE TEST BANK',
    country: 'FR',
    currency: 'eur',
    default_for_currency: true,
    fingerprint: 'kzhEcDH4FkQoTw6G',
    last4: '2606',
    routing_number: null,
    status: 'new',
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

/** The transfer with its reversals, newest first: the object carries the 10 most recent, as Stripe's does. */
export function transferObject(transfer: TransferRecord, reversals: TransferReversalRecord[]): StripeObject {
  const amountReversed = transfer.amountReversed ?? 0;
  const newestFirst = [...reversals].reverse();
  return Object.assign(fixture('transfer'), {
    id: transfer.id,
    created: transfer.created,
    amount: transfer.amount,
    amount_reversed: amountReversed,
    reversed: amountReversed === transfer.amount,
    currency: transfer.currency,
    description: transfer.description ?? null,
    destination: transfer.destination,
    destination_payment: transfer.destinationPaymentId,
    transfer_group: transfer.transferGroup,
    source_transaction: transfer.sourceTransaction,
    source_type: 'card',
    metadata: { ...transfer.metadata },
    balance_transaction: transfer.balanceTransactionId,
    reversals: listObject(newestFirst.slice(0, 10).map(transferReversalObject), `/v1/transfers/${transfer.id}/reversals`, newestFirst.length > 10),
  });
}

export function transferReversalObject(reversal: TransferReversalRecord): StripeObject {
  return Object.assign(fixture('transfer_reversal'), {
    id: reversal.id,
    created: reversal.created,
    amount: reversal.amount,
    currency: reversal.currency,
    transfer: reversal.transferId,
    metadata: { ...reversal.metadata },
    balance_transaction: reversal.balanceTransactionId,
    destination_payment_refund: reversal.destinationPaymentRefundId,
    source_refund: null,
  });
}

/**
 * An account's balance: the platform's (with connect_reserved, which only the platform has) or a
 * connected account's, from the net of its balance transactions, pending or available.
 */
export function balanceObject(totals: { available: number; pending: number }, platform: boolean): StripeObject {
  const base = fixture('balance');
  if (!platform) delete base.connect_reserved;
  return Object.assign(base, {
    available: [{ amount: totals.available, currency: 'eur', source_types: { card: totals.available } }],
    pending: [{ amount: totals.pending, currency: 'eur', source_types: { card: totals.pending } }],
    ...(platform && { connect_reserved: [{ amount: 0, currency: 'eur' }] }),
  });
}

export function balanceTransactionObject(transaction: BalanceTransactionRecord): StripeObject {
  return Object.assign(fixture('balance_transaction'), {
    id: transaction.id,
    created: transaction.created,
    available_on: transaction.availableOn,
    status: transaction.status,
    amount: transaction.amount,
    fee: transaction.fee,
    fee_details:
      transaction.fee === 0
        ? []
        : [{ amount: transaction.fee, application: null, currency: transaction.currency, description: transaction.feeDescription, type: 'stripe_fee' }],
    net: transaction.amount - transaction.fee,
    currency: transaction.currency,
    type: transaction.type,
    reporting_category: transaction.reportingCategory,
    source: transaction.source,
    description: transaction.description,
    exchange_rate: null,
    balance_type: 'payments',
  });
}

export function payoutObject(payout: PayoutRecord): StripeObject {
  const underWay = payout.status === 'pending' || payout.status === 'in_transit';
  return Object.assign(fixture('payout'), {
    id: payout.id,
    created: payout.created,
    amount: payout.amount,
    currency: payout.currency,
    arrival_date: payout.arrivalDate,
    status: payout.status,
    automatic: payout.automatic,
    description: payout.description,
    statement_descriptor: payout.statementDescriptor,
    metadata: { ...payout.metadata },
    destination: payout.destination,
    balance_transaction: payout.balanceTransactionId,
    failure_balance_transaction: payout.failureBalanceTransactionId,
    failure_code: payout.failureCode,
    failure_message: payout.failureMessage,
    method: 'standard',
    type: 'bank_account',
    source_type: 'card',
    application_fee: null,
    application_fee_amount: null,
    original_payout: null,
    reversed_by: null,
    payout_method: null,
    // Stripe lists what an automatic payout paid out; a manual one is not reconciled that way.
    reconciliation_status: payout.automatic ? (underWay ? 'in_progress' : 'completed') : 'not_applicable',
    trace_id: { status: underWay ? 'pending' : 'unsupported', value: null },
  });
}

/** Visa's reason codes for Stripe's dispute reasons (what payment_method_details.card shows). */
const VISA_REASON_CODES: Record<string, string> = {
  fraudulent: '10.4',
  product_not_received: '13.1',
  subscription_canceled: '13.2',
  product_unacceptable: '13.3',
  general: '13.5',
  credit_not_processed: '13.6',
  duplicate: '12.6.1',
};

export const DISPUTE_REASONS = Object.keys(VISA_REASON_CODES);

export function disputeObject(dispute: DisputeRecord, transactions: BalanceTransactionRecord[]): StripeObject {
  const base = fixture('dispute');
  const won = dispute.status === 'won';
  return Object.assign(base, {
    id: dispute.id,
    created: dispute.created,
    amount: dispute.amount,
    currency: dispute.currency,
    charge: dispute.chargeId,
    payment_intent: dispute.paymentIntentId,
    reason: dispute.reason,
    status: dispute.status,
    balance_transactions: transactions.map(balanceTransactionObject),
    // A chargeback has already taken the money back: the charge can no longer be refunded.
    is_charge_refundable: false,
    evidence_details: {
      ...(base.evidence_details as StripeObject),
      due_by: dispute.evidenceDueBy,
      has_evidence: won,
      past_due: false,
      submission_count: won ? 1 : 0,
      enhanced_eligibility: {},
    },
    enhanced_eligibility_types: [],
    payment_method_details: {
      type: 'card',
      card: { brand: 'visa', case_type: 'chargeback', network_reason_code: VISA_REASON_CODES[dispute.reason] ?? null, network: 'visa' },
    },
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
  /** The connected account the event comes from, for Connect events. */
  account?: string;
}): StripeObject {
  return Object.assign(fixture('event'), {
    id: fields.id,
    ...(fields.account && { account: fields.account }),
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
