/**
 * /admin/withdraw (spec 2: the sidebar's Withdrawals): the experts' withdrawal requests, newest
 * first, a page at a time and filtered by status. Only a pending request shows actions: approve
 * (the payout leaves the expert's connected account) or reject (with an optional reason), each
 * asked for again in a dialog. An approval moves money: when the server asks for the admin's code
 * again (step-up), a dialog takes it, and a cancelled one approves nothing. A request decided
 * meanwhile answers 409: its message shows and the list is loaded again.
 */
import { useId, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatEuros } from '@shared/money';
import { type AdminWithdrawal, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@shared/schemas/earnings';
import { MSG } from '@shared/web-texts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadProblem } from '@/components/load-problem';
import { Pager } from '@/components/pager';
import { TableScroll } from '@/components/table-scroll';
import { ApiError, errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { useDocumentTitle } from '@/lib/use-document-title';
import { approveWithdrawal, getAdminWithdrawals, rejectWithdrawal } from '@/features/admin/api/withdrawals';
import { RejectWithdrawalDialog } from '@/features/admin/components/reject-withdrawal-dialog';
import { STEP_UP_CANCELLED, useStepUp } from '@/features/admin/components/step-up';

const FILTER_LABELS: Record<WithdrawalStatus, string> = { pending: 'Pending', approved: 'Approved', paid: 'Paid', rejected: 'Rejected', failed: 'Failed' };

const STATUS_WORDS: Record<WithdrawalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved — payout on its way',
  paid: 'Paid',
  rejected: 'Rejected',
  failed: 'Failed',
};

const BADGE: Record<WithdrawalStatus, string> = { pending: 'waiting', approved: 'moving', paid: 'done', rejected: 'stopped', failed: 'stopped' };

const isStatus = (value: string | null): value is WithdrawalStatus => (WITHDRAWAL_STATUSES as readonly (string | null)[]).includes(value);

const nameOf = ({ professor }: AdminWithdrawal) => `${professor.firstName} ${professor.lastName}`.trim();

export default function AdminWithdrawalsRoute() {
  useDocumentTitle('Withdrawals');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const filterId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  function choose(value: string) {
    setParams((before) => {
      const next = new URLSearchParams(before);
      if (isStatus(value)) next.set('status', value);
      else next.delete('status');
      return next;
    });
  }

  return (
    <section aria-labelledby="admin-withdrawals-title" className="admin-withdrawals">
      <h1 id="admin-withdrawals-title" ref={headingRef} tabIndex={-1}>
        Withdrawals
      </h1>
      <div className="field admin-filter">
        <label htmlFor={filterId}>Status</label>
        <select id={filterId} value={status ?? ''} onChange={(event) => choose(event.target.value)}>
          <option value="">All</option>
          {WITHDRAWAL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {FILTER_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {/* Another filter is another list: its own pages from the first. */}
      <WithdrawalList key={status ?? 'all'} status={status} headingRef={headingRef} />
    </section>
  );
}

type Pending = { withdrawal: AdminWithdrawal; decision: 'approve' | 'reject' };

function WithdrawalList({ status, headingRef }: { status?: WithdrawalStatus; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const list = useCursorPages((cursor) => getAdminWithdrawals(status, cursor), MSG.withdrawalsLoadFailed);
  const [asking, setAsking] = useState<Pending>();
  const [busyId, setBusyId] = useState<string>();
  const captionId = useId();
  const { confirm } = useStepUp();

  async function decide(withdrawal: AdminWithdrawal, decision: 'approve' | 'reject', reason = '') {
    setAsking(undefined);
    setBusyId(withdrawal._id);
    try {
      const answer = decision === 'approve' ? await confirm((code) => approveWithdrawal(withdrawal._id, code)) : await rejectWithdrawal(withdrawal._id, reason);
      // The admin did not give the code the approval asked for: nothing was done.
      if (answer === STEP_UP_CANCELLED) return;
      notify.success(answer.msg || (decision === 'approve' ? MSG.withdrawalApprovedDone : MSG.withdrawalRejectedDone));
      list.reload();
      // The row's actions are gone: continue from the page's heading.
      headingRef.current?.focus();
    } catch (error) {
      notify.error(errorText(error, MSG.withdrawalDecisionFailed));
      // Decided meanwhile (by another admin, or twice): show where it stands now.
      if (error instanceof ApiError && error.status === 409) {
        list.reload();
        headingRef.current?.focus();
      }
    } finally {
      setBusyId(undefined);
    }
  }

  const rows = list.data?.withdrawals;
  const caption = status ? `${FILTER_LABELS[status]} withdrawals, newest first` : 'All withdrawals, newest first';
  return (
    <div aria-busy={list.loading}>
      {!list.data && list.loading && !list.problem && <p role="status">{MSG.loading}</p>}
      {!list.data && list.problem && <LoadProblem problem={list.problem} onRetry={() => list.reload()} />}
      {rows?.length === 0 && list.pageNumber === 1 && (
        <p className="empty-state">{status ? `No ${FILTER_LABELS[status].toLowerCase()} withdrawals.` : 'No withdrawals yet'}</p>
      )}
      {rows && rows.length > 0 && (
        <TableScroll labelledBy={captionId}>
          <table className="data-table admin-table">
            <caption id={captionId}>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Expert</th>
                <th scope="col">Amount</th>
                <th scope="col">Requested on</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((withdrawal) => (
                <tr key={withdrawal._id}>
                  <th scope="row">
                    {nameOf(withdrawal)}
                    <span className="data-table-detail">{withdrawal.professor.email}</span>
                  </th>
                  <td>{formatEuros(withdrawal.amount)}</td>
                  <td>{formatDateTime(withdrawal.createdAt)}</td>
                  <td>
                    <span className={`admin-badge admin-badge-${BADGE[withdrawal.status]}`}>{STATUS_WORDS[withdrawal.status]}</span>
                    {withdrawal.status === 'rejected' && withdrawal.reason && <span className="data-table-detail">Reason: {withdrawal.reason}</span>}
                    {withdrawal.status === 'failed' && withdrawal.failureMessage && <span className="data-table-detail">{withdrawal.failureMessage}</span>}
                  </td>
                  <td>
                    {withdrawal.status === 'pending' && (
                      <div className="admin-row-actions">
                        <button
                          type="button"
                          className="btn btn-primary btn-small"
                          disabled={busyId !== undefined || list.loading}
                          aria-label={`Approve ${formatEuros(withdrawal.amount)} for ${nameOf(withdrawal)}`}
                          onClick={() => setAsking({ withdrawal, decision: 'approve' })}
                        >
                          Approve
                        </button>
                        <button
                          type="button"
                          className="btn btn-danger btn-small"
                          disabled={busyId !== undefined || list.loading}
                          aria-label={`Reject ${formatEuros(withdrawal.amount)} for ${nameOf(withdrawal)}`}
                          onClick={() => setAsking({ withdrawal, decision: 'reject' })}
                        >
                          Reject
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pager label="Withdrawal pages" list={list} />
      {asking?.decision === 'approve' && (
        <ConfirmDialog
          message={`Approve the withdrawal of ${formatEuros(asking.withdrawal.amount)} by ${nameOf(asking.withdrawal)} (${asking.withdrawal.professor.email})? The payout is sent to their bank account.`}
          confirmLabel="Approve"
          cancelLabel="Cancel"
          onConfirm={() => void decide(asking.withdrawal, 'approve')}
          onCancel={() => setAsking(undefined)}
        />
      )}
      {asking?.decision === 'reject' && (
        <RejectWithdrawalDialog
          withdrawal={asking.withdrawal}
          onConfirm={(reason) => void decide(asking.withdrawal, 'reject', reason)}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </div>
  );
}
