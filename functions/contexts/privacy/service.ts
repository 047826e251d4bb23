/**
 * A member's own data (issue 15, docs/decisions.md 167-169): the deletion of their account, by
 * themselves or by retention (the export is export-service.ts's). Each context's data is read and
 * written through that context's service, never its repository.
 */
import { RETENTION } from '../../../shared/limits';
import { type Cents, eurosFromCents, formatEuros } from '../../../shared/money';
import { MSG } from '../../../shared/texts';
import { nowIso, nowMs } from '../../platform/clock';
import { Conflict, Contention } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import * as profiles from '../accounts/profile-service';
import * as offers from '../catalogue/account-offers-service';
import * as reviews from '../catalogue/review-service';
import * as bookings from '../bookings/service';
import * as chats from '../chats/service';
import type { OrderRecord } from '../orders/order';
import * as payments from '../payments/balance-service';
import { accountDeletedMail } from './mails';

type Conversation = Awaited<ReturnType<typeof chats.conversationsOf>>[number];

const DAY_MS = 86_400_000;

/** POST /user/delete-account: the password confirms it; refused, saying what is left, while money is owed to or by the member. */
export async function deleteOwnAccount(account: AccountRecord, password: string, client: accounts.Client): Promise<{ msg: string }> {
  await accounts.provePassword(account, password, client);
  const outcome = await forget(account);
  if (outcome.left.length > 0) throw new Conflict(`${MSG.deletionRefused} ${outcome.left.join('; ')}.`, 'account_money_owed');
  // A payment started while it was checked, or a hold that lapsed: nothing deleted, asked again.
  if (!outcome.deleted) throw new Contention(`deletion of ${account.userId}`);
  return { msg: MSG.accountDeleted };
}

/**
 * Deletes the account unless money is owed to or by it (`left` says what): anonymised where others
 * need its records, its offers out of every list, its hours, calendar address and feed forgotten,
 * its sessions and sockets ended. For retention,
 * `activeAt` keeps an account that was active since it was found. New payments of the member's
 * orders are held from before the money is read until the account is anonymised, which is
 * conditional on that hold (decision 223): no payment starts between the check and the write.
 */
export async function forget(account: AccountRecord, activeAt?: string): Promise<{ deleted: boolean; left: string[] }> {
  const heldUntil = await accounts.holdPaymentsForDeletion(account.userId);
  if (heldUntil === undefined) return { deleted: false, left: [] };
  const conversations = await chats.conversationsOf(account.userId, { withMessages: true });
  const left = await moneyLeft(account, conversations);
  const ownOffers = left.length === 0 && account.role === 'professor' ? await offers.everyOfferOf(account.userId) : [];
  if (left.length > 0 || !(await accounts.deleteAccount(account, nowIso(), heldUntil, activeAt))) {
    await accounts.releasePayments(account.userId, heldUntil);
    return { deleted: false, left };
  }
  if (account.profilePhoto) await profiles.discardPhoto(account.profilePhoto);
  await offers.retireOffersOf(ownOffers);
  await bookings.forgetMember(account.userId);
  await chats.renameMember(account.userId, conversations, accounts.FORMER_MEMBER);
  const written = conversations.flatMap(({ review }) => (review?.studentId === account.userId ? [review] : []));
  await reviews.renameAuthor(written, accounts.FORMER_MEMBER);
  await sendMail(accountDeletedMail(account.email)).catch((error) => logger.error('Account deletion notice not sent', error as Error));
  return { deleted: true, left: [] };
}

/**
 * An order that holds money or a booking: neither a bare conversation nor finished. A conversation
 * whose checkout is still open at the provider counts too: its payment may yet arrive.
 */
const isOpen = (order: OrderRecord, now: number) =>
  (order.status !== 'open' && order.status !== 'closed' && order.status !== 'canceled') ||
  (order.status === 'open' && order.payment === undefined && order.checkout !== undefined && Date.parse(order.checkout.expiresAt) > now);

/** A payment that can still be disputed: made in the last 120 days and not refunded in full. */
function isDisputable(order: OrderRecord, now: number): boolean {
  if (!order.payment || Date.parse(order.payment.paidAt) < now - RETENTION.disputeWindowDays * DAY_MS) return false;
  return order.cancellation?.refundCents !== order.payment.amountCents;
}

/** What keeps the account: each balance the platform owes an expert, their debt, open orders, payments still disputable. */
async function moneyLeft(account: AccountRecord, conversations: readonly Conversation[]): Promise<string[]> {
  const left: string[] = [];
  if (account.role === 'professor') {
    const balances = await payments.expertBalances(account.userId);
    const amounts: [string, Cents][] = [
      [MSG.deletionLeftAvailable, balances.available],
      [MSG.deletionLeftPending, balances.pending],
      [MSG.deletionLeftFrozen, balances.frozen],
      [MSG.deletionLeftRequested, balances.requested],
      [MSG.deletionLeftDebt, balances.owed],
    ];
    for (const [label, amount] of amounts) if (amount > 0) left.push(`${label} ${formatEuros(eurosFromCents(amount))}`);
  }
  const orders = conversations.map(({ order }) => order);
  const numbers = (found: OrderRecord[]) => found.map((order) => `#${order.orderNumber}`).join(', ');
  const now = nowMs();
  const open = orders.filter((order) => isOpen(order, now));
  if (open.length > 0) left.push(`${MSG.deletionLeftOpenOrders} ${numbers(open)}`);
  const disputable = orders.filter((order) => !isOpen(order, now) && isDisputable(order, now));
  if (disputable.length > 0) left.push(`${MSG.deletionLeftDisputable} ${numbers(disputable)}`);
  return left;
}
