/**
 * Reconciliation's rules (docs/payouts.md): the ledger's view of each balance the provider keeps,
 * compared with the provider's own figure, and the app's holds compared with their own lines.
 *
 * - The platform: `provider_balance` (the sum of its lines) against the platform's balance at the
 *   provider, with its payouts to the platform's bank added back: the ledger records none of those.
 * - Each connected account: `connected:<expert>` (transfers − reversals − payouts paid) against that
 *   account's balance, with its payouts still on their way added back: the provider takes a payout
 *   from the balance when it is made, the ledger when it is paid.
 * - Each other account of an expert with a running total (pending, available, frozen, requested,
 *   debt): the total against the sum of its lines, since the provider never sees these.
 * A difference is the provider's figure (or the lines' sum) minus the ledger's.
 */
import { type Cents, cents } from '../../../shared/money';
import type { LedgerAccount } from './ledger';
import type { PayoutStatus, ProviderBalance } from './provider';

/** The job runs at most once in this period (the scheduled event fires every few minutes). */
export const RECONCILIATION_PERIOD_MS = 24 * 60 * 60 * 1000;

/** Payouts the ledger has not taken out of a connected account yet: it records a payout when paid. */
export const CONNECTED_PAYOUTS_IN_FLIGHT: readonly PayoutStatus[] = ['pending', 'in_transit'];
/** The platform's payouts to its own bank, which the ledger never records: every one not failed or canceled. */
export const PLATFORM_PAYOUTS: readonly PayoutStatus[] = ['pending', 'in_transit', 'paid'];

/** One figure checked: the ledger's, and what it is compared with. */
export interface ReconciliationCheck {
  account: LedgerAccount;
  ledgerCents: Cents;
  providerCents: Cents;
}

export interface ReconciliationDifference extends ReconciliationCheck {
  differenceCents: Cents;
}

export interface ReconciliationResult {
  checkedAt: string;
  entriesChecked: number;
  differences: ReconciliationDifference[];
}

/** The provider's figure for a balance: what it holds, plus what left it without a ledger entry yet. */
export const providerFigure = (balance: ProviderBalance, payoutsAddedBack: Cents): Cents =>
  cents(balance.availableCents + balance.pendingCents + payoutsAddedBack);

const differenceOf = (check: ReconciliationCheck): ReconciliationDifference => ({
  ...check,
  differenceCents: cents(check.providerCents - check.ledgerCents),
});

/** The checks that disagree, as differences. */
export const differencesOf = (checks: readonly ReconciliationCheck[]): ReconciliationDifference[] =>
  checks.filter((check) => check.providerCents !== check.ledgerCents).map(differenceOf);

/**
 * Of the accounts that differed in a first reading, those that still differ, by the same amount, in
 * a second one: a move recorded between the two reads of one account (its lines, then its total; the
 * provider, then the ledger) is not a difference.
 */
export function confirmedDifferences(first: readonly ReconciliationDifference[], second: readonly ReconciliationCheck[]): ReconciliationDifference[] {
  const again = new Map(differencesOf(second).map((difference) => [difference.account, difference]));
  return first.flatMap((difference) => {
    const confirmed = again.get(difference.account);
    return confirmed && confirmed.differenceCents === difference.differenceCents ? [confirmed] : [];
  });
}

/** The connected account of an expert account's name (`connected:<expert>`), if it is one. */
export const connectedExpertOf = (account: string): string | undefined => (account.startsWith('connected:') ? account.slice('connected:'.length) : undefined);

/** Whether a run is due: never run, or the last run is a period old. */
export const isDue = (lastCheckedAt: string | undefined, now: Date): boolean =>
  lastCheckedAt === undefined || now.getTime() - Date.parse(lastCheckedAt) >= RECONCILIATION_PERIOD_MS;

/** The metric's figures: how many balances differ, and by how many cents in all. */
export const metricOf = (result: ReconciliationResult) => ({
  differences: result.differences.length,
  differenceCents: result.differences.reduce((sum, difference) => sum + Math.abs(difference.differenceCents), 0),
});
