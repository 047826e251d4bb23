/**
 * The ledger: append-only double entry in integer cents. Every movement of money is one entry whose
 * lines sum to zero, keyed by the business event it records (a payment, an approval, a refund, a
 * transfer, a withdrawal, a payout), so that recording the same event twice is refused by a
 * conditional put. Balances are derived from the lines, never stored or edited; the per-order and
 * per-expert accounts also keep a running total written with the lines (docs/payouts.md).
 *
 * Accounts (a line's amount is positive where money arrives, negative where it comes from):
 * - provider_balance: what the platform holds at the payment provider;
 * - held:<orderId>: a student's payment, held for its order until it is credited or refunded;
 * - expert:<expertId>:<balance>: what the platform owes the expert, by state: pending (credited,
 *   not yet available at the provider), available (withdrawable), frozen (held by disputes),
 *   requested (withdrawals waiting for the admin or the payout);
 * - connected:<expertId>: what sits in the expert's connected account at the provider;
 * - debt:<expertId>: what the expert owes the platform (a lost dispute's share they were paid out
 *   already, a reversal the provider refused), settled first from their next credits;
 * - debt:<expertId>:disputed: what they would owe if their open disputes are lost (their share
 *   paid out already): owed only once a dispute is lost, so no credit settles it before;
 * - dispute:<disputeId>: a disputed amount the provider holds until the card issuer decides;
 * - platform_fees: the platform's fee on each credit;
 * - platform_losses: what the platform bears (dispute fees, lost disputes beyond the expert's share);
 * - provider_fees: the provider's processing fee on each payment (the platform's cost).
 * A payment is provider_balance +A, held −A: the provider holds A that the order owes out again,
 * to the student (a refund: held +R, provider_balance −R) or to the expert and the platform (a
 * credit: held +C, expert pending −(C − fee), platform_fees −fee).
 */
import * as z from 'zod/mini';
import { ORDER_RULES } from '../../../shared/limits';
import { type Cents, cents, shareOf } from '../../../shared/money';
import { config } from '../../platform/config';

/** The states of what the platform owes an expert, each an account of its own. */
export const EXPERT_BALANCES = ['pending', 'available', 'frozen', 'requested'] as const;
export type ExpertBalance = (typeof EXPERT_BALANCES)[number];

export type LedgerAccount =
  | 'provider_balance'
  | 'platform_fees'
  | 'platform_losses'
  | 'provider_fees'
  | `held:${string}`
  | `expert:${string}:${ExpertBalance}`
  | `connected:${string}`
  | `debt:${string}`
  | `dispute:${string}`;

export const heldFor = (orderId: string): LedgerAccount => `held:${orderId}`;
export const expertAccount = (expertId: string, balance: ExpertBalance): LedgerAccount => `expert:${expertId}:${balance}`;
export const connectedAccountOf = (expertId: string): LedgerAccount => `connected:${expertId}`;
export const debtOf = (expertId: string): LedgerAccount => `debt:${expertId}`;
export const disputedDebtOf = (expertId: string): LedgerAccount => `debt:${expertId}:disputed`;
const disputed = (disputeId: string): LedgerAccount => `dispute:${disputeId}`;

/**
 * The side an account may never cross, for the accounts that keep a running total: a liability
 * (held for an order, owed to an expert) never goes above zero, an asset (a connected account)
 * never below. Platform-wide accounts keep none: every payment would write the same item.
 */
export function totalSide(account: LedgerAccount): 'liability' | 'asset' | undefined {
  if (account.startsWith('held:') || account.startsWith('expert:')) return 'liability';
  if (account.startsWith('connected:') || account.startsWith('debt:')) return 'asset';
  return undefined;
}

export interface LedgerLine {
  account: LedgerAccount;
  amountCents: Cents;
}

export const LEDGER_ENTRY_KINDS = ['payment', 'credit', 'refund', 'transfer', 'settlement', 'withdrawal', 'payout', 'dispute', 'reversal'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export interface LedgerEntry {
  /** The business event it records, e.g. payment:<paymentIntentId>, credit:<orderId>: unique. */
  entryId: string;
  kind: LedgerEntryKind;
  /** The order it belongs to, for the entries of an order's money. */
  orderId?: string;
  /** The withdrawal it belongs to, for a withdrawal's entries. */
  withdrawalId?: string;
  /** For a credit, what the expert's earnings show of its order: its number and what the student paid. */
  orderNumber?: number;
  paidCents?: Cents;
  at: string;
  lines: LedgerLine[];
}

/** Whether the lines balance: double entry means every entry sums to zero. */
export const isBalanced = (lines: readonly LedgerLine[]): boolean => lines.reduce((sum, line) => sum + line.amountCents, 0) === 0;

function entry(
  entryId: string,
  kind: LedgerEntryKind,
  of: Pick<LedgerEntry, 'orderId' | 'withdrawalId' | 'orderNumber' | 'paidCents'>,
  at: string,
  lines: LedgerLine[],
): LedgerEntry {
  const kept = lines.filter((line) => line.amountCents !== 0);
  if (!isBalanced(kept)) throw new Error(`Unbalanced ledger entry ${entryId}`);
  return { entryId, kind, ...of, at, lines: kept };
}

/** Two lines: `amount` arrives at `plus` (+) and leaves `minus` (−). */
const twoLines = (plus: LedgerAccount, minus: LedgerAccount, amount: Cents): LedgerLine[] => [
  { account: plus, amountCents: amount },
  { account: minus, amountCents: cents(-amount) },
];

/** The platform's fee on a credit: a per-stage percent of it, rounded to the cent (half up). */
export function platformFeeOf(amount: Cents): Cents {
  const percent = Number(config.platformFeePercent ?? ORDER_RULES.platformFeePercent);
  return shareOf(amount, percent);
}

/**
 * A student's payment for an order, captured at the provider: held until the order ends. The
 * provider keeps its processing fee out of it at once: the platform's cost, never the order's.
 */
export const paymentEntry = (orderId: string, paymentIntentId: string, amount: Cents, at: string, providerFee: Cents = cents(0)) =>
  entry(`payment:${paymentIntentId}`, 'payment', { orderId }, at, [
    { account: 'provider_balance', amountCents: cents(amount - providerFee) },
    { account: 'provider_fees', amountCents: providerFee },
    { account: heldFor(orderId), amountCents: cents(-amount) },
  ]);

/**
 * An order's end with money: `refund` goes back to the student, the rest is credited to the expert,
 * less the platform's fee on that rest, and less what the expert owes (`debt`), which the credit
 * settles first. What was held for the order is released entirely.
 */
export function settlementEntries(
  order: { orderId: string; expertId: string; orderNumber?: number },
  held: Cents,
  refund: { amountCents: Cents; refundId?: string },
  at: string,
  debt: Cents = cents(0),
): LedgerEntry[] {
  const { refundId } = refund;
  const refundCents = refund.amountCents;
  if (refundCents < 0 || refundCents > held) throw new RangeError(`Refund ${refundCents} out of 0..${held}`);
  if (refundCents > 0 && !refundId) throw new Error('A refund is recorded with its provider id');
  const rest = cents(held - refundCents);
  const fee = platformFeeOf(rest);
  const entries: LedgerEntry[] = [];
  if (refundCents > 0) {
    entries.push(
      entry(`refund:${refundId}`, 'refund', { orderId: order.orderId }, at, [
        { account: heldFor(order.orderId), amountCents: refundCents },
        { account: 'provider_balance', amountCents: cents(-refundCents) },
      ]),
    );
  }
  if (rest > 0) {
    const repaid = cents(Math.min(debt, rest - fee));
    entries.push(
      entry(`credit:${order.orderId}`, 'credit', { orderId: order.orderId, orderNumber: order.orderNumber, paidCents: held }, at, [
        { account: heldFor(order.orderId), amountCents: rest },
        { account: expertAccount(order.expertId, 'pending'), amountCents: cents(-(rest - fee - repaid)) },
        { account: debtOf(order.expertId), amountCents: cents(-repaid) },
        { account: 'platform_fees', amountCents: cents(-fee) },
      ]),
    );
  }
  return entries;
}

/** The expert's share of an order, sent to their connected account: the platform's balance moves there. */
export const transferEntry = (orderId: string, expertId: string, transferId: string, amount: Cents, at: string) =>
  entry(`transfer:${transferId}`, 'transfer', { orderId }, at, twoLines(connectedAccountOf(expertId), 'provider_balance', amount));

/** A transfer's funds became available at the provider: the expert may withdraw them. */
export const settlementEntry = (orderId: string, expertId: string, transferId: string, amount: Cents, at: string) =>
  entry(`settled:${transferId}`, 'settlement', { orderId }, at, twoLines(expertAccount(expertId, 'pending'), expertAccount(expertId, 'available'), amount));

export interface WithdrawalMoney {
  withdrawalId: string;
  expertId: string;
  amountCents: Cents;
}

/** A withdrawal requested: its amount leaves what is available, until it is paid or given back. */
export const withdrawalRequestedEntry = (w: WithdrawalMoney, at: string) =>
  entry(
    `withdrawal:${w.withdrawalId}`,
    'withdrawal',
    { withdrawalId: w.withdrawalId },
    at,
    twoLines(expertAccount(w.expertId, 'available'), expertAccount(w.expertId, 'requested'), w.amountCents),
  );

/** A withdrawal rejected, or its payout failed: the amount is available again. */
export const withdrawalReturnedEntry = (w: WithdrawalMoney, reason: 'rejected' | 'failed', at: string) =>
  entry(
    `withdrawal:${w.withdrawalId}:${reason}`,
    'withdrawal',
    { withdrawalId: w.withdrawalId },
    at,
    twoLines(expertAccount(w.expertId, 'requested'), expertAccount(w.expertId, 'available'), w.amountCents),
  );

/** A withdrawal's payout reached the expert's bank: it leaves the connected account and what the platform owes. */
export const payoutPaidEntry = (w: WithdrawalMoney, payoutId: string, at: string) =>
  entry(
    `payout:${payoutId}`,
    'payout',
    { withdrawalId: w.withdrawalId },
    at,
    twoLines(expertAccount(w.expertId, 'requested'), connectedAccountOf(w.expertId), w.amountCents),
  );

/**
 * A dispute's money (docs/payouts.md): the disputed amount D and the provider's fee leave the
 * platform's balance (D is held by the provider until the issuer decides, the fee is a loss); the
 * expert's share of D (`frozenCents`) is frozen, taken from what is available to them
 * (`fromAvailableCents`) and, for what they were paid out already, recorded as what they would owe
 * if the dispute is lost.
 */
export interface DisputeMoney {
  disputeId: string;
  orderId: string;
  expertId: string;
  amountCents: Cents;
  feeCents: Cents;
  frozenCents: Cents;
  fromAvailableCents: Cents;
}

export const disputeOpenedEntry = (d: DisputeMoney, at: string) =>
  entry(`dispute:${d.disputeId}`, 'dispute', { orderId: d.orderId }, at, [
    { account: 'provider_balance', amountCents: cents(-(d.amountCents + d.feeCents)) },
    { account: disputed(d.disputeId), amountCents: d.amountCents },
    { account: 'platform_losses', amountCents: d.feeCents },
    { account: expertAccount(d.expertId, 'frozen'), amountCents: cents(-d.frozenCents) },
    { account: expertAccount(d.expertId, 'available'), amountCents: d.fromAvailableCents },
    { account: disputedDebtOf(d.expertId), amountCents: shortfallOf(d) },
  ]);

/** The expert's share they were paid out already, so could not be frozen from what is available. */
const shortfallOf = (d: DisputeMoney): Cents => cents(d.frozenCents - d.fromAvailableCents);

/**
 * A dispute won: the provider gives D back (not its fee), and the frozen share is the expert's
 * again: what was taken from the available balance is available again, and what they would have
 * owed is cancelled.
 */
export const disputeWonEntry = (d: DisputeMoney, at: string) =>
  entry(`dispute:${d.disputeId}:won`, 'dispute', { orderId: d.orderId }, at, [
    { account: 'provider_balance', amountCents: d.amountCents },
    { account: disputed(d.disputeId), amountCents: cents(-d.amountCents) },
    { account: expertAccount(d.expertId, 'frozen'), amountCents: d.frozenCents },
    { account: expertAccount(d.expertId, 'available'), amountCents: cents(-d.fromAvailableCents) },
    { account: disputedDebtOf(d.expertId), amountCents: cents(-shortfallOf(d)) },
  ]);

/**
 * A dispute lost: D is gone. The expert bears their share (the frozen amount is no longer owed to
 * them, and what they were paid out of it already becomes their debt), the platform the rest; what
 * is still in the connected account comes back by a reversal.
 */
export const disputeLostEntry = (d: DisputeMoney, at: string) =>
  entry(`dispute:${d.disputeId}:lost`, 'dispute', { orderId: d.orderId }, at, [
    { account: disputed(d.disputeId), amountCents: cents(-d.amountCents) },
    { account: expertAccount(d.expertId, 'frozen'), amountCents: d.frozenCents },
    { account: 'platform_losses', amountCents: cents(d.amountCents - d.frozenCents) },
    { account: disputedDebtOf(d.expertId), amountCents: cents(-shortfallOf(d)) },
    { account: debtOf(d.expertId), amountCents: shortfallOf(d) },
  ]);

/**
 * A refund made outside the marketplace (in the provider's dashboard) after the order's credit: R
 * leaves the platform's balance; the expert bears their share E of it (in proportion to what they
 * earned of the payment), from what is available to them (E′) and beyond it as their debt; the
 * platform bears the rest.
 */
export const outsideRefundEntry = (
  r: { orderId: string; expertId: string; refundId: string; amountCents: Cents; expertShareCents: Cents; fromAvailableCents: Cents },
  at: string,
) =>
  entry(`refund:${r.refundId}`, 'refund', { orderId: r.orderId }, at, [
    { account: 'provider_balance', amountCents: cents(-r.amountCents) },
    { account: 'platform_losses', amountCents: cents(r.amountCents - r.expertShareCents) },
    { account: expertAccount(r.expertId, 'available'), amountCents: r.fromAvailableCents },
    { account: debtOf(r.expertId), amountCents: cents(r.expertShareCents - r.fromAvailableCents) },
  ]);

/** A refund made outside the marketplace before the order's credit: it comes out of what the order holds. */
export const heldRefundEntry = (orderId: string, refundId: string, amount: Cents, at: string) =>
  entry(`refund:${refundId}`, 'refund', { orderId }, at, twoLines(heldFor(orderId), 'provider_balance', amount));

/** Funds taken back from the expert's connected account to the platform's balance. */
export const reversalEntry = (orderId: string, expertId: string, reversalId: string, amount: Cents, at: string) =>
  entry(`reversal:${reversalId}`, 'reversal', { orderId }, at, twoLines('provider_balance', connectedAccountOf(expertId), amount));

/**
 * A reversal made elsewhere (in the provider's dashboard): the funds came back from the connected
 * account, and the expert's claim shrinks by as much: from what is available to them, the rest as
 * their debt. The platform's gain offsets its losses.
 */
export const externalReversalEntry = (orderId: string, expertId: string, reversalId: string, amount: Cents, fromAvailable: Cents, at: string) =>
  entry(`reversal:${reversalId}`, 'reversal', { orderId }, at, [
    { account: 'provider_balance', amountCents: amount },
    { account: connectedAccountOf(expertId), amountCents: cents(-amount) },
    { account: expertAccount(expertId, 'available'), amountCents: fromAvailable },
    { account: debtOf(expertId), amountCents: cents(amount - fromAvailable) },
    { account: 'platform_losses', amountCents: cents(-amount) },
  ]);

/** A reversal the provider refused (the funds left the connected account meanwhile): the expert owes them. */
export const reversalFailedEntry = (orderId: string, expertId: string, key: string, amount: Cents, at: string) =>
  entry(`reversal:${key}:failed`, 'reversal', { orderId }, at, twoLines(debtOf(expertId), connectedAccountOf(expertId), amount));

/** What entries credit the expert (their pending account's lines), in cents. */
export const creditedTo = (expertId: string, entries: readonly LedgerEntry[]): Cents =>
  cents(
    -balanceOf(
      expertAccount(expertId, 'pending'),
      entries.flatMap((entry) => entry.lines),
    ) + 0,
  );

/** What an order's credit entry gave the expert: their pending credit and the debt it settled. */
export const earnedBy = (expertId: string, credit: LedgerEntry): Cents =>
  cents(-balanceOf(expertAccount(expertId, 'pending'), credit.lines) - balanceOf(debtOf(expertId), credit.lines) + 0);

/** An account's balance from lines: what arrived minus what left. */
export const balanceOf = (account: LedgerAccount, lines: readonly LedgerLine[]): Cents =>
  cents(lines.filter((line) => line.account === account).reduce((sum, line) => sum + line.amountCents, 0));

const lineSchema = z.object({ account: z.string(), amountCents: z.number() });
const ledgerEntryItem = z.object({
  entryId: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  orderId: z.optional(z.string()),
  withdrawalId: z.optional(z.string()),
  orderNumber: z.optional(z.number()),
  paidCents: z.optional(z.number()),
  at: z.string(),
  lines: z.array(lineSchema),
});

export function fromLedgerEntryItem(item: Record<string, unknown>): LedgerEntry {
  const parsed = ledgerEntryItem.parse(item);
  const { paidCents, ...rest } = parsed;
  return {
    ...rest,
    ...(paidCents !== undefined && { paidCents: cents(paidCents) }),
    lines: parsed.lines.map((line) => ({ account: line.account as LedgerAccount, amountCents: cents(line.amountCents) })),
  };
}
