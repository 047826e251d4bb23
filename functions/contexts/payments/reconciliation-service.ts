/**
 * The reconciliation job (docs/payouts.md, decision 163): the ledger's view of every balance the
 * provider keeps against the provider's figure, and the app's holds against their own lines. Run
 * at most once a day by the orders Lambda's schedule, on demand by an admin and by `npm run reconcile`.
 * Its latest result is stored for the admin's page, and each run logs the metric an alarm watches.
 */
import { cents, eurosFromCents } from '../../../shared/money';
import type { Reconciliation } from '../../../shared/schemas/admin-views';
import { now, nowIso } from '../../platform/clock';
import { logger, RECONCILIATION_MESSAGE } from '../../platform/logger';
import * as accounts from '../accounts/service';
import { type AdminActor, recordAdminAction } from '../audit/service';
import { balanceOf, type LedgerAccount } from './ledger';
import * as ledger from './ledger-repository';
import type { PaymentProvider } from './provider';
import {
  CONNECTED_PAYOUTS_IN_FLIGHT,
  confirmedDifferences,
  connectedExpertOf,
  differencesOf,
  isDue,
  metricOf,
  PLATFORM_PAYOUTS,
  providerFigure,
  type ReconciliationCheck,
  type ReconciliationResult,
} from './reconciliation';
import * as repo from './reconciliation-repository';
import { stripeProvider } from './stripe-provider';

const provider: PaymentProvider = stripeProvider;

/** Balances read at once: enough to finish in seconds, few enough to stay far below the provider's rate limit. */
const CONCURRENCY = 8;

async function eachAtMost<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const sumOfLines = async (account: LedgerAccount) => balanceOf(account, await ledger.linesOf(account));

/** One account read now: the ledger first, then what it is compared with. */
async function checkOf(account: LedgerAccount, payoutAccounts: ReadonlyMap<string, string>): Promise<ReconciliationCheck> {
  if (account === 'provider_balance') {
    const ledgerCents = await sumOfLines(account);
    const [balance, payouts] = await Promise.all([provider.balance(), provider.payoutsTotal(undefined, PLATFORM_PAYOUTS)]);
    return { account, ledgerCents, providerCents: providerFigure(balance, payouts) };
  }
  const expertId = connectedExpertOf(account);
  if (expertId !== undefined) {
    const ledgerCents = await ledger.totalOf(account);
    const accountId = payoutAccounts.get(expertId);
    // Money in a connected account the expert has no record of is a difference in itself.
    if (!accountId) return { account, ledgerCents, providerCents: cents(0) };
    const [balance, inFlight] = await Promise.all([provider.balance(accountId), provider.payoutsTotal(accountId, CONNECTED_PAYOUTS_IN_FLIGHT)]);
    return { account, ledgerCents, providerCents: providerFigure(balance, inFlight) };
  }
  const [ledgerCents, providerCents] = await Promise.all([ledger.totalOf(account), sumOfLines(account)]);
  return { account, ledgerCents, providerCents };
}

/**
 * Runs it now: every account is read once, those that differ once more (a move between two reads is
 * not a difference), and the result is stored and logged as the ReconciliationDifferences metric.
 */
export async function reconcile(): Promise<ReconciliationResult> {
  const checkedAt = nowIso();
  const checked: LedgerAccount[] = ['provider_balance', ...(await repo.expertAccounts())];
  const experts = checked.map(connectedExpertOf).filter((id): id is string => id !== undefined);
  const people = await accounts.getAccounts(experts);
  const payoutAccounts = new Map([...people].flatMap(([expertId, person]) => (person.payoutAccountId ? [[expertId, person.payoutAccountId] as const] : [])));
  const suspected = differencesOf(await eachAtMost(checked, CONCURRENCY, (account) => checkOf(account, payoutAccounts)));
  const again = await eachAtMost(
    suspected.map((difference) => difference.account),
    CONCURRENCY,
    (account) => checkOf(account, payoutAccounts),
  );
  const result: ReconciliationResult = { checkedAt, entriesChecked: checked.length, differences: confirmedDifferences(suspected, again) };
  await repo.saveResult(result);
  const metric = metricOf(result);
  if (metric.differences > 0) logger.warn(RECONCILIATION_MESSAGE, { ...metric, accounts: result.differences.map((difference) => difference.account) });
  else logger.info(RECONCILIATION_MESSAGE, metric);
  return result;
}

/** The scheduled run: at most once a period, whatever the schedule's own rate. */
export async function reconcileIfDue(): Promise<ReconciliationResult | undefined> {
  const latest = await repo.latestResult();
  return isDue(latest?.checkedAt, now()) ? reconcile() : undefined;
}

const toView = (result: ReconciliationResult | undefined): Reconciliation => ({
  ...(result && { checkedAt: result.checkedAt }),
  entriesChecked: result?.entriesChecked ?? 0,
  differences: (result?.differences ?? []).map((difference) => ({
    account: difference.account,
    ledger: eurosFromCents(difference.ledgerCents),
    provider: eurosFromCents(difference.providerCents),
    difference: eurosFromCents(difference.differenceCents),
  })),
});

/** GET /admin/reconciliation: the latest result, in euros. */
export const latestReconciliation = async (): Promise<Reconciliation> => toView(await repo.latestResult());

/** The one thing reconciled: its runs share a target, so the audit page lists them together. */
const RECONCILIATION_TARGET = 'provider-balances';

/** POST /admin/reconciliation: runs it now, recorded in the audit log once it has run (it changes nothing but its result). */
export async function reconcileNow(actor: AdminActor): Promise<Reconciliation> {
  const result = await reconcile();
  await recordAdminAction(actor, {
    action: 'reconciliation.run',
    target: { type: 'reconciliation', id: RECONCILIATION_TARGET, label: 'Ledger and payment provider' },
    details: { entriesChecked: result.entriesChecked, differences: result.differences.length },
  });
  return toView(result);
}
