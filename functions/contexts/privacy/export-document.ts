/**
 * The document of a member's data export: everything the product holds about them, read through
 * each context's service, each part an allowlist (decision 166: no hash, no provider id, no
 * private counter).
 */
import type { Cents } from '../../../shared/money';
import { eurosFromCents } from '../../../shared/money';
import { MSG } from '../../../shared/texts';
import { nowIso } from '../../platform/clock';
import { type AccountRecord, toCurrentAccount } from '../accounts/account';
import * as offers from '../catalogue/account-offers-service';
import type { MessageRecord } from '../chats/chat';
import * as chats from '../chats/service';
import * as payments from '../payments/balance-service';

/**
 * A message as the member's export holds it (decision 270). One a moderator removed is the author's
 * data while it is stored (GDPR article 15): their export keeps its text, marked as removed; the
 * other member's shows it as removed, without its text, as their conversation does.
 */
function exportedMessage(message: MessageRecord, memberId: string) {
  const fromYou = message.senderId === memberId;
  if (message.removedAt === undefined) return { fromYou, content: message.content, createdAt: message.createdAt };
  return fromYou
    ? { fromYou, content: message.content, removedByModeratorAt: message.removedAt, createdAt: message.createdAt }
    : { fromYou, content: MSG.messageRemoved, removedByModeratorAt: message.removedAt, createdAt: message.createdAt };
}

/** Everything the product holds about the member, each part an allowlist: no hashes, no provider ids. */
export async function dataOf(account: AccountRecord) {
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
      messages: messages.map((message) => exportedMessage(message, account.userId)),
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
