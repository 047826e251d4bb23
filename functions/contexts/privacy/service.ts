/**
 * A member's own data (issue 15, docs/decisions.md 166-169): the export of everything the product
 * holds about them, and the deletion of their account, by themselves or by retention. Each
 * context's data is read and written through that context's service, never its repository.
 */
import { RETENTION } from '../../../shared/limits';
import { type Cents, eurosFromCents, formatEuros } from '../../../shared/money';
import type { DataExportStatus } from '../../../shared/schemas/account-data';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowIso, nowMs } from '../../platform/clock';
import { Conflict, Contention } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import { fileDownloadUrl, keepJson, keptAt } from '../../platform/uploads';
import { type AccountRecord, toCurrentAccount } from '../accounts/account';
import * as accounts from '../accounts/service';
import * as profiles from '../accounts/profile-service';
import * as offers from '../catalogue/account-offers-service';
import * as reviews from '../catalogue/review-service';
import * as chats from '../chats/service';
import type { OrderRecord } from '../orders/order';
import * as payments from '../payments/balance-service';
import { accountDeletedMail } from './mails';

type Conversation = Awaited<ReturnType<typeof chats.conversationsOf>>[number];

const DAY_MS = 86_400_000;

/** Where a member's export is kept: one per member, replaced by each new export, gone after a day (the bucket's lifecycle rule). */
const exportKey = (userId: string) => `${RETENTION.exportPrefix}/${userId}.json`;

// Export -----------------------------------------------------------------------------------------

/**
 * POST /user/export: builds the member's export into the private bucket and answers its signed
 * address. Built in the request (decision 166): a member's data is small, and what crosses the
 * API is the address, never the document.
 */
export async function exportData(caller: Caller, account: AccountRecord): Promise<DataExportStatus> {
  const document = await dataOf(account);
  await keepJson(exportKey(caller.userId), document, 'my-data.json');
  return exportStatus(caller);
}

/** GET /user/export: the member's latest export, with a fresh short-lived address, while it is kept. */
export async function exportStatus(caller: Caller): Promise<DataExportStatus> {
  const createdAt = await keptAt(exportKey(caller.userId));
  if (!createdAt) return { msg: MSG.exportNone, status: 'none' };
  return {
    msg: MSG.exportReady,
    status: 'ready',
    createdAt: createdAt.toISOString(),
    url: await fileDownloadUrl(exportKey(caller.userId), RETENTION.exportLinkSeconds),
    expiresAt: new Date(Date.now() + RETENTION.exportLinkSeconds * 1000).toISOString(),
  };
}

/** Everything the product holds about the member, each part an allowlist: no hashes, no provider ids. */
async function dataOf(account: AccountRecord) {
  const isExpert = account.role === 'professor';
  const [conversations, ownOffers, ledger] = await Promise.all([
    chats.conversationsOf(account.userId, { withMessages: true }),
    isExpert ? offers.everyOfferOf(account.userId) : [],
    isExpert ? payments.expertStatement(account.userId) : [],
  ]);
  const euros = (amount: Cents) => eurosFromCents(amount);
  return {
    exportedAt: nowIso(),
    profile: { ...toCurrentAccount(account), ...(account.lastActiveAt && { lastActiveAt: account.lastActiveAt }) },
    offers: ownOffers.map((offer) => ({
      _id: offer.offerId,
      title: offer.title,
      description: offer.description,
      price: euros(offer.priceCents),
      lessonType: offer.lessonType,
      pricingType: offer.pricingType,
      status: offer.status,
      ...(offer.photo && { photo: `/uploads/${offer.photo}` }),
      createdAt: offer.createdAt,
    })),
    conversations: conversations.map(({ chat, messages }) => ({
      _id: chat.chatId,
      offerTitle: chat.offer.title,
      yourRole: chat.studentId === account.userId ? 'student' : 'expert',
      createdAt: chat.createdAt,
      messages: messages.map((message) => ({ fromYou: message.senderId === account.userId, content: message.content, createdAt: message.createdAt })),
    })),
    orders: conversations.map(({ order }) => ({
      orderNumber: order.orderNumber,
      yourRole: order.studentId === account.userId ? 'student' : 'expert',
      offerTitle: order.offerTitle,
      kind: order.kind,
      status: order.status,
      price: euros(order.priceCents),
      ...(order.scheduledDate && { scheduledDate: order.scheduledDate }),
      ...(order.payment && { payment: { amount: euros(order.payment.amountCents), paidAt: order.payment.paidAt } }),
      ...(order.cancellation?.refundCents !== undefined && { refund: euros(order.cancellation.refundCents) }),
      createdAt: order.createdAt,
    })),
    reviews: conversations.flatMap(({ review }) =>
      review
        ? [
            {
              orderNumber: review.orderNumber,
              written: review.studentId === account.userId,
              rating: review.rating,
              ...(review.comment && { comment: review.comment }),
              createdAt: review.createdAt,
            },
          ]
        : [],
    ),
    ledger: ledger.map((line) => ({ at: line.at, entry: line.entryId, balance: balanceName(line.account), amount: euros(line.amountCents) })),
  };
}

/** A ledger account as its owner knows it: `expert:<id>:available` is "available", `connected:<id>` "connected", `debt:<id>` "debt". */
const balanceName = (account: string) => (account.startsWith('expert:') ? account.split(':')[2] : account.split(':')[0]);

// Deletion ---------------------------------------------------------------------------------------

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
 * need its records, its offers out of every list, its sessions and sockets ended. For retention,
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
