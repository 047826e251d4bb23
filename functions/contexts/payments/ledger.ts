/**
 * The ledger: append-only double entry in integer cents. Every movement of money is one entry whose
 * lines sum to zero, keyed by the business event it records (a payment, an approval, a refund), so
 * that recording the same event twice is refused by a conditional put. Balances are derived from the
 * lines, never stored or edited.
 *
 * Accounts (a line's amount is positive where money arrives, negative where it comes from):
 * - provider_balance: what the platform holds at the payment provider;
 * - held:<orderId>: a student's payment, held for its order until it is credited or refunded;
 * - expert:<expertId>: what the platform owes the expert, their earnings (the next issue pays out);
 * - platform_fees: the platform's fee on each credit.
 * A payment is provider_balance +A, held −A: the provider holds A that the order owes out again,
 * to the student (a refund: held +R, provider_balance −R) or to the expert and the platform (a
 * credit: held +C, expert −(C − fee), platform_fees −fee).
 */
import * as z from 'zod/mini';
import { ORDER_RULES } from '../../../shared/limits';
import { type Cents, cents } from '../../../shared/money';
import { config } from '../../platform/config';

export type LedgerAccount = 'provider_balance' | 'platform_fees' | `held:${string}` | `expert:${string}`;

export const heldFor = (orderId: string): LedgerAccount => `held:${orderId}`;
export const payableTo = (expertId: string): LedgerAccount => `expert:${expertId}`;

export interface LedgerLine {
  account: LedgerAccount;
  amountCents: Cents;
}

export const LEDGER_ENTRY_KINDS = ['payment', 'credit', 'refund'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export interface LedgerEntry {
  /** The business event it records, e.g. payment:<paymentIntentId>, credit:<orderId>: unique. */
  entryId: string;
  kind: LedgerEntryKind;
  orderId: string;
  at: string;
  lines: LedgerLine[];
}

/** Whether the lines balance: double entry means every entry sums to zero. */
export const isBalanced = (lines: readonly LedgerLine[]): boolean => lines.reduce((sum, line) => sum + line.amountCents, 0) === 0;

function entry(entryId: string, kind: LedgerEntryKind, orderId: string, at: string, lines: LedgerLine[]): LedgerEntry {
  const kept = lines.filter((line) => line.amountCents !== 0);
  if (!isBalanced(kept)) throw new Error(`Unbalanced ledger entry ${entryId}`);
  return { entryId, kind, orderId, at, lines: kept };
}

/** The platform's fee on a credit: a per-stage percent of it, rounded to the cent (half up). */
export function platformFeeOf(amount: Cents): Cents {
  const percent = Number(config.platformFeePercent ?? ORDER_RULES.platformFeePercent);
  return cents(Math.round((amount * percent) / 100));
}

/** A student's payment for an order, captured at the provider: held until the order ends. */
export const paymentEntry = (orderId: string, paymentIntentId: string, amount: Cents, at: string) =>
  entry(`payment:${paymentIntentId}`, 'payment', orderId, at, [
    { account: 'provider_balance', amountCents: amount },
    { account: heldFor(orderId), amountCents: cents(-amount) },
  ]);

/**
 * An order's end with money: `refund` goes back to the student, the rest is credited to the expert,
 * less the platform's fee on that rest. What was held for the order is released entirely.
 */
export function settlementEntries(
  order: { orderId: string; expertId: string },
  held: Cents,
  refund: { amountCents: Cents; refundId?: string },
  at: string,
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
      entry(`refund:${refundId}`, 'refund', order.orderId, at, [
        { account: heldFor(order.orderId), amountCents: refundCents },
        { account: 'provider_balance', amountCents: cents(-refundCents) },
      ]),
    );
  }
  if (rest > 0) {
    entries.push(
      entry(`credit:${order.orderId}`, 'credit', order.orderId, at, [
        { account: heldFor(order.orderId), amountCents: rest },
        { account: payableTo(order.expertId), amountCents: cents(-(rest - fee)) },
        { account: 'platform_fees', amountCents: cents(-fee) },
      ]),
    );
  }
  return entries;
}

/** An account's balance from lines: what arrived minus what left. */
export const balanceOf = (account: LedgerAccount, lines: readonly LedgerLine[]): Cents =>
  cents(lines.filter((line) => line.account === account).reduce((sum, line) => sum + line.amountCents, 0));

const lineSchema = z.object({ account: z.string(), amountCents: z.number() });
const ledgerEntryItem = z.object({
  entryId: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  orderId: z.string(),
  at: z.string(),
  lines: z.array(lineSchema),
});

export function fromLedgerEntryItem(item: Record<string, unknown>): LedgerEntry {
  const parsed = ledgerEntryItem.parse(item);
  return { ...parsed, lines: parsed.lines.map((line) => ({ account: line.account as LedgerAccount, amountCents: cents(line.amountCents) })) };
}
