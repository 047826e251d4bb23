import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { WITHDRAWAL_STATUSES } from '../../../shared/schemas/earnings';
import { fromWithdrawalItem, isReturned, isUndecided, nextWithdrawalStatus, toWithdrawalDto, type WithdrawalAction, type WithdrawalRecord } from './withdrawal';

const pending: WithdrawalRecord = {
  withdrawalId: 'w1',
  expertId: 'e1',
  amountCents: cents(12_550),
  status: 'pending',
  createdAt: '2026-11-25T10:00:00.000Z',
  version: 0,
};

describe('the withdrawal status table', () => {
  it('lets an admin approve or reject a pending withdrawal, once, and the provider settle an approved one', () => {
    expect(nextWithdrawalStatus(pending, 'approve', 'admin')).toBe('approved');
    expect(nextWithdrawalStatus(pending, 'reject', 'admin')).toBe('rejected');
    expect(nextWithdrawalStatus({ status: 'approved' }, 'payoutPaid', 'provider')).toBe('paid');
    expect(nextWithdrawalStatus({ status: 'approved' }, 'payoutFailed', 'provider')).toBe('failed');
  });

  it('refuses every other move: a second decision, a decision on a payout, the provider deciding', () => {
    const allowed = new Set([
      'pending:approve:admin',
      'pending:approve:system',
      'pending:reject:admin',
      'approved:payoutPaid:provider',
      'approved:payoutFailed:provider',
    ]);
    for (const status of WITHDRAWAL_STATUSES)
      for (const action of ['approve', 'reject', 'payoutPaid', 'payoutFailed'] as WithdrawalAction[])
        for (const actor of ['admin', 'provider'] as const)
          expect(nextWithdrawalStatus({ status }, action, actor) !== undefined).toBe(allowed.has(`${status}:${action}:${actor}`));
  });

  it('shows actions on pending withdrawals only, and returns the funds of rejected and failed ones', () => {
    expect(WITHDRAWAL_STATUSES.filter(isUndecided)).toEqual(['pending']);
    expect(WITHDRAWAL_STATUSES.filter(isReturned)).toEqual(['rejected', 'failed']);
  });
});

describe('the withdrawal view', () => {
  it('answers euros and only what the expert may see', () => {
    const stored = fromWithdrawalItem({
      pk: 'WITHDRAWAL#w1',
      sk: 'WITHDRAWAL',
      ...pending,
      status: 'rejected',
      reason: 'Bank details unclear',
      payoutId: 'po_1',
    });
    expect(toWithdrawalDto(stored)).toEqual({
      _id: 'w1',
      amount: 125.5,
      status: 'rejected',
      createdAt: '2026-11-25T10:00:00.000Z',
      reason: 'Bank details unclear',
    });
  });
});
