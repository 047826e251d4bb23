/**
 * Where the money goes once it is in: transfers to connected accounts (tied to their charge with
 * `source_transaction` or drawn on the available balance), their reversals, payouts from connected
 * accounts to their bank, disputes on charges, and the balances and balance transactions all of
 * these leave, for the platform and each connected account. What Stripe does later (funds
 * settling, payouts reaching the bank, issuers deciding disputes, automatic payouts) happens when
 * the app's clock gets there (`runDue`). Every refusal is Stripe's, with its code where Stripe
 * gives one.
 */
import { type BalanceTransactionInput, createBalances } from './balances';
import { invalidRequest, noSuch, StripeError } from './errors';
import {
  type AccountRecord,
  type BalanceOwner,
  type BalanceTransactionRecord,
  balanceObject,
  balanceTransactionObject,
  type ChargeRecord,
  DEFAULT_PAYOUT_SCHEDULE,
  type DisputeOutcome,
  type DisputeRecord,
  disputeObject,
  formatEuros,
  type Metadata,
  type PayoutRecord,
  type PayoutSchedule,
  type RefundRecord,
  payoutObject,
  type StripeObject,
  stripeId,
  type TransferRecord,
  type TransferReversalRecord,
  transferObject,
  transferReversalObject,
} from './objects';
import type { Emit, EventRequest } from './events';

/** How long, by the app's clock, what Stripe does later takes here. Stripe's own take days. */
export interface Delays {
  /** From a charge to its funds being available (Stripe: a 2-day rolling basis, 7 days for a first payment in France). */
  settlementSeconds: number;
  /** From a payout to its arrival at the bank (`paid`); it is `in_transit` after a minute, or half of this if shorter. */
  payoutSeconds: number;
  /** From a dispute to the issuer's decision (Stripe: weeks; its test cards: minutes). */
  disputeSeconds: number;
}

/** npm start's and the tests': short enough to watch, and the test clock gets past them at once. */
export const DEFAULT_DELAYS: Delays = { settlementSeconds: 5 * 60, payoutSeconds: 5 * 60, disputeSeconds: 10 * 60 };

/** What Stripe takes from the platform for a dispute (card networks' fee, $15.00 or its local equivalent): kept even when the dispute is won. */
export const DISPUTE_FEE = 1500;

/** Stripe's payout failure codes this local Stripe can fail a payout with, and the messages it gives. */
export const PAYOUT_FAILURES: Record<string, string> = {
  could_not_process: 'The bank could not process this payout.',
  account_closed: 'The bank account has been closed.',
  account_frozen: 'The bank account has been frozen.',
  bank_account_restricted: 'The bank account has restrictions on either the type, or the number, of payouts allowed.',
  declined: 'The bank has declined this transfer.',
  invalid_account_number: 'The bank account details on file are probably incorrect.',
  no_account: 'The bank account details on file are probably incorrect. No bank account could be located with those details.',
};

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** What happens without an API call (Stripe's `request` null in such events). */
const AUTOMATIC: EventRequest = { id: null, idempotency_key: null };

export interface TransferInput {
  amount: number;
  currency: string;
  destination: string;
  transferGroup: string | null;
  sourceTransaction: string | null;
  description: string | null;
  metadata: Metadata;
}

export interface PayoutInput {
  amount: number;
  currency: string;
  description: string | null;
  statementDescriptor: string | null;
  destination: string | null;
  metadata: Metadata;
}

/** A metadata change as Stripe's updates take it: each key set, or unset by an empty value; all unset by an empty metadata. */
export type MetadataUpdate = Record<string, string> | '' | undefined;

/** What the rest of the ledger shares with the funds. */
export interface FundsContext {
  nowSeconds(): number;
  emit: Emit;
  changed(): void;
  delays: Delays;
  charges: Map<string, ChargeRecord>;
  refunds: Map<string, RefundRecord>;
  accounts: Map<string, AccountRecord>;
  chargeObject(charge: ChargeRecord): StripeObject;
  records: {
    transfers?: TransferRecord[];
    reversals?: TransferReversalRecord[];
    payouts?: PayoutRecord[];
    disputes?: DisputeRecord[];
    balanceTransactions?: BalanceTransactionRecord[];
  };
}

export type Funds = ReturnType<typeof createFunds>;

export function createFunds(context: FundsContext) {
  const { nowSeconds, emit, changed, delays, charges, refunds, accounts } = context;
  const byId = <T extends { id: string }>(list: T[] = []) => new Map(list.map((record): [string, T] => [record.id, record]));
  // State kept before transfers could be reversed has neither their reversals nor amounts reversed.
  const transfers = byId<TransferRecord>(
    (context.records.transfers ?? []).map((transfer) => ({ reversalIds: [], amountReversed: 0, description: null, ...transfer })),
  );
  const reversals = byId(context.records.reversals);
  const payouts = byId(context.records.payouts);
  const disputes = byId(context.records.disputes);
  const balances = createBalances(context.records.balanceTransactions ?? [], nowSeconds);

  const transferObjectOf = (transfer: TransferRecord) =>
    transferObject(
      transfer,
      (transfer.reversalIds ?? []).map((id) => reversals.get(id) as TransferReversalRecord),
    );
  const disputeObjectOf = (dispute: DisputeRecord) =>
    disputeObject(
      dispute,
      dispute.balanceTransactionIds.map((id) => balances.get(id) as BalanceTransactionRecord),
    );
  const balanceOf = (owner: BalanceOwner) => balanceObject(balances.totals(owner), owner === null);

  function found<T>(map: Map<string, T>, id: string, kind: string, param?: string): T {
    const record = map.get(id);
    if (!record) throw noSuch(kind, id, param);
    return record;
  }

  /** Stripe's balance.available, for each balance whose pending funds just became available. */
  function announceAvailable(owners: BalanceOwner[]): void {
    for (const owner of owners) emit('balance.available', balanceOf(owner), AUTOMATIC, undefined, owner ?? undefined);
  }

  if (context.records.balanceTransactions === undefined) backfill(context.records.transfers ?? []);

  /**
   * State kept before balances were: its charges, refunds and transfers get the balance transactions
   * they always named, available since they were made (the local Stripe then made every charge
   * available at once).
   */
  function backfill(oldTransfers: TransferRecord[]): void {
    const past = (created: number) => ({ created, availableOn: created });
    const made: BalanceTransactionInput[] = [
      ...[...charges.values()].map((charge) => ({
        ...past(charge.created),
        id: charge.balanceTransactionId,
        account: null,
        amount: charge.amount,
        type: 'charge',
        reportingCategory: 'charge',
        source: charge.id,
      })),
      ...[...refunds.values()].map((refund) => ({
        ...past(refund.created),
        id: refund.balanceTransactionId,
        account: null,
        amount: -refund.amount,
        type: 'refund',
        reportingCategory: 'refund',
        source: refund.id,
      })),
      ...oldTransfers.flatMap((transfer) => [
        {
          ...past(transfer.created),
          id: transfer.balanceTransactionId,
          account: null,
          amount: -transfer.amount,
          type: 'transfer',
          reportingCategory: 'transfer',
          source: transfer.id,
        },
        {
          ...past(transfer.created),
          account: transfer.destination,
          amount: transfer.amount,
          type: 'payment',
          reportingCategory: 'charge',
          source: transfer.destinationPaymentId,
        },
      ]),
    ];
    for (const transaction of made.sort((a, b) => a.created - b.created)) balances.add(transaction);
  }

  function accountOf(id: string): AccountRecord {
    const account = accounts.get(id);
    if (!account) throw noSuch('account', id, 'account');
    return account;
  }

  function makePayout(account: AccountRecord, input: PayoutInput, automatic: boolean, request: EventRequest): PayoutRecord {
    const created = nowSeconds();
    const id = stripeId('po');
    const transaction = balances.add({
      account: account.id,
      created,
      availableOn: created,
      amount: -input.amount,
      type: 'payout',
      reportingCategory: 'payout',
      source: id,
      description: input.description,
    });
    const payout: PayoutRecord = {
      ...input,
      id,
      account: account.id,
      created,
      arrivalDate: created + delays.payoutSeconds,
      inTransitAt: created + Math.min(60, Math.floor(delays.payoutSeconds / 2)),
      status: 'pending',
      automatic,
      destination: input.destination ?? account.bankAccountId ?? null,
      balanceTransactionId: transaction.id,
      failureBalanceTransactionId: null,
      failureCode: null,
      failureMessage: null,
    };
    payouts.set(payout.id, payout);
    emit('payout.created', payoutObject(payout), request, undefined, account.id);
    return payout;
  }

  function movePayout(payout: PayoutRecord, status: 'in_transit' | 'paid'): void {
    const previous = { status: payout.status };
    payout.status = status;
    emit('payout.updated', payoutObject(payout), AUTOMATIC, previous, payout.account);
    if (status === 'paid') emit('payout.paid', payoutObject(payout), AUTOMATIC, undefined, payout.account);
    changed();
  }

  function isPayoutDay(schedule: PayoutSchedule, now: number): boolean {
    const date = new Date(now * 1000);
    if (schedule.interval === 'weekly') return WEEKDAYS[date.getUTCDay()] === schedule.weeklyAnchor;
    if (schedule.interval === 'monthly') {
      const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      return date.getUTCDate() === Math.min(schedule.monthlyAnchor ?? 1, lastDay);
    }
    return schedule.interval === 'daily';
  }

  /** Accounts left on an automatic schedule are paid out their available balance once on each payout day, as Stripe does. */
  function automaticPayouts(): void {
    const now = nowSeconds();
    const today = new Date(now * 1000).toISOString().slice(0, 10);
    for (const account of accounts.values()) {
      const schedule = account.payoutSchedule ?? DEFAULT_PAYOUT_SCHEDULE;
      if (!account.onboarded || schedule.interval === 'manual' || account.lastAutomaticPayoutDay === today || !isPayoutDay(schedule, now)) continue;
      const { available } = balances.totals(account.id);
      if (available <= 0) continue;
      account.lastAutomaticPayoutDay = today;
      makePayout(
        account,
        { amount: available, currency: 'eur', description: 'STRIPE PAYOUT', statementDescriptor: null, destination: null, metadata: {} },
        true,
        AUTOMATIC,
      );
      changed();
    }
  }

  function decide(dispute: DisputeRecord, status: DisputeOutcome, request: EventRequest): void {
    const previous = { status: dispute.status };
    dispute.status = status;
    dispute.closedAt = nowSeconds();
    emit('charge.dispute.closed', disputeObjectOf(dispute), request, previous);
    if (status === 'won') {
      // The disputed amount comes back; the dispute fee does not (Stripe returns only a countering fee, which it does not charge here).
      const transaction = balances.add({
        account: null,
        created: dispute.closedAt,
        availableOn: dispute.closedAt,
        amount: dispute.amount,
        type: 'adjustment',
        reportingCategory: 'dispute_reversal',
        source: dispute.id,
        description: `Chargeback reversal for ${dispute.chargeId}`,
      });
      dispute.balanceTransactionIds.push(transaction.id);
      emit('charge.dispute.funds_reinstated', disputeObjectOf(dispute), request);
    }
    changed();
  }

  const sumOf = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

  return {
    /** What fell due since the last call: funds settle, payouts move on, issuers decide, automatic payouts go. */
    runDue(): void {
      const now = nowSeconds();
      const settled = balances.settleDue();
      if (settled.length > 0) {
        announceAvailable(settled);
        changed();
      }
      for (const payout of payouts.values()) {
        if (payout.status === 'pending' && payout.inTransitAt <= now) movePayout(payout, 'in_transit');
        if (payout.status === 'in_transit' && payout.arrivalDate <= now) movePayout(payout, 'paid');
      }
      for (const dispute of disputes.values()) if (dispute.status === 'needs_response' && dispute.decideAt <= now) decide(dispute, dispute.outcome, AUTOMATIC);
      automaticPayouts();
    },

    /** A charge's funds, pending until they settle; for the platform's balance. */
    chargeCollected(charge: ChargeRecord): void {
      balances.add({
        id: charge.balanceTransactionId,
        account: null,
        created: charge.created,
        availableOn: charge.created + delays.settlementSeconds,
        amount: charge.amount,
        type: 'charge',
        reportingCategory: 'charge',
        source: charge.id,
      });
    },

    /**
     * A refund leaves the platform's balance: from its pending funds while the charge's are still
     * pending (it settles with them), from the available ones otherwise.
     */
    refunded(charge: ChargeRecord, refund: { id: string; amount: number; balanceTransactionId: string; created: number }): void {
      const chargeTransaction = balances.get(charge.balanceTransactionId);
      balances.add({
        id: refund.balanceTransactionId,
        account: null,
        created: refund.created,
        availableOn: Math.max(refund.created, chargeTransaction?.status === 'pending' ? chargeTransaction.availableOn : 0),
        amount: -refund.amount,
        type: 'refund',
        reportingCategory: 'refund',
        source: refund.id,
      });
    },

    /** Stripe refuses to refund a charge that was charged back (unless the platform won the dispute). */
    assertRefundable(charge: ChargeRecord): void {
      const dispute = charge.disputeId ? disputes.get(charge.disputeId) : undefined;
      if (dispute && dispute.status !== 'won')
        throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, { code: 'charge_disputed' });
    },

    createTransfer(input: TransferInput, request: EventRequest): StripeObject {
      const destination = found(accounts, input.destination, 'destination', 'destination');
      if (!destination.onboarded || !destination.requestedCapabilities.includes('transfers'))
        throw invalidRequest(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
        );
      const created = nowSeconds();
      let availableOn = created;
      let transferGroup = input.transferGroup;
      if (input.sourceTransaction) {
        const charge = found(charges, input.sourceTransaction, 'charge', 'source_transaction');
        if (charge.currency !== input.currency)
          throw invalidRequest(
            `The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${input.currency})`,
            {
              param: 'currency',
            },
          );
        // The sum of the transfers from a charge may not exceed it (Stripe's own words, refunds not counted).
        const earlier = sumOf([...transfers.values()].filter((transfer) => transfer.sourceTransaction === charge.id).map((transfer) => transfer.amount));
        if (earlier + input.amount > charge.amount)
          throw invalidRequest(
            `Transfers using this transaction as a source must not exceed the source amount of ${formatEuros(charge.amount)}.${
              earlier > 0 ? ` (There is already a transfer using this source, amounting to ${formatEuros(earlier)}.)` : ''
            }`,
            { param: 'amount' },
          );
        // The transfer takes on the charge's pending status: its funds settle when the charge's do.
        const chargeTransaction = balances.get(charge.balanceTransactionId);
        if (chargeTransaction?.status === 'pending') availableOn = chargeTransaction.availableOn;
        // Stripe gives the transfer the charge's group, or makes one for both.
        if (!transferGroup) {
          if (!charge.transferGroup) {
            charge.transferGroup = `group_${charge.paymentIntentId}`;
            emit('charge.updated', context.chargeObject(charge), request, { transfer_group: null });
          }
          transferGroup = charge.transferGroup;
        }
      } else if (input.amount > balances.totals(null).available)
        throw invalidRequest(
          'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
          { code: 'balance_insufficient' },
        );
      const id = stripeId('tr');
      const destinationPaymentId = stripeId('py');
      const platformTransaction = balances.add({
        account: null,
        created,
        availableOn,
        amount: -input.amount,
        type: 'transfer',
        reportingCategory: 'transfer',
        source: id,
      });
      balances.add({
        account: destination.id,
        created,
        availableOn,
        amount: input.amount,
        type: 'payment',
        reportingCategory: 'charge',
        source: destinationPaymentId,
      });
      const transfer: TransferRecord = {
        ...input,
        transferGroup,
        id,
        created,
        destinationPaymentId,
        balanceTransactionId: platformTransaction.id,
        reversalIds: [],
        amountReversed: 0,
      };
      transfers.set(transfer.id, transfer);
      emit('transfer.created', transferObjectOf(transfer), request);
      changed();
      return transferObjectOf(transfer);
    },

    transfer(id: string): StripeObject {
      return transferObjectOf(found(transfers, id, 'transfer'));
    },

    /** Newest first, as Stripe lists them. */
    transfers(filter: { destination: string | null; transferGroup: string | null }): StripeObject[] {
      return [...transfers.values()]
        .filter(
          (transfer) =>
            (!filter.destination || transfer.destination === filter.destination) && (!filter.transferGroup || transfer.transferGroup === filter.transferGroup),
        )
        .reverse()
        .map(transferObjectOf);
    },

    updateTransfer(id: string, input: { description?: string | null; metadata: MetadataUpdate }, request: EventRequest): StripeObject {
      const transfer = found(transfers, id, 'transfer');
      const previous: StripeObject = {};
      if (input.description !== undefined && input.description !== transfer.description) {
        previous.description = transfer.description ?? null;
        transfer.description = input.description;
      }
      const metadata = updatedMetadata(transfer.metadata, input.metadata);
      if (metadata) {
        previous.metadata = transfer.metadata;
        transfer.metadata = metadata;
      }
      if (Object.keys(previous).length > 0) {
        emit('transfer.updated', transferObjectOf(transfer), request, previous);
        changed();
      }
      return transferObjectOf(transfer);
    },

    /**
     * Takes back some or all of a transfer: refused beyond what is left of it, and, as Stripe says,
     * unless the connected account's available balance covers it.
     */
    createReversal(transferId: string, input: { amount: number | null; metadata: Metadata }, request: EventRequest): StripeObject {
      const transfer = found(transfers, transferId, 'transfer');
      const left = transfer.amount - (transfer.amountReversed ?? 0);
      if (left === 0) throw invalidRequest(`The transfer ${transfer.id} is already fully reversed.`);
      const amount = input.amount ?? left;
      if (amount > left)
        throw invalidRequest(
          `Reversal amount (${formatEuros(amount)}) is greater than the amount left to reverse on transfer ${transfer.id} (${formatEuros(left)})`,
          {
            param: 'amount',
          },
        );
      const { available } = balances.totals(transfer.destination);
      if (amount > available)
        throw invalidRequest(
          `Insufficient funds in the destination account (${transfer.destination}) to reverse this transfer: its available balance is ${formatEuros(available)}, the reversal ${formatEuros(amount)}.`,
          { code: 'balance_insufficient', param: 'amount' },
        );
      const created = nowSeconds();
      const id = stripeId('trr');
      const destinationPaymentRefundId = stripeId('pyr');
      const platformTransaction = balances.add({
        account: null,
        created,
        availableOn: created,
        amount,
        type: 'transfer_refund',
        reportingCategory: 'transfer_reversal',
        source: id,
      });
      const destinationTransaction = balances.add({
        account: transfer.destination,
        created,
        availableOn: created,
        amount: -amount,
        type: 'payment_refund',
        reportingCategory: 'refund',
        source: destinationPaymentRefundId,
      });
      const reversal: TransferReversalRecord = {
        id,
        created,
        amount,
        currency: transfer.currency,
        transferId: transfer.id,
        metadata: input.metadata,
        balanceTransactionId: platformTransaction.id,
        destinationPaymentRefundId,
        destinationBalanceTransactionId: destinationTransaction.id,
      };
      reversals.set(reversal.id, reversal);
      const before = transferObjectOf(transfer);
      transfer.reversalIds = [...(transfer.reversalIds ?? []), reversal.id];
      transfer.amountReversed = (transfer.amountReversed ?? 0) + amount;
      const after = transferObjectOf(transfer);
      const previous: StripeObject = { amount_reversed: before.amount_reversed, reversals: before.reversals };
      if (before.reversed !== after.reversed) previous.reversed = before.reversed;
      emit('transfer.reversed', after, request, previous);
      changed();
      return transferReversalObject(reversal);
    },

    reversal(transferId: string, id: string): StripeObject {
      const transfer = found(transfers, transferId, 'transfer', 'transfer');
      const reversal = reversals.get(id);
      if (!reversal || reversal.transferId !== transfer.id) throw noSuch('transfer_reversal', id);
      return transferReversalObject(reversal);
    },

    reversals(transferId: string): StripeObject[] {
      const transfer = found(transfers, transferId, 'transfer');
      return [...(transfer.reversalIds ?? [])].reverse().map((id) => transferReversalObject(reversals.get(id) as TransferReversalRecord));
    },

    balance(owner: BalanceOwner): StripeObject {
      return balanceOf(owner);
    },

    balanceTransaction(owner: BalanceOwner, id: string): StripeObject {
      const transaction = balances.get(id);
      if (!transaction || transaction.account !== owner) throw noSuch('balance transaction', id);
      return balanceTransactionObject(transaction);
    },

    /** An account's balance transactions, newest first, narrowed as Stripe's list parameters say. */
    balanceTransactions(
      owner: BalanceOwner,
      filter: { type: string | null; source: string | null; currency: string | null; created: (seconds: number) => boolean },
    ): StripeObject[] {
      return balances
        .list(owner)
        .filter(
          (transaction) =>
            (!filter.type || transaction.type === filter.type) &&
            (!filter.source || transaction.source === filter.source) &&
            (!filter.currency || transaction.currency === filter.currency) &&
            filter.created(transaction.created),
        )
        .map(balanceTransactionObject);
    },

    createPayout(accountId: string, input: PayoutInput, request: EventRequest): StripeObject {
      const account = accountOf(accountId);
      if (!account.onboarded)
        throw invalidRequest(
          "Payouts have been disabled on the connected account. Check the connected account's status to see if any additional information needs to be provided, or if payouts have been disabled for another reason.",
          { code: 'payouts_not_allowed' },
        );
      if (input.destination && input.destination !== account.bankAccountId) throw noSuch('external account', input.destination, 'destination');
      if (input.amount > balances.totals(account.id).available)
        throw invalidRequest(
          'You have insufficient funds in your Stripe account for this transfer. Your card balance is too low.  You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).',
          { code: 'balance_insufficient', param: 'amount' },
        );
      const payout = makePayout(account, input, false, request);
      changed();
      return payoutObject(payout);
    },

    payout(accountId: string, id: string): StripeObject {
      const payout = payouts.get(id);
      if (!payout || payout.account !== accountId) throw noSuch('payout', id);
      return payoutObject(payout);
    },

    payouts(accountId: string, filter: { status: string | null }): StripeObject[] {
      return [...payouts.values()]
        .filter((payout) => payout.account === accountId && (!filter.status || payout.status === filter.status))
        .reverse()
        .map(payoutObject);
    },

    dispute(id: string): StripeObject {
      return disputeObjectOf(found(disputes, id, 'dispute'));
    },

    disputes(filter: { charge: string | null; paymentIntent: string | null }): StripeObject[] {
      return [...disputes.values()]
        .filter(
          (dispute) => (!filter.charge || dispute.chargeId === filter.charge) && (!filter.paymentIntent || dispute.paymentIntentId === filter.paymentIntent),
        )
        .reverse()
        .map(disputeObjectOf);
    },

    /** The platform accepts the dispute (POST /v1/disputes/{id}/close): lost at once. */
    closeDispute(id: string, request: EventRequest): StripeObject {
      const dispute = found(disputes, id, 'dispute');
      if (dispute.status !== 'needs_response') throw invalidRequest(`This dispute is already closed (its status is ${dispute.status}).`);
      decide(dispute, 'lost', request);
      return disputeObjectOf(dispute);
    },

    // The dashboard's controls: what happens outside the API.

    /** Every pending balance becomes available now. */
    settleAll(): void {
      announceAvailable(balances.settleAll());
      changed();
    },

    /** A change made to a balance outside the API (Stripe's dashboard allows such adjustments); null: the platform's. */
    adjust(owner: BalanceOwner, amount: number, description: string | null): StripeObject {
      if (owner !== null) accountOf(owner);
      const created = nowSeconds();
      const transaction = balances.add({
        account: owner,
        created,
        availableOn: created,
        amount,
        type: 'adjustment',
        reportingCategory: 'other_adjustment',
        source: null,
        description: description ?? 'Adjustment made in the dashboard',
      });
      changed();
      return balanceTransactionObject(transaction);
    },

    /** The bank returns a payout (even one it had said was paid, as Stripe warns): its amount comes back to the balance. */
    failPayout(id: string, failureCode: string): StripeObject {
      const payout = found(payouts, id, 'payout');
      if (payout.status === 'failed') throw new StripeError(409, { type: 'invalid_request_error', message: `Payout ${payout.id} has already failed.` });
      const now = nowSeconds();
      const transaction = balances.add({
        account: payout.account,
        created: now,
        availableOn: now,
        amount: payout.amount,
        type: 'payout_failure',
        reportingCategory: 'payout_reversal',
        source: payout.id,
        description: payout.description,
      });
      const previous = { status: payout.status, failure_code: null, failure_message: null, failure_balance_transaction: null };
      payout.status = 'failed';
      payout.failureCode = failureCode;
      payout.failureMessage = PAYOUT_FAILURES[failureCode];
      payout.failureBalanceTransactionId = transaction.id;
      emit('payout.updated', payoutObject(payout), AUTOMATIC, previous, payout.account);
      emit('payout.failed', payoutObject(payout), AUTOMATIC, undefined, payout.account);
      changed();
      return payoutObject(payout);
    },

    /**
     * The cardholder disputes a card charge: the disputed amount and the dispute fee leave the
     * platform's balance at once; the issuer decides `outcome` when the clock reaches `decideAt`,
     * or at once on `decideDispute`.
     */
    openDispute(chargeId: string, input: { outcome: DisputeOutcome; reason: string }): StripeObject {
      const charge = found(charges, chargeId, 'charge');
      const conflict = (message: string) => new StripeError(409, { type: 'invalid_request_error', message });
      if (charge.paymentMethodType !== 'card')
        throw conflict('This local Stripe disputes card payments only (a SEPA debit’s disputes are final and shaped otherwise).');
      if (charge.disputeId) throw conflict(`Charge ${charge.id} is already disputed (${charge.disputeId}).`);
      const amount = charge.amount - charge.amountRefunded;
      if (amount === 0) throw conflict(`Charge ${charge.id} is fully refunded: it can no longer be disputed.`);
      const created = nowSeconds();
      const id = stripeId('dp');
      const transaction = balances.add({
        account: null,
        created,
        availableOn: created,
        amount: -amount,
        fee: DISPUTE_FEE,
        feeDescription: 'Dispute fee',
        type: 'adjustment',
        reportingCategory: 'dispute',
        source: id,
        description: `Chargeback withdrawal for ${charge.id}`,
      });
      const dispute: DisputeRecord = {
        id,
        created,
        chargeId: charge.id,
        paymentIntentId: charge.paymentIntentId,
        paymentMethodType: charge.paymentMethodType,
        amount,
        currency: charge.currency,
        reason: input.reason,
        status: 'needs_response',
        outcome: input.outcome,
        decideAt: created + delays.disputeSeconds,
        evidenceDueBy: created + delays.disputeSeconds,
        balanceTransactionIds: [transaction.id],
        closedAt: null,
      };
      disputes.set(dispute.id, dispute);
      charge.disputeId = dispute.id;
      emit('charge.dispute.created', disputeObjectOf(dispute), AUTOMATIC);
      emit('charge.dispute.funds_withdrawn', disputeObjectOf(dispute), AUTOMATIC);
      changed();
      return disputeObjectOf(dispute);
    },

    /** The issuer decides now, as it was told to when the dispute was made. */
    decideDispute(id: string): StripeObject {
      const dispute = found(disputes, id, 'dispute');
      if (dispute.status !== 'needs_response')
        throw new StripeError(409, { type: 'invalid_request_error', message: `Dispute ${dispute.id} is already closed (${dispute.status}).` });
      decide(dispute, dispute.outcome, AUTOMATIC);
      return disputeObjectOf(dispute);
    },

    objectById(id: string): StripeObject | undefined {
      const transfer = transfers.get(id);
      if (transfer) return transferObjectOf(transfer);
      const reversal = reversals.get(id);
      if (reversal) return transferReversalObject(reversal);
      const payout = payouts.get(id);
      if (payout) return payoutObject(payout);
      const dispute = disputes.get(id);
      if (dispute) return disputeObjectOf(dispute);
      const transaction = balances.get(id);
      return transaction && balanceTransactionObject(transaction);
    },

    records() {
      return {
        transfers: [...transfers.values()],
        reversals: [...reversals.values()],
        payouts: [...payouts.values()],
        disputes: [...disputes.values()],
        balanceTransactions: balances.records(),
      };
    },

    /** For the dashboard: the balances of the platform (null) and of every connected account, and the records, newest first. */
    snapshot() {
      const newestFirst = <T extends { created: number }>(records: Iterable<T>) => [...records].reverse().sort((a, b) => b.created - a.created);
      const owners = [...new Set<BalanceOwner>([...balances.owners(), ...accounts.keys()])];
      return {
        balances: owners.map((owner) => ({ owner, ...balances.totals(owner) })),
        transfers: newestFirst(transfers.values()),
        reversals: newestFirst(reversals.values()),
        payouts: newestFirst(payouts.values()),
        disputes: newestFirst(disputes.values()),
        balanceTransactions: newestFirst(balances.records()),
      };
    },
  };
}

/** The metadata after an update, or undefined if it does not change. */
export function updatedMetadata(current: Metadata, update: MetadataUpdate): Metadata | undefined {
  if (update === undefined) return undefined;
  const next = update === '' ? {} : { ...current };
  if (update !== '')
    for (const [key, value] of Object.entries(update)) {
      if (value === '') delete next[key];
      else next[key] = value;
    }
  const same = Object.keys(next).length === Object.keys(current).length && Object.entries(next).every(([key, value]) => current[key] === value);
  return same ? undefined : next;
}
