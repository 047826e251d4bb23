/**
 * The expert's credit, sent to their connected account (docs/payouts.md): a transfer of the
 * order's charge (`source_transaction`), so Stripe makes it available when the charge settles and
 * it never fails for want of funds. Its key derives from the order, so a retry transfers once. A
 * transfer the provider could not make now (no payable account yet, the provider down) stays due
 * and the deadlines job tries it again; once made, the job settles it when its funds are available.
 * Funds left in the connected account near the provider's holding limit are announced to the
 * expert, then paid out (docs/payouts.md).
 */
import { nowIso, nowMs } from '../../platform/clock';
import { logger } from '../../platform/logger';
import { type Cents, cents } from '../../../shared/money';
import * as accounts from '../accounts/service';
import * as earnings from '../earnings/service';
import * as payments from '../payments/service';
import { announcement } from '../realtime/service';
import { dueAtOf, type OrderRecord, type TransferRecord } from './order';
import * as repo from './repository';

/** A due transfer is tried again this long after it could not be made. */
const RETRY_MS = 60 * 60_000;
/** A settlement whose funds are not available at their time yet is looked at again this long after. */
const SETTLE_RECHECK_MS = 60 * 60_000;

/** Records the order's transfer as it now stands, with its ledger entries (and event), conditional on the order as read. */
async function record(
  order: OrderRecord,
  transfer: TransferRecord,
  entries: ReturnType<typeof payments.transferEntry>[],
  extra: repo.OrderWrite[] = [],
): Promise<OrderRecord> {
  const at = nowIso();
  const written = await repo.commitMove([repo.orderChange(order, { transfer }, at), ...payments.ledgerWrites(entries), ...extra]);
  if (!written) logger.info('Transfer recorded meanwhile', { orderId: order.orderId });
  const moved: OrderRecord = { ...order, transfer, updatedAt: at, version: order.version + 1 };
  return { ...moved, dueAt: dueAtOf(moved) };
}

/** The order's charge: on the payment, or read from its checkout when the payment predates it. */
async function chargeOf(order: OrderRecord): Promise<string | undefined> {
  if (!order.payment) return undefined;
  return order.payment.chargeId ?? (await payments.getCheckout(order.payment.sessionId)).chargeId;
}

/** Sends a due transfer; when it cannot be made now, it stays due and is tried again later. */
export async function sendTransfer(order: OrderRecord): Promise<OrderRecord> {
  const due = order.transfer;
  if (due?.status !== 'due') return order;
  const expert = await accounts.getAccount(order.expertId);
  const chargeId = expert?.payoutAccountId && expert.payoutsEnabled ? await chargeOf(order) : undefined;
  if (!expert?.payoutAccountId || !chargeId) {
    return record(order, { ...due, retryAt: new Date(nowMs() + RETRY_MS).toISOString() }, []);
  }
  const made = await payments.transfer({
    operation: `order-${order.orderId}-transfer`,
    amountCents: due.amountCents,
    destinationAccountId: expert.payoutAccountId,
    sourceChargeId: chargeId,
    orderId: order.orderId,
  });
  const { availableOn, available } = await payments.chargeAvailability(chargeId);
  const at = nowIso();
  const entries = [payments.transferEntry(order.orderId, order.expertId, made.transferId, made.amountCents, at)];
  if (available) entries.push(payments.settlementEntry(order.orderId, order.expertId, made.transferId, made.amountCents, at));
  return record(
    order,
    { status: available ? 'settled' : 'sent', amountCents: made.amountCents, transferId: made.transferId, availableOn: availableOn.toISOString(), sentAt: at },
    entries,
    // The expert's earnings say when pending funds become available.
    available ? [] : [earnings.pendingFundsWrite(order.expertId, made.transferId, availableOn.toISOString())],
  );
}

/** Sends a due transfer right after the credit; a failure leaves it due for the deadlines job. */
export async function sendTransferSoon(order: OrderRecord): Promise<void> {
  await sendTransfer(order).catch((error: unknown) =>
    logger.warn('Transfer not made yet; the deadlines job retries it', { orderId: order.orderId, error: error as Error }),
  );
}

/** A sent transfer whose funds the provider now says are available becomes withdrawable. */
export async function settleTransfer(order: OrderRecord): Promise<OrderRecord> {
  const sent = order.transfer;
  if (sent?.status !== 'sent' || !sent.transferId) return order;
  const chargeId = await chargeOf(order);
  if (!chargeId) return order;
  const { availableOn, available } = await payments.chargeAvailability(chargeId);
  if (!available) {
    const later = Math.max(availableOn.getTime(), nowMs() + SETTLE_RECHECK_MS);
    return record(
      order,
      { ...sent, availableOn: new Date(later).toISOString() },
      [],
      [earnings.pendingFundsWrite(order.expertId, sent.transferId, availableOn.toISOString())],
    );
  }
  return record(
    order,
    { ...sent, status: 'settled' },
    [payments.settlementEntry(order.orderId, order.expertId, sent.transferId, sent.amountCents, nowIso())],
    [earnings.pendingFundsWrite(order.expertId, sent.transferId)],
  );
}

// The holding limit --------------------------------------------------------------------------------

/** What of the order's transfer is still in the expert's connected account (first in, first out). */
function heldOf(order: OrderRecord, transfer: TransferRecord): Promise<Cents> {
  const at = transfer.sentAt ?? transfer.availableOn;
  if (!transfer.transferId || !at) return Promise.resolve(cents(0));
  return payments.stillHeld(order.expertId, { transferId: transfer.transferId, at, amountCents: transfer.amountCents });
}

/**
 * The holding limit's warning: if the order's funds are still in the connected account 14 days
 * before the limit, the expert is mailed (the notice names the order); either way the order then
 * waits for the payout deadline, or for nothing when its funds left.
 */
export async function warnHolding(order: OrderRecord): Promise<OrderRecord> {
  const transfer = order.transfer;
  if (transfer?.status !== 'settled' || transfer.holding) return order;
  const held = await heldOf(order, transfer);
  if (held === 0) return record(order, { ...transfer, holding: 'cleared' }, []);
  const notice = announcement(
    [order.expertId],
    { type: 'orderChanged', chatId: order.orderId, orderStatus: order.status },
    { kind: 'fundsHeldLong', orderId: order.orderId },
  );
  const warned = await record(order, { ...transfer, holding: 'warned' }, [], [notice.put]);
  await notice.pushNow();
  return warned;
}

/** Days before the holding limit: what is still held is paid out to the expert's bank, once. */
export async function payOutHeld(order: OrderRecord): Promise<OrderRecord> {
  const transfer = order.transfer;
  if (transfer?.status !== 'settled' || transfer.holding !== 'warned') return order;
  if ((await heldOf(order, transfer)) > 0) await earnings.payOutHeldFunds(order.expertId, order.orderId);
  return record(order, { ...transfer, holding: 'cleared' }, []);
}
