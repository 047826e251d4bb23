/**
 * A cardholder's dispute of an order's payment (docs/payouts.md). `charge.dispute.created` and
 * `charge.dispute.closed` both read the dispute from the provider as it is now, so duplicates and
 * events out of order apply each step once: opened (the expert's share frozen, what they were paid
 * out of it already owed if the dispute is lost), then won (all of it back) or lost (the expert's
 * share kept, what is still in their connected account reversed). Every step is one transaction of the order and its ledger entries,
 * keyed by the dispute. Refunds and reversals made outside the marketplace (in the provider's
 * dashboard) are recorded too.
 */
import { type Cents, cents } from '../../../shared/money';
import { config } from '../../platform/config';
import { nowIso } from '../../platform/clock';
import { logger } from '../../platform/logger';
import * as payments from '../payments/service';
import type { Dispute, DisputeMoney, ProviderEvent } from '../payments/service';
import { announcement } from '../realtime/service';
import type { DisputeRecord, OrderRecord, ReversalRecord } from './order';
import * as repo from './repository';

/** A step lost to a concurrent write (the order, or a balance it moves) is taken again from a fresh read. */
const ATTEMPTS = 4;

const moneyOf = (order: OrderRecord, dispute: DisputeRecord): DisputeMoney => ({
  disputeId: dispute.disputeId,
  orderId: order.orderId,
  expertId: order.expertId,
  amountCents: dispute.amountCents,
  feeCents: dispute.feeCents,
  frozenCents: dispute.frozenCents,
  fromAvailableCents: dispute.fromAvailableCents,
});

/** charge.dispute.*: the dispute as the provider holds it now, applied to its order. */
export async function disputeChanged(event: ProviderEvent): Promise<void> {
  const dispute = await payments.getDispute(event.objectId);
  if (dispute.stage !== config.stage || !dispute.orderId) return;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const order = await repo.getOrder(dispute.orderId, { consistent: true });
    if (!order) {
      logger.error('A dispute of an order that does not exist', { disputeId: dispute.disputeId, orderId: dispute.orderId });
      return;
    }
    const step = nextStep(order, dispute);
    if (!step) return;
    if (await step()) {
      const after = await repo.getOrder(dispute.orderId, { consistent: true });
      if (after?.reversal?.status === 'due') await reverse(after);
      if (after?.dispute?.status !== dispute.status) continue;
      return;
    }
  }
  throw new Error(`Dispute ${dispute.disputeId} not applied after ${ATTEMPTS} attempts`);
}

function nextStep(order: OrderRecord, dispute: Dispute): (() => Promise<boolean>) | undefined {
  if (!order.dispute) return () => open(order, dispute);
  if (order.dispute.disputeId !== dispute.disputeId) {
    logger.error('A second dispute of one payment', { orderId: order.orderId, disputeId: dispute.disputeId });
    return undefined;
  }
  const { status } = dispute;
  if (order.dispute.status === 'open' && status !== 'open') return () => close(order, order.dispute as DisputeRecord, status);
  return undefined;
}

async function open(order: OrderRecord, dispute: Dispute): Promise<boolean> {
  // The expert's share is at most what the order credited them (nothing before its credit).
  const frozenCents = cents(Math.min(dispute.amountCents, (await payments.creditOf(order.orderId, order.expertId)) ?? 0));
  const { available } = await payments.expertBalances(order.expertId);
  const record: DisputeRecord = {
    disputeId: dispute.disputeId,
    status: 'open',
    amountCents: dispute.amountCents,
    feeCents: dispute.feeCents,
    frozenCents,
    fromAvailableCents: cents(Math.min(frozenCents, available)),
    openedAt: nowIso(),
  };
  const notice = announcement(
    [order.expertId],
    { type: 'orderChanged', chatId: order.orderId, orderStatus: order.status },
    { kind: 'paymentDisputed', orderId: order.orderId },
  );
  const written = await write(order, { dispute: record }, [payments.disputeOpenedEntry(moneyOf(order, record), record.openedAt)], [notice.put]);
  if (written) await notice.pushNow();
  return written;
}

async function close(order: OrderRecord, record: DisputeRecord, outcome: 'won' | 'lost'): Promise<boolean> {
  const at = nowIso();
  const closed: DisputeRecord = { ...record, status: outcome, closedAt: at };
  const notice = announcement(
    [order.expertId],
    { type: 'orderChanged', chatId: order.orderId, orderStatus: order.status },
    { kind: 'disputeDecided', orderId: order.orderId },
  );
  let written: boolean;
  if (outcome === 'won') {
    written = await write(order, { dispute: closed }, [payments.disputeWonEntry(moneyOf(order, record), at)], [notice.put]);
  } else {
    const reversal: ReversalRecord | undefined =
      record.fromAvailableCents > 0 ? { status: 'due', amountCents: record.fromAvailableCents, reason: 'dispute' } : undefined;
    written = await write(order, { dispute: closed, ...(reversal && { reversal }) }, [payments.disputeLostEntry(moneyOf(order, record), at)], [notice.put]);
  }
  if (written) await notice.pushNow();
  return written;
}

/** What names a reversal at the provider and in the ledger: the dispute or the refund it follows. */
function reversalKeyOf(order: OrderRecord): string | undefined {
  if (order.reversal?.reason === 'refund') return order.outsideRefund && `refund-${order.outsideRefund.refundId}`;
  return order.dispute && `dispute-${order.dispute.disputeId}`;
}

/**
 * Takes the expert's share back from the connected account (a lost dispute's frozen share, a
 * refund's share), from the order's own transfer, keyed by what it follows: a retry reverses once.
 * Refused (the funds left the account), it becomes the expert's debt; a failure of the provider
 * leaves it due for the deadlines job.
 */
export async function reverse(order: OrderRecord): Promise<void> {
  const { reversal } = order;
  const key = reversalKeyOf(order);
  if (reversal?.status !== 'due' || !key) return;
  const transferId = order.transfer?.transferId;
  const at = nowIso();
  try {
    if (!transferId) throw new payments.ProviderRefusal('The order has no transfer to reverse');
    const made = await payments.reverseTransfer({ operation: `${key}-reversal`, transferId, amountCents: reversal.amountCents, orderId: order.orderId });
    await write(order, { reversal: { ...reversal, status: 'reversed', reversalId: made.reversalId } }, [
      payments.reversalEntry(order.orderId, order.expertId, made.reversalId, made.amountCents, at),
    ]);
  } catch (error) {
    if (!(error instanceof payments.ProviderRefusal)) throw error;
    logger.warn('Reversal refused: the amount is the expert’s debt', { orderId: order.orderId, reason: error.message });
    await write(order, { reversal: { ...reversal, status: 'failed' } }, [
      payments.reversalFailedEntry(order.orderId, order.expertId, key, reversal.amountCents, at),
    ]);
  }
}

/**
 * charge.refunded: the marketplace records the refunds it makes itself; one made elsewhere (the
 * provider's dashboard) is recorded here, once (keyed by its id). Before the order's credit it
 * comes out of what the order holds; after it, the expert bears their share (in proportion to what
 * they earned of the payment), taken from their available balance and back from their connected
 * account by a reversal, and beyond it as their debt.
 */
export async function chargeRefunded(event: ProviderEvent): Promise<void> {
  const charge = await payments.chargeRefunds(event.objectId);
  if (charge.stage !== config.stage || !charge.orderId) return;
  for (const refund of charge.refunds) {
    if (refund.stage !== undefined || (await payments.getLedgerEntry(`refund:${refund.refundId}`))) continue;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const order = await repo.getOrder(charge.orderId, { consistent: true });
      if (!order) return;
      if (await recordOutsideRefund(order, refund)) break;
      if (attempt === ATTEMPTS) throw new Error(`Refund ${refund.refundId} not recorded after ${ATTEMPTS} attempts`);
    }
    const after = await repo.getOrder(charge.orderId, { consistent: true });
    if (after?.reversal?.status === 'due') await reverse(after);
    logger.warn('A refund made outside the marketplace was recorded', { orderId: charge.orderId, refundId: refund.refundId });
  }
}

async function recordOutsideRefund(order: OrderRecord, refund: { refundId: string; amountCents: Cents }): Promise<boolean> {
  const at = nowIso();
  const earned = await payments.creditOf(order.orderId, order.expertId);
  if (earned === undefined) {
    const outsideRefund = { refundId: refund.refundId, amountCents: refund.amountCents, at, expertShareCents: cents(0) };
    return write(order, { outsideRefund }, [payments.heldRefundEntry(order.orderId, refund.refundId, refund.amountCents, at)]);
  }
  const paid = order.payment?.amountCents ?? refund.amountCents;
  const expertShareCents = cents(Math.min(earned, Math.round((refund.amountCents * earned) / paid)));
  const { available } = await payments.expertBalances(order.expertId);
  const fromAvailableCents = cents(Math.min(expertShareCents, available));
  const reversal: ReversalRecord | undefined =
    fromAvailableCents > 0 && !order.reversal ? { status: 'due', amountCents: fromAvailableCents, reason: 'refund' } : undefined;
  return write(order, { outsideRefund: { refundId: refund.refundId, amountCents: refund.amountCents, at, expertShareCents }, ...(reversal && { reversal }) }, [
    payments.outsideRefundEntry(
      { orderId: order.orderId, expertId: order.expertId, refundId: refund.refundId, amountCents: refund.amountCents, expertShareCents, fromAvailableCents },
      at,
    ),
  ]);
}

/** The order's changes with their ledger entries (and event), conditional on the order as read. */
async function write(
  order: OrderRecord,
  changes: repo.OrderChanges,
  entries: ReturnType<typeof payments.reversalEntry>[],
  extra: repo.OrderWrite[] = [],
): Promise<boolean> {
  return repo.commitMove([repo.orderChange(order, changes, nowIso()), ...payments.ledgerWrites(entries), ...extra]);
}

/**
 * transfer.reversed: the marketplace records the reversals it makes itself; one made elsewhere
 * (the provider's dashboard) is recorded here, once (keyed by its id), against the expert's
 * available balance and, beyond it, as their debt.
 */
export async function transferReversed(event: ProviderEvent): Promise<void> {
  const order = event.metadata.orderId ? await repo.getOrder(event.metadata.orderId, { consistent: true }) : undefined;
  if (!order) return;
  for (const reversal of await payments.transferReversals(event.objectId)) {
    if (reversal.stage !== undefined || (await payments.getLedgerEntry(`reversal:${reversal.reversalId}`))) continue;
    for (let attempt = 1; ; attempt++) {
      const { available } = await payments.expertBalances(order.expertId);
      const entry = payments.externalReversalEntry(
        order.orderId,
        order.expertId,
        reversal.reversalId,
        reversal.amountCents,
        cents(Math.min(available, reversal.amountCents)),
        nowIso(),
      );
      if (await repo.commitMove(payments.ledgerWrites([entry]))) break;
      if (await payments.getLedgerEntry(`reversal:${reversal.reversalId}`)) break;
      if (attempt === ATTEMPTS) throw new Error(`Reversal ${reversal.reversalId} not recorded after ${ATTEMPTS} attempts`);
    }
    logger.warn('A transfer reversed outside the marketplace was recorded', { orderId: order.orderId, reversalId: reversal.reversalId });
  }
}
