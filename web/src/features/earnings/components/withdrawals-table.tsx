import { useId } from 'react';
import { formatEuros } from '@shared/money';
import type { Withdrawal, WithdrawalStatus } from '@shared/schemas/earnings';
import { TableScroll } from '@/components/table-scroll';
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

/** The expert's withdrawals of a page, each status in words. */
export function WithdrawalsTable({ withdrawals }: { withdrawals: Withdrawal[] }) {
  const captionId = useId();
  return (
    <TableScroll labelledBy={captionId}>
      <table className="data-table">
        <caption id={captionId}>Your withdrawals, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Requested on</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {withdrawals.map((withdrawal) => (
            <tr key={withdrawal._id}>
              <td>{formatDateTime(withdrawal.createdAt)}</td>
              <td>{formatEuros(withdrawal.amount)}</td>
              <td>
                <span className={`money-badge money-badge-${BADGE[withdrawal.status]}`}>{STATUS_WORDS[withdrawal.status]}</span>
                {details(withdrawal).map((line) => (
                  <span key={line} className="data-table-detail">
                    {line}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
