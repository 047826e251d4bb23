/**
 * The payment provider's port: what the marketplace asks of it, in its own words (cents, orders,
 * experts). Its one adapter speaks Stripe (stripe-provider.ts), to Stripe itself or to the local
 * Stripe of `npm start`; nothing else in the code knows Stripe's objects.
 */
import type { Cents } from '../../../shared/money';
import { ServiceUnavailable } from '../../platform/errors';
import { MSG } from '../../../shared/texts';

/**
 * What every money move at the provider carries (decision 279): its operation, named once from
 * the business event (`order-<id>-refund`), the same on every attempt and kept in the provider
 * object's metadata, where a retry finds it; and the key of this attempt, which `service.ts`
 * derives from the operation (a new one only after the provider failed under the last).
 */
export interface MoneyMove {
  operation: string;
  idempotencyKey: string;
}

export interface CheckoutRequest {
  /** Derived from the business event and its version, never random: a retry replays the same call. */
  idempotencyKey: string;
  amountCents: Cents;
  productName: string;
  /** Named in the payment's metadata and transfer group, so every provider object leads back to it. */
  orderId: string;
  orderNumber: number;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export type CheckoutStatus = 'open' | 'complete' | 'expired';
export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

export interface CheckoutSession {
  sessionId: string;
  url?: string;
  status: CheckoutStatus;
  paymentStatus: CheckoutPaymentStatus;
  amountCents: Cents;
  /** From the metadata: the stage and order the session was created for. */
  stage?: string;
  orderId?: string;
  paymentIntentId?: string;
  chargeId?: string;
  /** The provider's processing fee on the charge, once paid (Stripe's balance transaction). */
  feeCents?: Cents;
  /** Completed, but its payment failed (a bank debit refused): nothing will come of this session. */
  paymentFailed: boolean;
}

export interface RefundRequest extends MoneyMove {
  paymentIntentId: string;
  amountCents: Cents;
  orderId: string;
}

export interface Refund {
  refundId: string;
  amountCents: Cents;
}

/** An expert's payout account, created like a money move (decision 279): once, whatever fails. */
export interface ConnectedAccountRequest extends MoneyMove {
  expertId: string;
  email: string;
}

export interface ConnectedAccount {
  accountId: string;
  /** Payouts and transfers are possible: nothing is due and the transfers capability is active. */
  payoutsEnabled: boolean;
  /** What the provider still needs from the expert (Stripe's requirement names). */
  currentlyDue: string[];
  detailsSubmitted: boolean;
  /** From the metadata: the expert and stage the account was created for. */
  expertId?: string;
  stage?: string;
}

export interface TransferRequest extends MoneyMove {
  amountCents: Cents;
  destinationAccountId: string;
  /** The order's charge: the transfer's funds become available when the charge's do, never short. */
  sourceChargeId: string;
  orderId: string;
}

export interface Transfer {
  transferId: string;
  amountCents: Cents;
}

/** When a charge's funds (and those of the transfers it funds) are available, and whether they are now. */
export interface Availability {
  availableOn: Date;
  available: boolean;
}

/**
 * The provider answered a server error. Stripe saves that answer under the request's idempotency
 * key and replays it for 24 hours, so a retry with the same key cannot succeed: whoever retries
 * reads the provider's state first (decision 279). A 503 to the caller meanwhile.
 */
export class ProviderServerError extends ServiceUnavailable {
  constructor() {
    super(MSG.paymentsUnavailable, 'payments_unavailable');
  }
}

/** The provider refused a request for a reason of the business (not enough funds there, an account not payable): retrying will not help. */
export class ProviderRefusal extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface PayoutRequest extends MoneyMove {
  accountId: string;
  amountCents: Cents;
  withdrawalId: string;
  expertId: string;
  /** When the withdrawal was asked for (UTC ISO): its payout cannot be older. */
  requestedAt: string;
}

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

export interface Payout {
  payoutId: string;
  amountCents: Cents;
  status: PayoutStatus;
  /** Why it failed, as the provider says it. */
  failureMessage?: string;
}

/** A cardholder's dispute of a charge (a chargeback), as the provider holds it now. */
export interface Dispute {
  disputeId: string;
  /** Open while the card issuer decides; then won or lost. */
  status: 'open' | 'won' | 'lost';
  amountCents: Cents;
  /** The provider's dispute fee, kept even when the dispute is won. */
  feeCents: Cents;
  chargeId: string;
  /** From the payment's metadata: the stage and order the disputed payment was for. */
  stage?: string;
  orderId?: string;
}

export interface ReversalRequest extends MoneyMove {
  transferId: string;
  amountCents: Cents;
  orderId: string;
}

export interface Reversal {
  reversalId: string;
  amountCents: Cents;
}

/** A provider event, verified: its id (processed once), its type and the object it is about. */
export interface ProviderEvent {
  eventId: string;
  type: string;
  objectId: string;
  /** The object's metadata: stage, order or expert. */
  metadata: Record<string, string>;
  /** The connected account an event of a connected account is about (Connect events). */
  accountId?: string;
}

export interface PaymentProvider {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  getCheckout(sessionId: string): Promise<CheckoutSession>;
  /** Expires an open session; one no longer open is returned as it is. */
  expireCheckout(sessionId: string): Promise<CheckoutSession>;
  refund(request: RefundRequest): Promise<Refund>;
  /** The payment's refund made for this operation, under any attempt's key, if any. */
  findRefund(paymentIntentId: string, operation: string): Promise<Refund | undefined>;
  createConnectedAccount(request: ConnectedAccountRequest): Promise<ConnectedAccount>;
  /**
   * The connected account created for this operation, if any. Only those created since `createdSince`
   * (a UTC ISO instant, less a margin for clocks) are read: no expert's account predates their registration.
   */
  findConnectedAccount(operation: string, createdSince: string): Promise<ConnectedAccount | undefined>;
  getConnectedAccount(accountId: string): Promise<ConnectedAccount>;
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  loginLink(accountId: string): Promise<string>;
  /** Sends an expert's share of an order's charge to their connected account (separate charges and transfers). */
  transfer(request: TransferRequest): Promise<Transfer>;
  /** The order's transfer made for this operation, if any. */
  findTransfer(orderId: string, operation: string): Promise<Transfer | undefined>;
  chargeAvailability(chargeId: string): Promise<Availability>;
  /** Pays out from an expert's connected account to their bank (manual payouts). */
  payout(request: PayoutRequest): Promise<Payout>;
  /**
   * The connected account's payout made for this operation, if any. Only those created since
   * `createdSince` (less the same margin) are read: no withdrawal's payout predates its request.
   */
  findPayout(accountId: string, operation: string, createdSince: string): Promise<Payout | undefined>;
  getPayout(accountId: string, payoutId: string): Promise<Payout>;
  getDispute(disputeId: string): Promise<Dispute>;
  /** Takes (part of) a transfer back from the connected account; refused when the account no longer holds it. */
  reverseTransfer(request: ReversalRequest): Promise<Reversal>;
  /** The transfer's reversal made for this operation, if any. */
  findReversal(transferId: string, operation: string): Promise<Reversal | undefined>;
  /** A charge's refunds, with the stage and order its payment names; the marketplace's own refunds carry its stage. */
  chargeRefunds(chargeId: string): Promise<{ stage?: string; orderId?: string; refunds: { refundId: string; amountCents: Cents; stage?: string }[] }>;
  /** A transfer's reversals, and whether the marketplace made each (its metadata names the stage) or someone did elsewhere. */
  transferReversals(transferId: string): Promise<{ reversalId: string; amountCents: Cents; stage?: string }[]>;
  /** The event a webhook delivered, if its signature over the raw body holds; undefined otherwise. */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent | undefined>;

  // Reconciliation (docs/payouts.md) --------------------------------------------------------------
  /** The balance of the platform (no account id) or of a connected account, in EUR. */
  balance(accountId?: string): Promise<ProviderBalance>;
  /** The sum of the account's payouts (the platform's, with no account id) in these statuses, every page of them. */
  payoutsTotal(accountId: string | undefined, statuses: readonly PayoutStatus[]): Promise<Cents>;
}

/** A balance as the provider holds it: what can be paid out now, and what is still settling. */
export interface ProviderBalance {
  availableCents: Cents;
  pendingCents: Cents;
}
