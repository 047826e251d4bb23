/**
 * What the local Stripe knows and what it does: checkout sessions, payments, refunds, connected
 * accounts; and, in funds.ts, transfers, reversals, balances, payouts and disputes. Every change
 * happens at once (no awaits), so two requests never interleave, every change that Stripe announces
 * emits its event, and every change is told to `changed`, so that the records can be kept between
 * runs (state-file.ts).
 */
import { invalidRequest, missingParameter, noSuch } from './errors';
import { CUSTOMER_ACTION, type Emit, type EventRequest } from './events';
import { createFunds, DEFAULT_DELAYS, type Delays, type MetadataUpdate, updatedMetadata } from './funds';
import {
  type AccountLinkRecord,
  type AccountRecord,
  accountLinkObject,
  accountObject,
  type BalanceTransactionRecord,
  type ChargeRecord,
  type CheckoutSessionRecord,
  chargeObject,
  checkoutSessionObject,
  DEFAULT_PAYOUT_SCHEDULE,
  formatEuros,
  loginLinkObject,
  type DisputeRecord,
  type Metadata,
  type PaymentIntentRecord,
  type PayoutRecord,
  type PayoutSchedule,
  type PaymentMethodType,
  paymentIntentObject,
  type RefundRecord,
  randomToken,
  refundObject,
  type StripeObject,
  stripeId,
  type TransferRecord,
  type TransferReversalRecord,
  unixSeconds,
} from './objects';

export interface CheckoutSessionInput {
  currency: string;
  lineItems: { name: string; unitAmount: number; quantity: number }[];
  metadata: Metadata;
  clientReferenceId: string | null;
  customerEmail: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: number | null;
  paymentIntentData: { transferGroup: string | null; metadata: Metadata };
}

export interface RefundInput {
  paymentIntent: string | null;
  charge: string | null;
  amount: number | null;
  reason: string | null;
  metadata: Metadata;
}

export interface AccountInput {
  type: string;
  country: string;
  email: string | null;
  requestedCapabilities: string[];
  metadata: Metadata;
  /** settings[payouts][schedule] as given, over Stripe's default (daily). */
  payoutSchedule: PayoutScheduleInput | null;
}

export const PAYOUT_INTERVALS = ['daily', 'manual', 'monthly', 'weekly'] as const;

export type PayoutScheduleInput = Partial<PayoutSchedule>;

/** An account update (POST /v1/accounts/{id}): what is given changes, the rest stays. */
export interface AccountUpdate {
  email?: string | null;
  metadata: MetadataUpdate;
  /** The schedule's fields given, merged into the account's. */
  payoutSchedule?: PayoutScheduleInput;
}

const sameSchedule = (a: PayoutSchedule, b: PayoutSchedule) =>
  a.interval === b.interval && a.delayDays === b.delayDays && a.weeklyAnchor === b.weeklyAnchor && a.monthlyAnchor === b.monthlyAnchor;

/** A schedule with `input` over `base`; a weekly or monthly one needs its anchor, as Stripe's does. */
function scheduleWith(base: PayoutSchedule, input: PayoutScheduleInput): PayoutSchedule {
  const schedule = { ...base, ...input };
  if (schedule.interval !== 'weekly') delete schedule.weeklyAnchor;
  else if (!schedule.weeklyAnchor) throw missingParameter('settings[payouts][schedule][weekly_anchor]');
  if (schedule.interval !== 'monthly') delete schedule.monthlyAnchor;
  else if (!schedule.monthlyAnchor) throw missingParameter('settings[payouts][schedule][monthly_anchor]');
  return schedule;
}

/** Stripe's limits for a payment in euros. */
const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;
/** Stripe lets a checkout session live 30 minutes to 24 hours; 24 hours unless told. */
const MIN_SESSION_SECONDS = 30 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;
const ACCOUNT_LINK_SECONDS = 5 * 60;

export type Ledger = ReturnType<typeof createLedger>;

/** Everything the ledger holds, as plain records: what a restart starts from. */
export interface LedgerRecords {
  sessions: CheckoutSessionRecord[];
  intents: PaymentIntentRecord[];
  charges: ChargeRecord[];
  refunds: RefundRecord[];
  accounts: AccountRecord[];
  accountLinks: AccountLinkRecord[];
  transfers: TransferRecord[];
  /** Absent in state kept before balances, reversals, payouts and disputes were. */
  reversals?: TransferReversalRecord[];
  payouts?: PayoutRecord[];
  disputes?: DisputeRecord[];
  balanceTransactions?: BalanceTransactionRecord[];
}

export interface LedgerOptions {
  appUrl: string;
  now: () => number;
  emit: Emit;
  /** How long funds take to settle, payouts to arrive, disputes to be decided (DEFAULT_DELAYS's unless told). */
  delays?: Partial<Delays>;
  /** The records of an earlier run; none: an empty account, as Stripe's test mode starts. */
  records?: LedgerRecords;
  /** Called after every change. */
  changed?: () => void;
}

export function createLedger(options: LedgerOptions) {
  const { appUrl, emit, records } = options;
  const nowSeconds = () => unixSeconds(options.now());
  const changed = () => options.changed?.();
  const byId = <T extends { id: string }>(list: T[] = []) => new Map(list.map((record): [string, T] => [record.id, record]));
  const sessions = byId(records?.sessions);
  const intents = byId(records?.intents);
  const charges = byId(records?.charges);
  const refunds = byId(records?.refunds);
  // State kept before payouts: an onboarded account has the bank account it would have given.
  const accounts = byId<AccountRecord>((records?.accounts ?? []).map((account) => ({ bankAccountId: account.onboarded ? stripeId('ba') : null, ...account })));
  const accountLinks = new Map((records?.accountLinks ?? []).map((link): [string, AccountLinkRecord] => [link.token, link]));

  const sessionObject = (session: CheckoutSessionRecord) => checkoutSessionObject(session, appUrl);
  const chargeObjectOf = (charge: ChargeRecord) =>
    chargeObject(
      charge,
      charge.refundIds.map((id) => refunds.get(id) as RefundRecord),
      appUrl,
    );

  function found<T>(map: Map<string, T>, id: string, kind: string, param?: string): T {
    const record = map.get(id);
    if (!record) throw noSuch(kind, id, param);
    return record;
  }

  const funds = createFunds({
    nowSeconds,
    emit,
    changed,
    delays: { ...DEFAULT_DELAYS, ...options.delays },
    charges,
    refunds,
    accounts,
    chargeObject: chargeObjectOf,
    records: {
      transfers: records?.transfers,
      reversals: records?.reversals,
      payouts: records?.payouts,
      disputes: records?.disputes,
      balanceTransactions: records?.balanceTransactions,
    },
  });
  // State kept before balances was given what it lacked: kept as it is now, so that it stays the same.
  if (records && records.balanceTransactions === undefined) changed();

  function sessionToPay(id: string): CheckoutSessionRecord {
    const session = found(sessions, id, 'checkout.session', 'session');
    if (session.status !== 'open') throw invalidRequest('This Checkout Session is no longer active.');
    return session;
  }

  function expire(session: CheckoutSessionRecord, request: EventRequest): void {
    session.status = 'expired';
    emit('checkout.session.expired', sessionObject(session), request);
    changed();
  }

  /** The payment of a session: its intent, and its charge once the money is in. */
  function createPaymentIntent(session: CheckoutSessionRecord, paymentMethodType: PaymentMethodType): PaymentIntentRecord {
    const id = stripeId('pi');
    const intent: PaymentIntentRecord = {
      id,
      clientSecret: `${id}_secret_${randomToken(25)}`,
      created: nowSeconds(),
      amount: session.amountTotal,
      currency: session.currency,
      status: 'processing',
      paymentMethodType,
      paymentMethodId: stripeId('pm'),
      transferGroup: session.paymentIntentData.transferGroup,
      metadata: { ...session.paymentIntentData.metadata },
      latestChargeId: null,
      failureMessage: null,
    };
    intents.set(intent.id, intent);
    session.paymentIntentId = intent.id;
    emit('payment_intent.created', paymentIntentObject(intent), CUSTOMER_ACTION);
    return intent;
  }

  function collect(intent: PaymentIntentRecord): void {
    const charge: ChargeRecord = {
      id: stripeId('ch'),
      created: nowSeconds(),
      amount: intent.amount,
      currency: intent.currency,
      paymentIntentId: intent.id,
      paymentMethodType: intent.paymentMethodType,
      paymentMethodId: intent.paymentMethodId,
      transferGroup: intent.transferGroup,
      metadata: { ...intent.metadata },
      balanceTransactionId: stripeId('txn'),
      refundIds: [],
      amountRefunded: 0,
      disputeId: null,
    };
    charges.set(charge.id, charge);
    funds.chargeCollected(charge);
    intent.status = 'succeeded';
    intent.latestChargeId = charge.id;
    emit('charge.succeeded', chargeObjectOf(charge), CUSTOMER_ACTION);
    emit('payment_intent.succeeded', paymentIntentObject(intent), CUSTOMER_ACTION);
  }

  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

  return {
    createCheckoutSession(input: CheckoutSessionInput): StripeObject {
      const created = nowSeconds();
      const amountTotal = sum(input.lineItems.map((item) => item.unitAmount * item.quantity));
      if (amountTotal < MIN_AMOUNT)
        throw invalidRequest(`The Checkout Session's total amount due must add up to at least ${formatEuros(MIN_AMOUNT)} eur`, { code: 'amount_too_small' });
      if (amountTotal > MAX_AMOUNT)
        throw invalidRequest(`The Checkout Session's total amount due must be no more than ${formatEuros(MAX_AMOUNT)} eur`, { code: 'amount_too_large' });
      const expiresAt = input.expiresAt ?? created + MAX_SESSION_SECONDS;
      if (expiresAt < created + MIN_SESSION_SECONDS)
        throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', { param: 'expires_at' });
      if (expiresAt > created + MAX_SESSION_SECONDS)
        throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', { param: 'expires_at' });
      const session: CheckoutSessionRecord = {
        ...input,
        id: stripeId('cs_test'),
        created,
        expiresAt,
        status: 'open',
        paymentStatus: 'unpaid',
        amountTotal,
        paymentIntentId: null,
      };
      sessions.set(session.id, session);
      changed();
      return sessionObject(session);
    },

    checkoutSession(id: string): StripeObject {
      return sessionObject(found(sessions, id, 'checkout.session', 'session'));
    },

    /** The session as the hosted page shows it; undefined if there is none. */
    checkoutSessionRecord(id: string): Readonly<CheckoutSessionRecord> | undefined {
      return sessions.get(id);
    },

    expireCheckoutSession(id: string, request: EventRequest): StripeObject {
      const session = found(sessions, id, 'checkout.session', 'session');
      if (session.status !== 'open')
        throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`);
      expire(session, request);
      return sessionObject(session);
    },

    /**
     * What Stripe does on its own when its time comes, in the order it comes: open sessions expire,
     * funds settle, payouts reach the bank, issuers decide disputes, automatic payouts go.
     */
    runDue(): void {
      const now = nowSeconds();
      for (const session of sessions.values()) if (session.status === 'open' && session.expiresAt <= now) expire(session, CUSTOMER_ACTION);
      funds.runDue();
    },

    /** The customer paid by card on the hosted page: the money is in at once. */
    payByCard(id: string): CheckoutSessionRecord {
      const session = sessionToPay(id);
      const intent = createPaymentIntent(session, 'card');
      collect(intent);
      session.status = 'complete';
      session.paymentStatus = 'paid';
      emit('checkout.session.completed', sessionObject(session), CUSTOMER_ACTION);
      changed();
      return session;
    },

    /** The customer chose a SEPA debit: the session completes unpaid, the money comes (or not) later. */
    payByDebit(id: string): CheckoutSessionRecord {
      const session = sessionToPay(id);
      const intent = createPaymentIntent(session, 'sepa_debit');
      emit('payment_intent.processing', paymentIntentObject(intent), CUSTOMER_ACTION);
      session.status = 'complete';
      emit('checkout.session.completed', sessionObject(session), CUSTOMER_ACTION);
      changed();
      return session;
    },

    /** The outcome of a debit (payByDebit): undefined when the session is not waiting for one. */
    settleDebit(id: string, outcome: 'succeeded' | 'failed'): StripeObject | undefined {
      const session = found(sessions, id, 'checkout.session', 'session');
      const intent = session.paymentIntentId ? intents.get(session.paymentIntentId) : undefined;
      if (intent?.status !== 'processing') return undefined;
      if (outcome === 'succeeded') {
        collect(intent);
        session.paymentStatus = 'paid';
        emit('checkout.session.async_payment_succeeded', sessionObject(session), CUSTOMER_ACTION);
      } else {
        intent.status = 'requires_payment_method';
        intent.failureMessage = 'The customer’s bank account could not be debited.';
        emit('payment_intent.payment_failed', paymentIntentObject(intent), CUSTOMER_ACTION);
        emit('checkout.session.async_payment_failed', sessionObject(session), CUSTOMER_ACTION);
      }
      changed();
      return sessionObject(session);
    },

    paymentIntent(id: string): StripeObject {
      return paymentIntentObject(found(intents, id, 'payment_intent', 'intent'));
    },

    charge(id: string): StripeObject {
      return chargeObjectOf(found(charges, id, 'charge'));
    },

    refund(id: string): StripeObject {
      return refundObject(found(refunds, id, 'refund'));
    },

    /** Newest first, as Stripe lists them; of one payment intent or charge when asked. */
    refunds(filter: { paymentIntent: string | null; charge: string | null }): StripeObject[] {
      return [...refunds.values()]
        .filter((refund) => (!filter.paymentIntent || refund.paymentIntentId === filter.paymentIntent) && (!filter.charge || refund.chargeId === filter.charge))
        .reverse()
        .map(refundObject);
    },

    createRefund(input: RefundInput, request: EventRequest): StripeObject {
      const charge = input.charge ? found(charges, input.charge, 'charge', 'charge') : chargeOfIntent(input.paymentIntent as string);
      funds.assertRefundable(charge);
      const left = charge.amount - charge.amountRefunded;
      if (left === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
      const amount = input.amount ?? left;
      if (amount > left)
        throw invalidRequest(`Refund amount (${formatEuros(amount)}) is greater than unrefunded amount on charge (${formatEuros(left)})`, {
          code: 'amount_too_large',
          param: 'amount',
        });
      const refund: RefundRecord = {
        id: stripeId('re'),
        created: nowSeconds(),
        amount,
        currency: charge.currency,
        chargeId: charge.id,
        paymentIntentId: charge.paymentIntentId,
        reason: input.reason,
        metadata: input.metadata,
        balanceTransactionId: stripeId('txn'),
      };
      refunds.set(refund.id, refund);
      funds.refunded(charge, refund);
      const previous = { amount_refunded: charge.amountRefunded, refunded: false };
      charge.refundIds.push(refund.id);
      charge.amountRefunded += amount;
      emit('charge.refunded', chargeObjectOf(charge), request, previous);
      emit('refund.created', refundObject(refund), request);
      changed();
      return refundObject(refund);
    },

    createAccount(input: AccountInput): StripeObject {
      const { payoutSchedule, ...fields } = input;
      const account: AccountRecord = {
        ...fields,
        id: stripeId('acct'),
        created: nowSeconds(),
        onboarded: false,
        onboardedAt: null,
        payoutSchedule: scheduleWith(DEFAULT_PAYOUT_SCHEDULE, payoutSchedule ?? {}),
        bankAccountId: null,
        lastAutomaticPayoutDay: null,
      };
      accounts.set(account.id, account);
      changed();
      return accountObject(account);
    },

    account(id: string): StripeObject {
      return accountObject(found(accounts, id, 'account', 'account'));
    },

    /** The platform's connected accounts, newest first, as Stripe lists them. */
    accounts(): StripeObject[] {
      return [...accounts.values()].reverse().map(accountObject);
    },

    hasAccount(id: string): boolean {
      return accounts.has(id);
    },

    updateAccount(id: string, update: AccountUpdate, request: EventRequest): StripeObject {
      const account = found(accounts, id, 'account', 'account');
      const before = accountObject(account);
      // Checked before anything changes: a refused update changes nothing.
      const currentSchedule = account.payoutSchedule ?? DEFAULT_PAYOUT_SCHEDULE;
      const schedule = update.payoutSchedule && scheduleWith(currentSchedule, update.payoutSchedule);
      const metadata = updatedMetadata(account.metadata, update.metadata);
      const changedFields: string[] = [];
      if (update.email !== undefined && update.email !== account.email) {
        account.email = update.email;
        changedFields.push('email');
      }
      if (metadata) {
        account.metadata = metadata;
        changedFields.push('metadata');
      }
      if (schedule && !sameSchedule(schedule, currentSchedule)) {
        account.payoutSchedule = schedule;
        changedFields.push('settings');
      }
      if (changedFields.length > 0) {
        emit('account.updated', accountObject(account), request, Object.fromEntries(changedFields.map((field) => [field, before[field]])), account.id);
        changed();
      }
      return accountObject(account);
    },

    createAccountLink(input: { account: string; refreshUrl: string; returnUrl: string }): StripeObject {
      found(accounts, input.account, 'account', 'account');
      const created = nowSeconds();
      const link: AccountLinkRecord = {
        token: randomToken(24),
        accountId: input.account,
        refreshUrl: input.refreshUrl,
        returnUrl: input.returnUrl,
        created,
        expiresAt: created + ACCOUNT_LINK_SECONDS,
        used: false,
      };
      accountLinks.set(link.token, link);
      changed();
      return accountLinkObject(link, appUrl);
    },

    /** An onboarding link that can still be used, or the reason it cannot; undefined if there is no such link. */
    accountLink(token: string): { link: Readonly<AccountLinkRecord>; usable: boolean; account: Readonly<AccountRecord> } | undefined {
      const link = accountLinks.get(token);
      if (!link) return undefined;
      return { link, usable: !link.used && nowSeconds() < link.expiresAt, account: accounts.get(link.accountId) as AccountRecord };
    },

    /** Onboarding left, finished or not: an account link works once. */
    closeAccountLink(token: string, completed: boolean): void {
      const link = accountLinks.get(token) as AccountLinkRecord;
      link.used = true;
      const account = accounts.get(link.accountId) as AccountRecord;
      if (completed && !account.onboarded) {
        const before = accountObject(account);
        account.onboarded = true;
        account.onboardedAt = nowSeconds();
        account.bankAccountId = stripeId('ba');
        const previous = Object.fromEntries(
          ['details_submitted', 'charges_enabled', 'payouts_enabled', 'capabilities', 'requirements', 'external_accounts', 'tos_acceptance'].map((field) => [
            field,
            before[field],
          ]),
        );
        emit('account.updated', accountObject(account), CUSTOMER_ACTION, previous, account.id);
      }
      changed();
    },

    /** The connected account as its Express dashboard shows it; undefined if there is none. */
    accountRecord(id: string): Readonly<AccountRecord> | undefined {
      return accounts.get(id);
    },

    createLoginLink(accountId: string): StripeObject {
      const account = found(accounts, accountId, 'account', 'account');
      if (!account.onboarded) throw invalidRequest('Cannot create a login link for an account that has not completed onboarding.', { param: 'account' });
      return loginLinkObject(account.id, nowSeconds(), appUrl);
    },

    /** Any object by its id, for `expand[]`. */
    objectById(id: string): StripeObject | undefined {
      const session = sessions.get(id);
      if (session) return sessionObject(session);
      const intent = intents.get(id);
      if (intent) return paymentIntentObject(intent);
      const charge = charges.get(id);
      if (charge) return chargeObjectOf(charge);
      const refund = refunds.get(id);
      if (refund) return refundObject(refund);
      const account = accounts.get(id);
      if (account) return accountObject(account);
      return funds.objectById(id);
    },

    /** Everything it holds, for a later run to start from. */
    records(): LedgerRecords {
      return {
        sessions: [...sessions.values()],
        intents: [...intents.values()],
        charges: [...charges.values()],
        refunds: [...refunds.values()],
        accounts: [...accounts.values()],
        accountLinks: [...accountLinks.values()],
        ...funds.records(),
      };
    },

    /** Everything, newest first, for the dashboard. */
    snapshot() {
      const newestFirst = <T extends { created: number }>(records: Iterable<T>) => [...records].reverse().sort((a, b) => b.created - a.created);
      return {
        sessions: newestFirst(sessions.values()),
        accounts: newestFirst(accounts.values()),
        charges: newestFirst(charges.values()),
        refunds: newestFirst(refunds.values()),
        ...funds.snapshot(),
      };
    },

    // Transfers, reversals, balances, payouts, disputes, and the dashboard's controls over them.
    createTransfer: funds.createTransfer,
    transfer: funds.transfer,
    transfers: funds.transfers,
    updateTransfer: funds.updateTransfer,
    createReversal: funds.createReversal,
    reversal: funds.reversal,
    reversals: funds.reversals,
    balance: funds.balance,
    balanceTransaction: funds.balanceTransaction,
    balanceTransactions: funds.balanceTransactions,
    createPayout: funds.createPayout,
    payout: funds.payout,
    payouts: funds.payouts,
    dispute: funds.dispute,
    disputes: funds.disputes,
    closeDispute: funds.closeDispute,
    settleAll: funds.settleAll,
    adjust: funds.adjust,
    failPayout: funds.failPayout,
    openDispute: funds.openDispute,
    decideDispute: funds.decideDispute,
  };

  function chargeOfIntent(id: string): ChargeRecord {
    const intent = found(intents, id, 'payment_intent', 'payment_intent');
    const charge = intent.latestChargeId ? charges.get(intent.latestChargeId) : undefined;
    if (!charge) throw invalidRequest(`This PaymentIntent (${id}) does not have a successful charge to refund.`, { param: 'payment_intent' });
    return charge;
  }
}
