/**
 * The expert's earnings and withdrawals (spec 1 "Earnings", spec 2 "Withdrawals", docs/payouts.md):
 * balances derived from the ledger's running totals, the credited orders a page at a time, and
 * withdrawals: requested by the expert from the available balance (a conditional ledger move, so
 * no two requests can overdraw), decided by an admin. Served by the orders Lambda.
 */
import { CHAT } from '../../../shared/limits';
import { stripMarkup } from '../../../shared/markup';
import { type Cents, centsFromEuros, eurosFromCents } from '../../../shared/money';
import type { AdminWithdrawal, Earnings, EarningsOrder, Withdrawal, WithdrawalPage, WithdrawalStatus } from '../../../shared/schemas/earnings';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowIso } from '../../platform/clock';
import { newId } from '../../platform/crypto';
import { BadRequest, Conflict, NotFound } from '../../platform/errors';
import { isConditionFailure, transact } from '../../platform/table';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import * as orders from '../orders/service';
import * as payments from '../payments/service';
import * as repo from './repository';
import { nextWithdrawalStatus, toWithdrawalDto, type WithdrawalRecord } from './withdrawal';

/** Rows of a page of credited orders or withdrawals. */
const PAGE = CHAT.chatsPageSize;

const encode = (key: string) => Buffer.from(key).toString('base64url');

/** Where a page continues: an index or line sort key (`<ISO time>#<id>…`) that this service handed out, or 400. */
function decode(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[\w:#-]{1,160}$/.test(position)) throw new BadRequest(MSG.invalidCursor, 'invalid_cursor');
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

/** GET /user/earnings: the balances, and a page of the credited orders, newest first. */
export async function earnings(caller: Caller, query: { cursor?: string }): Promise<Earnings> {
  const [balances, page] = await Promise.all([payments.expertBalances(caller.userId), payments.creditsOf(caller.userId, PAGE, decode(query.cursor))]);
  const byId = await orders.getOrders(page.credits.map((credit) => credit.orderId));
  // Paid withdrawals come with the payouts; until one is paid, nothing is withdrawn.
  const withdrawn = 0;
  const earned = balances.pending + balances.available + balances.frozen + balances.requested + withdrawn;
  const flags = withdrawnFlags(
    page.credits.map((credit) => credit.earnedCents),
    { earned, withdrawn, newer: 0 },
  );
  const rows: EarningsOrder[] = page.credits.flatMap((credit, index) => {
    const order = byId.get(credit.orderId);
    if (!order) return [];
    return [
      {
        orderNumber: order.orderNumber,
        paymentAmount: eurosFromCents(order.payment?.amountCents ?? credit.earnedCents),
        earned: eurosFromCents(credit.earnedCents),
        chatId: order.orderId,
        isWithdrawn: flags[index],
        creditedAt: credit.at,
      },
    ];
  });
  return {
    balance: eurosFromCents(balances.available),
    pending: eurosFromCents(balances.pending),
    frozen: eurosFromCents(balances.frozen),
    requested: eurosFromCents(balances.requested),
    withdrawn: eurosFromCents(withdrawn as Cents),
    owed: 0,
    orders: rows,
    ...(page.next && { nextCursor: encode(page.next) }),
  };
}

/**
 * POST /user/withdraw: a withdrawal of `amount` euros from the available balance. The request and
 * its ledger move are one transaction whose move is conditional on the balance covering it, so
 * concurrent requests never overdraw: beyond the balance, 400 and nothing changes.
 */
export async function withdraw(caller: Caller, account: AccountRecord, amount: number): Promise<{ msg: string; withdrawal: Withdrawal }> {
  if (!account.payoutsEnabled) throw new Conflict(MSG.withdrawalNeedsPayouts, 'payouts_not_enabled');
  const amountCents = centsFromEuros(amount);
  const at = nowIso();
  const withdrawal: WithdrawalRecord = { withdrawalId: newId(), expertId: caller.userId, amountCents, status: 'pending', createdAt: at, version: 0 };
  try {
    await transact({
      TransactItems: [repo.withdrawalPut(withdrawal), ...payments.ledgerWrites([payments.withdrawalRequestedEntry({ ...withdrawal }, at)])],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new BadRequest(MSG.withdrawalOverBalance, 'withdrawal_over_balance');
    throw error;
  }
  return { msg: MSG.withdrawalSubmitted, withdrawal: toWithdrawalDto(withdrawal) };
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

async function undecided(withdrawalId: string): Promise<WithdrawalRecord> {
  const withdrawal = await repo.getWithdrawal(withdrawalId);
  if (!withdrawal) throw new NotFound(MSG.withdrawalNotFound, 'withdrawal_not_found');
  return withdrawal;
}

/**
 * POST /admin/withdrawals/{id}/reject: the amount is available again, with the admin's reason for
 * the expert. A second decision, or one at the same moment, is 409 and changes nothing.
 */
export async function reject(withdrawalId: string, body: { reason?: string }): Promise<{ msg: string; withdrawal: Withdrawal }> {
  const withdrawal = await undecided(withdrawalId);
  if (!nextWithdrawalStatus(withdrawal, 'reject', 'admin')) throw new Conflict(MSG.withdrawalAlreadyDecided, 'already_decided');
  const at = nowIso();
  const reason = body.reason === undefined ? undefined : stripMarkup(body.reason).trim() || undefined;
  try {
    await transact({
      TransactItems: [
        repo.withdrawalMove(withdrawal, 'rejected', { ...(reason && { reason }) }, at),
        ...payments.ledgerWrites([payments.withdrawalReturnedEntry(withdrawal, 'rejected', at)]),
      ],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(MSG.withdrawalAlreadyDecided, 'already_decided');
    throw error;
  }
  return { msg: MSG.withdrawalRejectedDone, withdrawal: toWithdrawalDto({ ...withdrawal, status: 'rejected', ...(reason && { reason }) }) };
}
