import type { ReactNode } from 'react';
import { formatEuros } from '@shared/money';
import type { Withdrawal, WithdrawalStatus } from '@shared/schemas/earnings';
import { RecordRow, RecordTable } from '@/components/record-table';
import { formatDateTime } from '@/lib/format-date';

const STATUS_WORDS: Record<WithdrawalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved — on its way',
  paid: 'Paid',
  rejected: 'Rejected',
  failed: 'Failed',
};

const BADGE: Record<WithdrawalStatus, string> = { pending: 'waiting', approved: 'moving', paid: 'done', rejected: 'stopped', failed: 'stopped' };

/** What the expert reads under a withdrawal's status: what happens next, and why it stopped. */
function details(withdrawal: Withdrawal): string[] {
  switch (withdrawal.status) {
    case 'pending':
      return ['Waiting for an administrator’s approval.'];
    case 'approved':
      return ['The payout is on its way to your bank account.'];
    case 'paid':
      return [];
    case 'rejected':
      return [...(withdrawal.reason ? [`Reason: ${withdrawal.reason}`] : []), 'The amount is available to withdraw again.'];
    case 'failed':
      return [...(withdrawal.failureMessage ? [withdrawal.failureMessage] : []), 'The amount is available to withdraw again.'];
  }
}

const COLUMNS = ['Requested on', 'Amount', 'Status'] as const;

/** The expert's withdrawals of a page, each status in words. */
export function WithdrawalsTable({ withdrawals }: { withdrawals: Withdrawal[] }) {
  return (
    <RecordTable caption="Your withdrawals, newest first" columns={COLUMNS}>
      {withdrawals.map((withdrawal) => (
        <RecordRow
          key={withdrawal._id}
          cells={
            {
              'Requested on': formatDateTime(withdrawal.createdAt),
              Amount: formatEuros(withdrawal.amount),
              Status: (
                <>
                  <span className={`money-badge money-badge-${BADGE[withdrawal.status]}`}>{STATUS_WORDS[withdrawal.status]}</span>
                  {details(withdrawal).map((line) => (
                    <span key={line} className="data-table-detail">
                      {line}
                    </span>
                  ))}
                </>
              ),
            } satisfies Record<(typeof COLUMNS)[number], ReactNode>
          }
        />
      ))}
    </RecordTable>
  );
}
