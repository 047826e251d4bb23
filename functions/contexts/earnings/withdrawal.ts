/**
 * A withdrawal: an expert's request to be paid out an amount of their available earnings. One
 * status and a table of who may move it where (docs/payouts.md): an admin approves it (a payout
 * from the expert's connected account is made) or rejects it (the amount is available again); the
 * provider then reports the payout paid, or failed (the amount is available again). Every move is
 * conditional on the status it starts from, so a repeated or concurrent decision lands once.
 */
import * as z from 'zod/mini';
import { type Cents, cents, eurosFromCents } from '../../../shared/money';
import { WITHDRAWAL_STATUSES, type Withdrawal, type WithdrawalStatus } from '../../../shared/schemas/earnings';

export type { WithdrawalStatus };

export interface WithdrawalRecord {
  withdrawalId: string;
  expertId: string;
  amountCents: Cents;
  status: WithdrawalStatus;
  createdAt: string;
  updatedAt?: string;
  /** The admin's reason for a rejection, shown to the expert. */
  reason?: string;
  /** The provider's payout, once approved. */
  payoutId?: string;
  /** Why the payout failed, in the expert's words. */
  failureMessage?: string;
  /** Counts the withdrawal's writes: each is conditional on the version it read. */
  version: number;
}

/** An admin decides; the provider reports the payout; the system pays out funds at the holding limit. */
export type WithdrawalActor = 'admin' | 'provider' | 'system';
export type WithdrawalAction = 'approve' | 'reject' | 'payoutPaid' | 'payoutFailed';

interface Transition {
  from: readonly WithdrawalStatus[];
  to: WithdrawalStatus;
  by: readonly WithdrawalActor[];
}

export const WITHDRAWAL_TRANSITIONS: Record<WithdrawalAction, Transition> = {
  approve: { from: ['pending'], to: 'approved', by: ['admin', 'system'] },
  reject: { from: ['pending'], to: 'rejected', by: ['admin'] },
  payoutPaid: { from: ['approved'], to: 'paid', by: ['provider'] },
  payoutFailed: { from: ['approved'], to: 'failed', by: ['provider'] },
};

/** The status an action moves the withdrawal to, or undefined when this actor may not take it now. */
export function nextWithdrawalStatus(
  withdrawal: Pick<WithdrawalRecord, 'status'>,
  action: WithdrawalAction,
  actor: WithdrawalActor,
): WithdrawalStatus | undefined {
  const transition = WITHDRAWAL_TRANSITIONS[action];
  return transition.by.includes(actor) && transition.from.includes(withdrawal.status) ? transition.to : undefined;
}

/** The id of a payout the system made at the holding limit starts so (the rest derives from its order). */
export const HOLDING_PAYOUT_PREFIX = 'holding-';

/** Whether the admin's decision is still to be made: only these show actions. */
export const isUndecided = (status: WithdrawalStatus): boolean => status === 'pending';

/** Whether the amount is back in the available balance (a rejection, a failed payout). */
export const isReturned = (status: WithdrawalStatus): boolean => status === 'rejected' || status === 'failed';

/** The spec's view of a withdrawal, an allowlist. */
export function toWithdrawalDto(withdrawal: WithdrawalRecord): Withdrawal {
  return {
    _id: withdrawal.withdrawalId,
    amount: eurosFromCents(withdrawal.amountCents),
    status: withdrawal.status,
    createdAt: withdrawal.createdAt,
    ...(withdrawal.reason && { reason: withdrawal.reason }),
    ...(withdrawal.failureMessage && { failureMessage: withdrawal.failureMessage }),
  };
}

const withdrawalItem = z.object({
  withdrawalId: z.string(),
  expertId: z.string(),
  amountCents: z.pipe(z.number(), z.transform(cents)),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: z.string(),
  updatedAt: z.optional(z.string()),
  reason: z.optional(z.string()),
  payoutId: z.optional(z.string()),
  failureMessage: z.optional(z.string()),
  version: z.number(),
});

export const fromWithdrawalItem = (item: Record<string, unknown>): WithdrawalRecord => withdrawalItem.parse(item);
