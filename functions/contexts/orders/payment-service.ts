/**
 * An order's money at the provider: paying (a checkout session per booking, never two open ones),
 * confirming a payment (from the webhook or the browser's return, idempotent with each other),
 * refunding a cancelled order, and the provider's events. The amount is always the server's.
 */
import { conversationPath } from '../../../shared/app-paths';
import { ORDER_RULES } from '../../../shared/limits';
import { type Cents, cents, centsFromEuros, shareOf } from '../../../shared/money';
import type { createSessionSchema } from '../../../shared/schemas/payments';
import { MSG } from '../../../shared/texts';
import type * as z from 'zod/mini';
import type { Caller } from '../../platform/access-token';
import { nowIso, nowMs } from '../../platform/clock';
import { config } from '../../platform/config';
import { BadRequest, Conflict, Forbidden } from '../../platform/errors';
import { logger } from '../../platform/logger';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import * as earnings from '../earnings/service';
import * as payments from '../payments/service';
import { announcement } from '../realtime/service';
import { nextStatus } from '../../../shared/order-transitions';
import { type CheckoutRecord, type OrderRecord, totalCents } from './order';
import * as repo from './repository';
import { type Move, move, orderOfParticipant, refusal } from './lifecycle-service';
import { sendTransferSoon } from './transfer-service';
import { chargeRefunded, disputeChanged, transferReversed } from './dispute-service';

/** Reads that may race another writer of the same order are tried again this often. */
const ATTEMPTS = 4;

const chatUrl = (orderId: string, status?: string) => `${config.appUrl}${conversationPath(orderId)}${status ? `&status=${status}` : ''}`;

/** The key of a checkout: the order, its booking's revision and the attempt. A changed booking, or a new attempt after expiry or a failed payment, gets a new one. */
const checkoutKey = (order: OrderRecord, checkout: Pick<CheckoutRecord, 'bookingRevision' | 'attempt'>) =>
  `order-${order.orderId}-booking-${checkout.bookingRevision}-checkout-${checkout.attempt}`;

/** What the student owes now, with the rules of paying: refused with the spec's messages. */
function amountDue(order: OrderRecord, actor: 'student' | 'expert', body: z.output<typeof createSessionSchema>): Cents {
  if (actor !== 'student') throw new Forbidden(MSG.cannotPayOwnOffer, 'own_offer');
  if (order.payment) throw new Conflict(MSG.alreadyPaid, 'already_paid');
  if (order.kind === 'intro') throw new BadRequest(MSG.nothingToPay, 'nothing_to_pay');
  if (order.kind === 'hourly' || order.kind === 'call') {
    if (order.status === 'open') throw new BadRequest(MSG.chooseDateHours, 'validation_failed');
    if (order.status === 'scheduled' || order.status === 'countered') throw new Conflict(MSG.waitingScheduleConfirmation, 'schedule_unconfirmed');
    const otherHours = order.kind === 'hourly' && body.booking?.hours !== order.scheduledHours;
    if (body.booking && (Date.parse(body.booking.date) !== Date.parse(order.scheduledDate ?? '') || otherHours))
      throw new Conflict(MSG.amountMismatch, 'amount_mismatch');
  }
  if (order.kind === 'work' && order.scheduledHours === undefined) throw new BadRequest(MSG.chooseWorkHours, 'validation_failed');
  if (!nextStatus(order, 'pay', 'payment', nowMs())) throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
  const total = totalCents(order);
  if (body.amount !== undefined && centsFromEuros(body.amount) !== total) throw new Conflict(MSG.amountMismatch, 'amount_mismatch');
  if (total > ORDER_RULES.maxChargeCents) throw new BadRequest(MSG.totalTooLarge, 'total_too_large');
  if (total > 0 && total < ORDER_RULES.minChargeCents) throw new BadRequest(MSG.totalTooSmall, 'total_too_small');
  return total;
}

/**
 * Hours of work (a `work` order) are chosen as the student pays: other hours than the order has make
 * a new booking revision, so a checkout opened for the old ones can no longer pay it (refunded if paid).
 */
function withWorkHours(order: OrderRecord, body: z.output<typeof createSessionSchema>): OrderRecord {
  if (order.kind !== 'work' || body.hours === undefined || body.hours === order.scheduledHours || order.payment) return order;
  return { ...order, scheduledHours: body.hours, bookingRevision: order.bookingRevision + 1 };
}

/**
 * POST /payments/create-session: the provider's checkout page for the order's current booking. A
 * double click, or a retry after an unknown outcome, gets the same session back: the checkout is
 * recorded on the order before the provider is called, and its key derives from that record.
 */
export async function createSession(caller: Caller, account: AccountRecord, body: z.output<typeof createSessionSchema>): Promise<{ url: string }> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { order, actor } = await orderOfParticipant(caller, body.chatId);
    // A suspended or deleted expert's order takes no payment (a ban refunds what was paid: docs/decisions.md).
    const expert = await accounts.getAccount(order.expertId);
    if (!expert || expert.isBanned || expert.isDeleted) throw new Conflict(MSG.expertUnavailable, 'expert_unavailable');
    const priced = withWorkHours(order, body);
    const total = amountDue(priced, actor, body);
    // A free offer is booked without the provider: nothing to charge.
    if (total === 0) {
      await move(order, { action: 'pay', actor: 'payment' });
      return { url: chatUrl(order.orderId) };
    }
    const current = priced.checkout?.bookingRevision === priced.bookingRevision ? priced.checkout : undefined;
    if (current?.sessionId) {
      const session = await payments.getCheckout(current.sessionId);
      if (session.status === 'open' && session.url) return { url: session.url };
      // A completed session whose payment failed is over, like an expired one: a new attempt follows.
      if (session.status === 'complete' && !session.paymentFailed) {
        await confirmPayment(session.sessionId);
        throw new Conflict(
          session.paymentStatus === 'paid' ? MSG.alreadyPaid : MSG.paymentNotConfirmed,
          session.paymentStatus === 'paid' ? 'already_paid' : 'payment_not_confirmed',
        );
      }
    }
    // Recorded first, so that whoever calls next derives the same key and the same parameters.
    const checkout: CheckoutRecord =
      current && !current.sessionId
        ? current
        : {
            bookingRevision: priced.bookingRevision,
            attempt: (current?.attempt ?? 0) + 1,
            amountCents: total,
            expiresAt: new Date(nowMs() + ORDER_RULES.checkoutMinutes * 60_000).toISOString(),
          };
    let recorded = order;
    if (checkout !== current) {
      // Neither member is being deleted (decision 223): a deletion that checked the money sees this checkout, or it is refused.
      const at = nowIso();
      const written = await repo.commitMove([
        repo.orderMove(
          order,
          order.status,
          { checkout, ...(priced !== order && { scheduledHours: priced.scheduledHours, bookingRevision: priced.bookingRevision }) },
          at,
        ),
        accounts.paymentsOpenCheck(order.studentId, at),
        accounts.paymentsOpenCheck(order.expertId, at),
      ]);
      if (!written) continue;
      recorded = { ...priced, checkout, version: order.version + 1 };
    }
    const session = await payments
      .createCheckout({
        idempotencyKey: checkoutKey(order, checkout),
        amountCents: checkout.amountCents,
        productName: `Order #${order.orderNumber}: ${order.offerTitle}`,
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        customerEmail: account.email,
        successUrl: chatUrl(order.orderId, 'paid'),
        cancelUrl: chatUrl(order.orderId),
        expiresAt: new Date(checkout.expiresAt),
      })
      .catch(async (error: unknown) => {
        // The provider replays a server error under this key for a day: the student's next try takes the next attempt's
        // key (decision 279). A session it made after all was never shown to anyone, and expires unpaid.
        if (error instanceof payments.ProviderServerError)
          await repo.commitMove([repo.orderMove(recorded, recorded.status, { checkout: { ...checkout, attempt: checkout.attempt + 1 } }, nowIso())]);
        throw error;
      });
    if (!session.url) throw new Conflict(MSG.paymentNotConfirmed, 'payment_not_confirmed');
    // Whoever records the session first wins; the same key gave every caller the same session.
    await repo.commitMove([repo.orderMove(recorded, recorded.status, { checkout: { ...checkout, sessionId: session.sessionId, url: session.url } }, nowIso())]);
    return { url: session.url };
  }
  throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
}

/**
 * PUT /chats/{id}/mark-paid, the browser's return: asks the provider about the order's session
 * before it marks anything. Answers whether the order is paid now.
 */
export async function markPaid(caller: Caller, orderId: string): Promise<void> {
  const { order } = await orderOfParticipant(caller, orderId);
  if (order.payment) return;
  const sessionId = order.checkout?.sessionId;
  if (!sessionId) throw new Conflict(MSG.paymentNotConfirmed, 'payment_not_confirmed');
  const paid = await confirmPayment(sessionId);
  if (!paid) throw new Conflict(MSG.paymentNotConfirmed, 'payment_not_confirmed');
}

/** The order is not stored yet (a webhook faster than its write, or another stage's table): retried by the provider. */
export class OrderNotReady extends Conflict {
  constructor() {
    super(MSG.orderNotReady, 'order_not_ready');
  }
}

/**
 * A checkout session's payment, read from the provider: the order moves to paid with its ledger
 * entry, once, whoever asks (webhook or browser, in any order, any number of times). A payment the
 * order can no longer take (it expired, was re-booked or cancelled meanwhile) is refunded in full
 * and recorded; one for an order whose expert or student has left (banned, archived, deleted)
 * cancels the order, refunded in full. Answers whether the session is paid.
 */
export async function confirmPayment(sessionId: string): Promise<boolean> {
  const session = await payments.getCheckout(sessionId);
  if (session.stage !== config.stage || !session.orderId) return false;
  if (session.paymentStatus !== 'paid' || !session.paymentIntentId) return false;
  const paymentIntentId = session.paymentIntentId;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const order = await repo.getOrder(session.orderId, { consistent: true });
    if (!order) throw new OrderNotReady();
    if (order.payment?.paymentIntentId === paymentIntentId) return true;
    const payable =
      order.checkout?.sessionId === session.sessionId &&
      order.checkout.bookingRevision === order.bookingRevision &&
      order.checkout.amountCents === session.amountCents &&
      nextStatus(order, 'pay', 'payment', nowMs()) !== undefined;
    if (!payable) {
      await refundStrayPayment(order, paymentIntentId, session.amountCents, session.feeCents);
      return true;
    }
    const left = await memberLeft(order);
    let moved: OrderRecord;
    try {
      moved = await move(order, paymentMove(order, session, paymentIntentId, left));
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      continue;
    }
    // Cancelled as it was paid: refunded now (the deadlines job retries a refund the provider refused).
    if (left) await completeRefund(moved);
    return true;
  }
  throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
}

/**
 * The order's expert or student is banned, archived or deleted now: a payment arriving for it (a
 * checkout left open when they left) cancels the order and is refunded in full (docs/decisions.md).
 * Read consistently: a ban of a moment ago counts.
 */
async function memberLeft(order: OrderRecord): Promise<boolean> {
  const members = await Promise.all([order.expertId, order.studentId].map((userId) => accounts.getAccount(userId, { consistent: true })));
  return members.some((member) => !member || member.isBanned || member.isDeleted);
}

type PaidCheckout = Awaited<ReturnType<typeof payments.getCheckout>>;

/** The move a confirmed payment makes, with its ledger entry: `pay`, or, once a member has left, the cancellation refunded in full. */
function paymentMove(order: OrderRecord, session: PaidCheckout, paymentIntentId: string, memberHasLeft: boolean): Move {
  const at = nowIso();
  const payment = {
    amountCents: session.amountCents,
    sessionId: session.sessionId,
    paymentIntentId,
    ...(session.chargeId && { chargeId: session.chargeId }),
    paidAt: at,
  };
  const writes = payments.ledgerWrites([payments.paymentEntry(order.orderId, paymentIntentId, session.amountCents, at, session.feeCents)]);
  if (!memberHasLeft) return { action: 'pay', actor: 'payment', changes: { payment }, writes };
  const cancellation = { by: 'system' as const, at, reason: 'memberUnavailable' as const, refundCents: session.amountCents };
  return { action: 'cancelUnavailable', actor: 'payment', changes: { payment, cancellation }, writes };
}

/** A payment the order cannot take: refunded in full at once, with both movements in the ledger. */
async function refundStrayPayment(order: OrderRecord, paymentIntentId: string, amount: Cents, providerFee?: Cents): Promise<void> {
  if (await payments.getLedgerEntry(`payment:${paymentIntentId}`)) return;
  logger.warn('A payment the order can no longer take is refunded', { orderId: order.orderId, paymentIntentId, status: order.status });
  const refund = await payments.refund({ operation: `stray-${paymentIntentId}`, paymentIntentId, amountCents: amount, orderId: order.orderId });
  const at = nowIso();
  const entries = [
    payments.paymentEntry(order.orderId, paymentIntentId, amount, at, providerFee),
    ...payments.settlementEntries(order, amount, refund, at).filter((entry) => entry.kind === 'refund'),
  ];
  if (!(await repo.commitMove(payments.ledgerWrites(entries)))) logger.info('Stray payment already recorded', { paymentIntentId });
}

// Cancelling -------------------------------------------------------------------------------------

/**
 * PUT /chats/{id}/cancel, by either side, as the terms state: free before payment (an open checkout
 * is expired first); refunded in full when the expert cancels or the student cancels early enough;
 * otherwise the expert decides the refund's share within 48 hours.
 */
const CANCELLATIONS = ['cancelUnpaid', 'cancelRefunded', 'cancelLate'] as const;

export async function cancel(caller: Caller, orderId: string): Promise<{ msg: string }> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { order, actor } = await orderOfParticipant(caller, orderId);
    // Paid a moment ago: cancelling is now that of a paid order.
    if (await checkoutPaidMeanwhile(order)) continue;
    const now = nowMs();
    // Both sides cancel, each in their way: where none of the ways applies, the order is past cancelling for either.
    if (!CANCELLATIONS.some((action) => nextStatus(order, action, actor, now))) throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
    try {
      if (nextStatus(order, 'cancelUnpaid', actor, now)) {
        await move(order, { action: 'cancelUnpaid', actor });
        return { msg: MSG.orderCanceled };
      }
      if (nextStatus(order, 'cancelRefunded', actor, now)) {
        const refund = order.payment?.amountCents ?? cents(0);
        const canceled = await move(order, { action: 'cancelRefunded', actor, changes: { cancellation: { by: actor, at: nowIso(), refundCents: refund } } });
        await completeRefund(canceled);
        return { msg: refund > 0 ? MSG.orderCanceledRefunded : MSG.orderCanceled };
      }
      await move(order, { action: 'cancelLate', actor, changes: { cancellation: { by: actor, at: nowIso() } } });
      return { msg: MSG.refundDecisionPending };
    } catch (error) {
      if (!(error instanceof Conflict) || attempt === ATTEMPTS) throw error;
    }
  }
  throw new Conflict(MSG.orderNotMovable, 'order_not_movable');
}

/**
 * Before an unpaid order gives up its booking (cancelled, or its hold expired): its open checkout
 * is expired at the provider, so that nobody pays it later. True when it had been paid a moment
 * ago: the payment is confirmed now, and the order is paid.
 */
export async function checkoutPaidMeanwhile(order: OrderRecord): Promise<boolean> {
  if (order.payment || !order.checkout?.sessionId) return false;
  const session = await payments.expireCheckout(order.checkout.sessionId);
  return session.status === 'complete' && (await confirmPayment(session.sessionId));
}

/**
 * The refund a cancelled order decided, at the provider, then in the ledger with the credit of the
 * rest. Its key derives from the order, so a retry (this call again, or the deadlines job finding a
 * decided refund without its id) refunds once.
 */
export async function completeRefund(order: OrderRecord): Promise<void> {
  const { payment, cancellation } = order;
  if (!payment || !cancellation || cancellation.refundCents === undefined || cancellation.refundId) return;
  // What the order still holds: all of the payment, unless a refund was made in the provider's dashboard meanwhile.
  const held = await payments.heldBy(order.orderId);
  const refundCents = cents(Math.min(cancellation.refundCents, held));
  const refund =
    refundCents > 0
      ? await payments.refund({
          operation: `order-${order.orderId}-refund`,
          paymentIntentId: payment.paymentIntentId,
          amountCents: refundCents,
          orderId: order.orderId,
        })
      : { refundId: 'none', amountCents: cents(0) };
  const entries = payments.settlementEntries(order, held, refund, nowIso(), await payments.expertDebt(order.expertId));
  // The student hears of the money on its way back (the notifications function mails it).
  const event = announcement(
    [order.studentId, order.expertId],
    { type: 'orderChanged', chatId: order.orderId, orderStatus: order.status },
    {
      kind: 'refundIssued',
      orderId: order.orderId,
    },
  );
  // The rest, if any, is the expert's: its transfer is due.
  const credit = payments.creditedTo(order.expertId, entries);
  const changes: repo.OrderChanges = {
    cancellation: { ...cancellation, refundId: refund.refundId },
    ...(credit > 0 && { transfer: { status: 'due' as const, amountCents: credit } }),
  };
  const settled: OrderRecord = { ...order, ...changes, version: order.version + 1 };
  const recorded = await repo.commitMove([
    repo.orderChange(order, changes, nowIso()),
    ...payments.ledgerWrites(entries),
    ...(refund.amountCents > 0 ? [event.put] : []),
  ]);
  if (!recorded) {
    logger.info('Refund already recorded', { orderId: order.orderId });
    return;
  }
  if (refund.amountCents > 0) await event.pushNow();
  await sendTransferSoon(settled);
}

// Provider events --------------------------------------------------------------------------------

/**
 * POST /webhooks/stripe: a verified event, processed once. Events of another stage sharing the
 * account are acknowledged and ignored. Where order matters, the state is read from the provider
 * again rather than taken from the event, so duplicates and events out of order change nothing.
 * Its endpoints subscribe to the types it acts on (payments/webhook-events.ts).
 */
export async function handleProviderEvent(rawBody: string, signature: string | undefined): Promise<{ received: true }> {
  const event = await payments.verifiedEvent(rawBody, signature);
  // A dispute carries no metadata of its own: its payment's names the stage (dispute-service.ts).
  const isDispute = event.type.startsWith('charge.dispute.') || event.type === 'charge.refunded';
  if ((!isDispute && !payments.isOfThisStage(event)) || (await payments.isEventProcessed(event.eventId))) return { received: true };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      await confirmPayment(event.objectId);
      break;
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      // Nothing was paid: the order keeps its booking, and the next checkout is a new attempt.
      break;
    case 'account.updated':
      await payments.payoutAccountChanged(event);
      break;
    case 'payout.paid':
    case 'payout.failed':
    case 'payout.canceled':
      await earnings.payoutChanged(event);
      break;
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      await disputeChanged(event);
      break;
    case 'transfer.reversed':
      await transferReversed(event);
      break;
    case 'charge.refunded':
      // The marketplace's own refunds are recorded where they are made; one made elsewhere is recorded from the event.
      await chargeRefunded(event);
      break;
    default:
      logger.info('Provider event ignored', { type: event.type });
  }
  await payments.markEventProcessed(event.eventId, event.type);
  return { received: true };
}

/** The expert's share of a late cancellation's refund, decided within 48 hours. */
export async function decideRefund(caller: Caller, orderId: string, refundPercent: number): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  // Only a paid order cancelled late waits for this decision: from anything else the table's refusal.
  if (!order.payment || !order.cancellation) throw refusal('decideRefund', actor);
  const refundCents = shareOf(order.payment.amountCents, refundPercent);
  const canceled = await move(order, { action: 'decideRefund', actor, changes: { cancellation: { ...order.cancellation, refundCents } } });
  await completeRefund(canceled);
  return { msg: refundCents > 0 ? MSG.orderCanceledRefunded : MSG.orderCanceled };
}
