/**
 * What other contexts ask of payments: checkouts and refunds at the provider, the ledger's entries
 * and balances, verified provider events (processed once), and the experts' payout accounts. The
 * provider is the port's one adapter; the orders context decides when money moves, this one how.
 */
import { type Cents, cents } from '../../../shared/money';
import { MSG } from '../../../shared/texts';
import { config } from '../../platform/config';
import { nowIso } from '../../platform/clock';
import { BadRequest } from '../../platform/errors';
import { logger } from '../../platform/logger';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import { connectedAccountOf, debtOf, earnedBy, heldFor, expertAccount } from './ledger';
import { ledgerLineKey } from '../../platform/keys';
import * as attempts from './attempt-repository';
import * as ledger from './ledger-repository';
import {
  type ConnectedAccount,
  type ConnectedAccountRequest,
  type MoneyMove,
  type PaymentProvider,
  type PayoutRequest,
  type ProviderEvent,
  ProviderServerError,
  type RefundRequest,
  type ReversalRequest,
  type TransferRequest,
} from './provider';
import { stripeProvider } from './stripe-provider';

export {
  creditedTo,
  type DisputeMoney,
  disputeLostEntry,
  disputeOpenedEntry,
  disputeWonEntry,
  earnedBy,
  externalReversalEntry,
  heldFor,
  heldRefundEntry,
  outsideRefundEntry,
  paymentEntry,
  payoutPaidEntry,
  platformFeeOf,
  reversalEntry,
  reversalFailedEntry,
  settlementEntries,
  settlementEntry,
  transferEntry,
  withdrawalRequestedEntry,
  withdrawalReturnedEntry,
} from './ledger';

const provider: PaymentProvider = stripeProvider;

export { ProviderRefusal, ProviderServerError } from './provider';
export type { Dispute, ProviderEvent } from './provider';

export const createCheckout = provider.createCheckout;
export const getCheckout = provider.getCheckout;
export const expireCheckout = provider.expireCheckout;
export const chargeAvailability = provider.chargeAvailability;
export const getPayout = provider.getPayout;
export const getDispute = provider.getDispute;

/** The key of an operation's attempt: its own name first, then the name and the attempt's number. */
const attemptKey = (operation: string, attempt: number) => (attempt === 0 ? operation : `${operation}-attempt-${attempt + 1}`);

/**
 * A money move at the provider, made once however often it is retried (decision 279). The
 * provider is first asked whether the move was made already (its metadata names the operation):
 * Stripe keeps an idempotency key 24 hours, and a move made then left unrecorded for longer (an
 * answer lost, the record's write failed, the provider down for a day) would run again under its
 * key. Its first key is the operation's name, so a retry after a network failure or a timeout
 * replays whatever happened. A server error is saved under its key and replayed for 24 hours, so
 * after one the provider is asked again; only if the move is not there is the next attempt taken,
 * by a conditional write, and tried with a key of its own: of two retries meeting the same error,
 * one moves on and the other answers 503.
 */
async function moveOnce<R extends MoneyMove, T>(
  request: Omit<R, 'idempotencyKey'>,
  make: (request: R) => Promise<T>,
  find: () => Promise<T | undefined>,
): Promise<T> {
  const found = await find();
  if (found) return found;
  const attempt = await attempts.currentAttempt(request.operation);
  try {
    return await make({ ...request, idempotencyKey: attemptKey(request.operation, attempt) } as R);
  } catch (error) {
    if (!(error instanceof ProviderServerError)) throw error;
    const made = await find();
    if (made) return made;
    if (!(await attempts.claimNextAttempt(request.operation, attempt, nowIso()))) throw error;
    logger.warn('A money move tries again under a new key', { operation: request.operation, attempt: attempt + 1 });
    return make({ ...request, idempotencyKey: attemptKey(request.operation, attempt + 1) } as R);
  }
}

export const refund = (request: Omit<RefundRequest, 'idempotencyKey'>) =>
  moveOnce(request, provider.refund, () => provider.findRefund(request.paymentIntentId, request.operation));
export const transfer = (request: Omit<TransferRequest, 'idempotencyKey'>) =>
  moveOnce(request, provider.transfer, () => provider.findTransfer(request.orderId, request.operation));
export const payout = (request: Omit<PayoutRequest, 'idempotencyKey'>) =>
  moveOnce(request, provider.payout, () => provider.findPayout(request.accountId, request.operation, request.requestedAt));
export const reverseTransfer = (request: Omit<ReversalRequest, 'idempotencyKey'>) =>
  moveOnce(request, provider.reverseTransfer, () => provider.findReversal(request.transferId, request.operation));
export const transferReversals = provider.transferReversals;
export const chargeRefunds = provider.chargeRefunds;

/** The writes recording ledger entries (with their accounts' running totals), for the transaction of the change they record. */
export const ledgerWrites = ledger.entryWrites;
export const getLedgerEntry = ledger.getEntry;

export { expertBalances, expertStatement } from './balance-service';

/** What an order's credit gave its expert (after the fee, the debt it settled included); undefined before the order is credited. */
export async function creditOf(orderId: string, expertId: string): Promise<Cents | undefined> {
  const credit = await ledger.getEntry(`credit:${orderId}`);
  return credit && earnedBy(expertId, credit);
}

/** What the platform holds for an order (its payment, less any refund), in cents. */
export const heldBy = async (orderId: string): Promise<Cents> => cents(-(await ledger.totalOf(heldFor(orderId))) + 0);

/** What the expert owes the platform (disputes, refused reversals), in cents: settled first from their next credits. */
export const expertDebt = (expertId: string): Promise<Cents> => ledger.totalOf(debtOf(expertId));

/**
 * Of a transfer to an expert's connected account, what is still there, first in, first out: the
 * account's total less what arrived after it, at most the transfer. Read by the holding-limit
 * deadlines only: it reads the account's lines since the transfer.
 */
export async function stillHeld(expertId: string, transfer: { transferId: string; at: string; amountCents: Cents }): Promise<Cents> {
  const account = connectedAccountOf(expertId);
  const [total, later] = await Promise.all([
    ledger.totalOf(account),
    ledger.inflowAfter(account, ledgerLineKey(account, transfer.at, `transfer:${transfer.transferId}`, 0).sk),
  ]);
  return cents(Math.max(0, Math.min(transfer.amountCents, total - later)));
}

/**
 * The platform's fee kept from each of these orders' credits (`credit:<order>`), for those credited
 * so far: one BatchGetItem of their entries, whatever the fee's percent was then.
 */
export async function creditFeesOf(orderIds: string[]): Promise<Map<string, Cents>> {
  const entries = await ledger.entriesOf(orderIds.map((orderId) => `credit:${orderId}`));
  return new Map(
    entries.map((entry) => [
      entry.entryId.slice('credit:'.length),
      cents(-entry.lines.filter((line) => line.account === 'platform_fees').reduce((sum, line) => sum + line.amountCents, 0) + 0),
    ]),
  );
}

/** The platform's fees earned from the day `from` up to the day `to` (excluded): its fee lines are negative, a fee given back positive. */
export const platformFeesBetween = async (from: string, to: string): Promise<Cents> => cents(-(await ledger.sumBetween('platform_fees', from, to)) + 0);

/** What all experts owe the platform now (the platform's exposure), in cents: one running total, kept with the debts. */
export const debtsTotal = ledger.debtsTotal;

/** What each of the expert's credits since `from` earned them, with its time: the earnings per month. */
export const creditsSince = (expertId: string, from: string) => ledger.creditsSince(expertAccount(expertId, 'pending'), from);

/** The expert's credits, newest first, a page at a time. */
export const creditsOf = (expertId: string, limit: number, before?: string) => ledger.creditLinesOf(expertAccount(expertId, 'pending'), limit, before);

/** The event a webhook delivered, verified on its raw body; a bad signature is a 400 and changes nothing. */
export async function verifiedEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
  const event = await provider.verifyEvent(rawBody, signature);
  if (!event) throw new BadRequest(MSG.invalidSignature, 'invalid_signature');
  return event;
}

/** Whether an event concerns this stage: stages may share one Stripe account; metadata names the stage. */
export const isOfThisStage = (event: ProviderEvent): boolean => event.metadata.stage === config.stage;

export const markEventProcessed = ledger.markEventProcessed;
export const isEventProcessed = ledger.isEventProcessed;

// Payout accounts ---------------------------------------------------------------------------------

const onboardingUrls = () => ({ returnUrl: `${config.appUrl}/create?stripe=success`, refreshUrl: `${config.appUrl}/create?stripe=failed` });

/** The expert's connected account: created once (one operation per expert, then a conditional record). */
async function payoutAccountOf(expert: AccountRecord): Promise<string> {
  if (expert.payoutAccountId) return expert.payoutAccountId;
  const operation = `payout-account-${expert.userId}`;
  const created = await moveOnce<ConnectedAccountRequest, ConnectedAccount>(
    { operation, expertId: expert.userId, email: expert.email },
    provider.createConnectedAccount,
    () => provider.findConnectedAccount(operation, expert.createdAt),
  );
  return accounts.recordPayoutAccount(expert.userId, created.accountId);
}

/** Starts (or resumes) payout onboarding: the provider's page to send the expert to. */
export async function onboard(expert: AccountRecord): Promise<{ url: string }> {
  return { url: await provider.onboardingLink(await payoutAccountOf(expert), onboardingUrls()) };
}

/** A fresh onboarding link for an account that still owes details. */
export const accountLink = onboard;

/** The provider's dashboard for an expert whose account is set up; onboarding while details are still due. */
export async function loginLink(expert: AccountRecord): Promise<{ url: string }> {
  if (!expert.payoutAccountId) return onboard(expert);
  const account = await provider.getConnectedAccount(expert.payoutAccountId);
  if (!account.detailsSubmitted) return onboard(expert);
  return { url: await provider.loginLink(account.accountId) };
}

/** Whether the expert can be paid, and what the provider still needs, read from the provider. */
export async function payoutStatus(expert: AccountRecord): Promise<{ payouts_enabled: boolean; currentlyDue: string[] }> {
  if (!expert.payoutAccountId) return { payouts_enabled: false, currentlyDue: [] };
  const account = await provider.getConnectedAccount(expert.payoutAccountId);
  await recordPayoutStatus(account);
  return { payouts_enabled: account.payoutsEnabled, currentlyDue: account.currentlyDue };
}

async function recordPayoutStatus(account: ConnectedAccount): Promise<void> {
  if (account.expertId && account.stage === config.stage) await accounts.setPayoutsEnabled(account.expertId, account.accountId, account.payoutsEnabled);
}

/** account.updated: the account as the provider holds it now (events may arrive out of order). */
export async function payoutAccountChanged(event: ProviderEvent): Promise<void> {
  await recordPayoutStatus(await provider.getConnectedAccount(event.objectId));
}
