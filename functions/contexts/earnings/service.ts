/**
 * The expert's earnings and withdrawals (spec 1 "Earnings", spec 2 "Withdrawals", docs/payouts.md):
 * balances derived from the ledger's running totals, the credited orders a page at a time, and
 * withdrawals: requested by the expert from the available balance (a conditional ledger move, so
 * no two requests can overdraw), decided by an admin. Served by the orders Lambda.
 */
import { CHAT, EARNINGS_CHART, WITHDRAWAL_RULES } from '../../../shared/limits';
import { stripMarkup } from '../../../shared/markup';
import { type Cents, centsFromEuros, eurosFromCents, formatEuros } from '../../../shared/money';
import {
  type AccountStats,
  type AdminWithdrawal,
  type Earnings,
  type EarningsOrder,
  type MonthlyEarnings,
  underWithdrawalMinimum,
  type Withdrawal,
  type WithdrawalPage,
  type WithdrawalStatus,
} from '../../../shared/schemas/earnings';
import { EXPERT_ROLE } from '../../../shared/roles';
import type { WithdrawalNoticeKind } from '../../../shared/schemas/notices';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { now, nowIso } from '../../platform/clock';
import { newId } from '../../platform/crypto';
import { BadRequest, Conflict, NotFound } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { madeWithKey, sentKeyPut } from '../../platform/sent-keys';
import { failedConditions, isConditionFailure, type TransactWrite, transact } from '../../platform/table';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import { confirmMoneyDecision } from '../accounts/step-up-service';
import { type AdminActor, auditWrites } from '../audit/service';
import * as payments from '../payments/service';
import { announcement } from '../realtime/service';
import { lastMonths, monthlyTotals } from './monthly';
import * as repo from './repository';
import { HOLDING_PAYOUT_PREFIX, nextWithdrawalStatus, toWithdrawalDto, type WithdrawalRecord } from './withdrawal';

/** The event of a withdrawal's move, in its transaction: the expert's pages reload, and the notice is mailed. */
const withdrawalEvent = (withdrawal: WithdrawalRecord, status: WithdrawalStatus, kind: WithdrawalNoticeKind) =>
  announcement(
    [withdrawal.expertId],
    { type: 'withdrawalChanged', withdrawalId: withdrawal.withdrawalId, status },
    { kind, withdrawalId: withdrawal.withdrawalId },
  );

/** Rows of a page of credited orders or withdrawals. */
const PAGE = CHAT.chatsPageSize;

const encode = (key: string) => Buffer.from(key).toString('base64url');

/** Where a page continues: an index or line sort key (`<ISO time>#<id>…`) that this service handed out, or 400. */
function decode(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[\w:#-]{1,160}(~\d{1,15})?$/.test(position)) throw new BadRequest(MSG.invalidCursor, 'invalid_cursor');
  return position;
}

/**
 * Marks credited orders withdrawn first in, first out: an order counts as withdrawn once paid
 * withdrawals cover every credit up to and including it. `credits` are newest first; `newer` is the
 * sum of the credits newer than the page.
 */
export function withdrawnFlags(credits: readonly Cents[], totals: { earned: number; withdrawn: number; newer: number }): boolean[] {
  let newer = totals.newer;
  return credits.map((credit) => {
    const throughThis = totals.earned - newer;
    newer += credit;
    return throughThis <= totals.withdrawn;
  });
}

/** GET /user/earnings/monthly: what the caller's credits earned in each of the last 12 months: one Query of their credits since. */
export async function monthlyEarnings(caller: Caller): Promise<MonthlyEarnings> {
  const months = lastMonths(now(), EARNINGS_CHART.months);
  const credits = await payments.creditsSince(caller.userId, months[0]);
  return {
    months: monthlyTotals(months, credits).map((month) => ({ month: month.month, earned: eurosFromCents(month.earnedCents), orders: month.orders })),
  };
}

/** GET /user/earnings: the balances, and a page of the credited orders, newest first. */
export async function earnings(caller: Caller, account: AccountRecord, query: { cursor?: string }): Promise<Earnings> {
  // The orders' cursor also carries the sum of the credits newer than its page (first in, first out).
  const [position, newerText] = (decode(query.cursor) ?? '').split('~');
  const newer = Number(newerText ?? 0);
  if (query.cursor !== undefined && !(Number.isSafeInteger(newer) && newer >= 0)) throw new BadRequest(MSG.invalidCursor, 'invalid_cursor');
  const [balances, page, totals] = await Promise.all([
    payments.expertBalances(caller.userId),
    payments.creditsOf(caller.userId, PAGE, position || undefined),
    repo.earningsTotalsOf(caller.userId),
  ]);
  const withdrawn = totals.withdrawnCents;
  // A dispute freezes the expert's share even where it was paid out already (owed if lost, then owed): counted once.
  const earned = balances.pending + balances.available + balances.frozen + balances.requested + withdrawn - balances.owed - balances.owedIfLost;
  const flags = withdrawnFlags(
    page.credits.map((credit) => credit.earnedCents),
    { earned, withdrawn, newer },
  );
  const rows: EarningsOrder[] = page.credits.map((credit, index) => ({
    orderNumber: credit.orderNumber,
    paymentAmount: eurosFromCents(credit.paidCents),
    earned: eurosFromCents(credit.earnedCents),
    chatId: credit.orderId,
    isWithdrawn: flags[index],
    creditedAt: credit.at,
  }));
  const onThisPage = page.credits.reduce((sum, credit) => sum + credit.earnedCents, 0);
  return {
    balance: eurosFromCents(balances.available),
    pending: eurosFromCents(balances.pending),
    frozen: eurosFromCents(balances.frozen),
    requested: eurosFromCents(balances.requested),
    withdrawn: eurosFromCents(withdrawn),
    owed: eurosFromCents(balances.owed),
    payoutsEnabled: account.payoutsEnabled === true,
    ...(balances.pending > 0 && totals.pendingAvailableOn && { pendingAvailableOn: totals.pendingAvailableOn }),
    orders: rows,
    ...(page.next && { nextCursor: encode(`${page.next}~${newer + onThisPage}`) }),
  };
}

/**
 * POST /user/withdraw: a withdrawal of `amount` euros from the available balance. The request and
 * its ledger move are one transaction whose move is conditional on the balance covering it, so
 * concurrent requests never overdraw: beyond the balance, 400 and nothing changes. `sentKey`: the
 * client's Idempotency-Key; sent again with it, the request makes nothing and answers the withdrawal
 * it made the first time (decision 308), so a request whose answer was lost never asks twice.
 */
export async function withdraw(caller: Caller, account: AccountRecord, amount: number, sentKey?: string): Promise<{ msg: string; withdrawal: Withdrawal }> {
  if (!account.payoutsEnabled) throw new Conflict(MSG.withdrawalNeedsPayouts, 'payouts_not_enabled');
  const amountCents = centsFromEuros(amount);
  // Less than the minimum only to empty the balance (decision 269): no stream of tiny requests.
  if (amountCents < WITHDRAWAL_RULES.minCents) {
    const { available } = await payments.expertBalances(caller.userId);
    if (amountCents > available) throw new BadRequest(MSG.withdrawalOverBalance, 'withdrawal_over_balance');
    if (underWithdrawalMinimum(amountCents, available)) throw new BadRequest(MSG.withdrawalUnderMinimum, 'withdrawal_under_minimum');
  }
  const at = nowIso();
  const withdrawal: WithdrawalRecord = { withdrawalId: newId(), expertId: caller.userId, amountCents, status: 'pending', createdAt: at, version: 0 };
  const event = withdrawalEvent(withdrawal, 'pending', 'withdrawalRequested');
  const pendingTake = repo.pendingWithdrawalTake(withdrawal, WITHDRAWAL_RULES.pendingMax);
  const writes: TransactWrite[] = [
    pendingTake,
    repo.withdrawalPut(withdrawal),
    ...payments.ledgerWrites([payments.withdrawalRequestedEntry(withdrawal, at)]),
    event.put,
    ...(sentKey ? [sentKeyPut(caller.userId, WITHDRAWAL_KEY_SCOPE, sentKey, { withdrawalId: withdrawal.withdrawalId })] : []),
  ];
  try {
    await transact({ TransactItems: writes });
  } catch (error) {
    // The key first: the request it repeats took the pending place and the balance the others check.
    const earlier = sentKey && failedConditions(error).includes(writes.length - 1) && (await withdrawalMadeWith(caller.userId, sentKey));
    if (earlier) return { msg: MSG.withdrawalSubmitted, withdrawal: toWithdrawalDto(earlier) };
    if (failedConditions(error).includes(0)) throw new Conflict(MSG.withdrawalsPendingMax, 'withdrawals_pending_max');
    if (isConditionFailure(error)) throw new BadRequest(MSG.withdrawalOverBalance, 'withdrawal_over_balance');
    throw error;
  }
  await event.pushNow();
  return { msg: MSG.withdrawalSubmitted, withdrawal: toWithdrawalDto(withdrawal) };
}

const WITHDRAWAL_KEY_SCOPE = 'withdrawal';

async function withdrawalMadeWith(expertId: string, sentKey: string): Promise<WithdrawalRecord | undefined> {
  const withdrawalId = await madeWithKey(expertId, WITHDRAWAL_KEY_SCOPE, sentKey, 'withdrawalId');
  return withdrawalId === undefined ? undefined : repo.getWithdrawal(withdrawalId);
}

/** GET /user/withdrawals: the expert's own, newest first. */
export async function withdrawalsOf(caller: Caller, query: { cursor?: string }): Promise<WithdrawalPage> {
  const page = await repo.withdrawalsOfExpert(caller.userId, PAGE, decode(query.cursor));
  return { withdrawals: page.withdrawals.map(toWithdrawalDto), ...(page.next && { nextCursor: encode(page.next) }) };
}

/** GET /admin/withdrawals: those with a status, or all, newest first, with their experts. */
export async function adminWithdrawals(query: { status?: WithdrawalStatus; cursor?: string }): Promise<WithdrawalPage<AdminWithdrawal>> {
  const after = decode(query.cursor);
  const page = query.status ? await repo.withdrawalsByStatus(query.status, PAGE, after) : await repo.allWithdrawals(PAGE, after);
  const people = await accounts.getAccounts([...new Set(page.withdrawals.map((withdrawal) => withdrawal.expertId))]);
  const withdrawals = page.withdrawals.map((withdrawal) => {
    const expert = people.get(withdrawal.expertId);
    return {
      ...toWithdrawalDto(withdrawal),
      professor: { _id: withdrawal.expertId, firstName: expert?.firstName ?? '', lastName: expert?.lastName ?? '', email: expert?.email ?? '' },
    };
  });
  return { withdrawals, ...(page.next && { nextCursor: encode(page.next) }) };
}

/** A withdrawal as its audit entry names it: the amount and the expert's name. */
async function withdrawalTarget(withdrawal: WithdrawalRecord) {
  const expert = await accounts.getAccount(withdrawal.expertId);
  const who = expert ? ` to ${expert.firstName} ${expert.lastName}` : '';
  return { type: 'withdrawal' as const, id: withdrawal.withdrawalId, label: `${formatEuros(eurosFromCents(withdrawal.amountCents))}${who}` };
}

async function undecided(withdrawalId: string): Promise<WithdrawalRecord> {
  const withdrawal = await repo.getWithdrawal(withdrawalId);
  if (!withdrawal) throw new NotFound(MSG.withdrawalNotFound, 'withdrawal_not_found');
  return withdrawal;
}

/**
 * POST /admin/withdrawals/{id}/reject: the amount is available again, with the admin's reason for
 * the expert. A second decision, or one at the same moment, is 409 and changes nothing.
 */
export async function reject(withdrawalId: string, body: { reason?: string }, actor: AdminActor): Promise<{ msg: string; withdrawal: Withdrawal }> {
  const withdrawal = await undecided(withdrawalId);
  if (!nextWithdrawalStatus(withdrawal, 'reject', 'admin')) throw new Conflict(MSG.withdrawalAlreadyDecided, 'already_decided');
  const at = nowIso();
  const reason = body.reason === undefined ? undefined : stripMarkup(body.reason).trim() || undefined;
  const event = withdrawalEvent(withdrawal, 'rejected', 'withdrawalRejected');
  const audit = await auditWrites(actor, { action: 'withdrawal.reject', target: await withdrawalTarget(withdrawal), details: { ...(reason && { reason }) } });
  try {
    await transact({
      TransactItems: [
        repo.withdrawalMove(withdrawal, 'rejected', { ...(reason && { reason }) }, at),
        repo.pendingWithdrawalRelease(withdrawal),
        ...payments.ledgerWrites([payments.withdrawalReturnedEntry(withdrawal, 'rejected', at)]),
        event.put,
        ...audit,
      ],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(MSG.withdrawalAlreadyDecided, 'already_decided');
    throw error;
  }
  await event.pushNow();
  return { msg: MSG.withdrawalRejectedDone, withdrawal: toWithdrawalDto({ ...withdrawal, status: 'rejected', ...(reason && { reason }) }) };
}

// Payouts ------------------------------------------------------------------------------------------

/**
 * POST /admin/withdrawals/{id}/approve: the decision is recorded first (conditional on the status,
 * so a second approval, or one at the same moment, is 409 and asks for no payout), then the payout
 * is made from the expert's connected account with a key derived from the withdrawal. A payout the
 * provider refuses fails the withdrawal and gives the amount back; one whose outcome is unknown
 * is asked for again, with the same key, by the payouts job.
 */
export async function approve(withdrawalId: string, actor: AdminActor, code?: string): Promise<{ msg: string; withdrawal: Withdrawal }> {
  const withdrawal = await undecided(withdrawalId);
  if (!nextWithdrawalStatus(withdrawal, 'approve', 'admin')) throw new Conflict(MSG.withdrawalAlreadyDecided, 'already_decided');
  await confirmMoneyDecision(actor.caller, code);
  const audit = await auditWrites(actor, { action: 'withdrawal.approve', target: await withdrawalTarget(withdrawal) });
  const approved = await approveAndPayOut(withdrawal, audit);
  return {
    msg: approved.status === 'failed' ? (approved.failureMessage ?? MSG.withdrawalFailed) : MSG.withdrawalApprovedDone,
    withdrawal: toWithdrawalDto(approved),
  };
}

/**
 * Records the approval (conditional on the status, so a second one, or one at the same moment, is
 * 409 and asks for no payout) with its event and `audit`, the admin's entry when an admin decided,
 * then makes the payout.
 */
async function approveAndPayOut(withdrawal: WithdrawalRecord, audit: Awaited<ReturnType<typeof auditWrites>> = []): Promise<WithdrawalRecord> {
  const at = nowIso();
  const event = withdrawalEvent(withdrawal, 'approved', 'withdrawalApproved');
  try {
    await transact({ TransactItems: [repo.withdrawalMove(withdrawal, 'approved', {}, at), repo.pendingWithdrawalRelease(withdrawal), event.put, ...audit] });
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(MSG.withdrawalAlreadyDecided, 'already_decided');
    throw error;
  }
  await event.pushNow();
  return payOut({ ...withdrawal, status: 'approved', updatedAt: at, version: withdrawal.version + 1 });
}

/** Makes (or finds again, by its key) the payout of an approved withdrawal, and records its id. */
async function payOut(withdrawal: WithdrawalRecord): Promise<WithdrawalRecord> {
  const expert = await accounts.getAccount(withdrawal.expertId);
  if (!expert?.payoutAccountId) return fail(withdrawal, MSG.withdrawalNeedsPayouts);
  let payout: Awaited<ReturnType<typeof payments.payout>>;
  try {
    payout = await payments.payout({
      operation: `withdrawal-${withdrawal.withdrawalId}-payout`,
      accountId: expert.payoutAccountId,
      amountCents: withdrawal.amountCents,
      withdrawalId: withdrawal.withdrawalId,
      expertId: withdrawal.expertId,
      requestedAt: withdrawal.createdAt,
    });
  } catch (error) {
    if (error instanceof payments.ProviderRefusal) return fail(withdrawal, error.message);
    throw error;
  }
  const at = nowIso();
  try {
    await transact({ TransactItems: [repo.withdrawalMove(withdrawal, 'approved', { payoutId: payout.payoutId }, at)] });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The payout's own event (paid, failed) moved the withdrawal first: it is recorded as it stands.
    return (await repo.getWithdrawal(withdrawal.withdrawalId)) ?? withdrawal;
  }
  return { ...withdrawal, payoutId: payout.payoutId, updatedAt: at, version: withdrawal.version + 1 };
}

/** The payout failed (or could not be made): the withdrawal says why, and the amount is available again. */
async function fail(withdrawal: WithdrawalRecord, failureMessage: string): Promise<WithdrawalRecord> {
  const at = nowIso();
  const event = withdrawalEvent(withdrawal, 'failed', 'withdrawalFailed');
  try {
    await transact({
      TransactItems: [
        repo.withdrawalMove(withdrawal, 'failed', { failureMessage }, at),
        ...payments.ledgerWrites([payments.withdrawalReturnedEntry(withdrawal, 'failed', at)]),
        event.put,
      ],
    });
    await event.pushNow();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return { ...withdrawal, status: 'failed', failureMessage, updatedAt: at, version: withdrawal.version + 1 };
}

/** The payout reached the expert's bank: it leaves the connected account and what the platform owes, once. */
async function paid(withdrawal: WithdrawalRecord, payoutId: string): Promise<void> {
  const at = nowIso();
  const event = withdrawalEvent(withdrawal, 'paid', 'withdrawalPaid');
  try {
    await transact({
      TransactItems: [
        repo.withdrawalMove(withdrawal, 'paid', { payoutId }, at),
        ...payments.ledgerWrites([payments.payoutPaidEntry(withdrawal, payoutId, at)]),
        repo.withdrawnAdd(withdrawal.expertId, withdrawal.amountCents),
        event.put,
      ],
    });
    await event.pushNow();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Applies the payout's state as the provider holds it now to its withdrawal (events may come twice, or out of order). */
async function settlePayout(withdrawal: WithdrawalRecord, accountId: string, payoutId: string): Promise<void> {
  if (withdrawal.status !== 'approved') return;
  const payout = await payments.getPayout(accountId, payoutId);
  if (payout.status === 'paid') await paid(withdrawal, payout.payoutId);
  else if (payout.status === 'failed' || payout.status === 'canceled') await fail(withdrawal, payout.failureMessage ?? MSG.withdrawalFailed);
}

/** payout.paid, payout.failed, payout.canceled: the connected account's payout of a withdrawal moved. */
export async function payoutChanged(event: { objectId: string; accountId?: string; metadata: Record<string, string> }): Promise<void> {
  const withdrawal = event.metadata.withdrawalId ? await repo.getWithdrawal(event.metadata.withdrawalId) : undefined;
  if (!withdrawal || !event.accountId) return;
  await settlePayout(withdrawal, event.accountId, event.objectId);
}

/**
 * Funds about to pass the provider's holding limit (the orders' deadlines find them): the expert's
 * available balance is paid out without waiting for an admin, as a withdrawal approved by the
 * system. Its id derives from the business event (`key`), so a retried deadline pays out once.
 * Nothing available (frozen by a dispute, asked for already): nothing to do.
 */
export async function payOutHeldFunds(expertId: string, key: string): Promise<WithdrawalRecord | undefined> {
  const { available } = await payments.expertBalances(expertId);
  const withdrawalId = `${HOLDING_PAYOUT_PREFIX}${key}`;
  const existing = await repo.getWithdrawal(withdrawalId);
  if (!existing && available <= 0) return undefined;
  const at = nowIso();
  const withdrawal: WithdrawalRecord = existing ?? { withdrawalId, expertId, amountCents: available, status: 'pending', createdAt: at, version: 0 };
  if (!existing) {
    try {
      await transact({ TransactItems: [repo.withdrawalPut(withdrawal), ...payments.ledgerWrites([payments.withdrawalRequestedEntry(withdrawal, at)])] });
    } catch (error) {
      // Made meanwhile, or the balance moved: the next run of the deadline looks again.
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
  if (!nextWithdrawalStatus(withdrawal, 'approve', 'system')) return withdrawal;
  logger.info('Funds at the holding limit paid out', { expertId, withdrawalId, amountCents: withdrawal.amountCents });
  return approveAndPayOut(withdrawal);
}

/** The write that counts an order completed for the expert, what it credited them and whether it was free: for the close's transaction. */
export const completedOrderWrite = repo.completedOrderWrite;

export type OrderCounters = repo.OrderCounters;

/** Every expert's order counters (or the given experts'), for the recount of free orders (an operator's migration only). */
export const orderCountersOf = repo.orderCountersOf;

/** Sets an expert's free completed orders unless an order closed for them since their counters were read (undefined then). */
export const freeOrdersSet = repo.freeOrdersSet;

/**
 * GET /user/stats/{id}: an expert's statistics, from counters kept on write (never a scan): orders
 * completed, of them the free ones, and credits from the expert's totals, the rating from their
 * account. Anyone reads them, signed in or not; what they earned is theirs and the admins' to read.
 */
export async function statsOf(caller: Caller | undefined, expertId: string): Promise<AccountStats> {
  const [expert, totals] = await Promise.all([accounts.getAccount(expertId), repo.earningsTotalsOf(expertId)]);
  if (!expert || expert.role !== EXPERT_ROLE || expert.isDeleted) throw new NotFound(MSG.expertNotFound, 'not_found');
  const own = caller !== undefined && (caller.userId === expertId || caller.role === 'admin');
  return {
    ordersCount: totals.completedOrders,
    freeOrdersCount: totals.freeOrders,
    ...(own && { totalEarned: eurosFromCents(totals.earnedCents) }),
    averageRating: expert.rating ?? 0,
    reviewsCount: expert.reviews ?? 0,
  };
}

/** The write that records when a transfer's pending funds become available (or, without a date, that they are): for the transfer's transaction. */
export const pendingFundsWrite = repo.pendingFundsWrite;

/** Withdrawals handled per run of the payouts job; the next run takes the rest. */
const PAYOUTS_BATCH = 100;

/**
 * The payouts job, with the deadlines: every approved withdrawal gets its payout (asked for again
 * with its key when the outcome was unknown) and its state as the provider holds it, in case an
 * event was lost. A failure of one never stops the others.
 */
export async function runPayouts(): Promise<{ checked: number; failed: number }> {
  const { withdrawals } = await repo.withdrawalsByStatus('approved', PAYOUTS_BATCH);
  let failed = 0;
  for (const withdrawal of withdrawals) {
    try {
      if (!withdrawal.payoutId) await payOut(withdrawal);
      else {
        const expert = await accounts.getAccount(withdrawal.expertId);
        if (expert?.payoutAccountId) await settlePayout(withdrawal, expert.payoutAccountId, withdrawal.payoutId);
      }
    } catch (error) {
      failed++;
      logger.error('Payout not settled; retried on the next run', { withdrawalId: withdrawal.withdrawalId, error: error as Error });
    }
  }
  return { checked: withdrawals.length, failed };
}
