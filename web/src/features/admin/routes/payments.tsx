/**
 * /admin/payments (spec 2: the sidebar's Payments, GET /admin/payments with an optional
 * orderNumber): every paid order's money, newest payment first, a page at a time, or the one order
 * of a number: the charge at Stripe, the platform's fee, a refund, the transfer to the expert, and
 * what a reversal or a dispute took back, each with its status in words. Above it, the platform's
 * exposure: what experts owe it; below it, the reconciliation of the ledger with Stripe.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatEuros } from '@shared/money';
import type { AdminPayment, AdminPaymentsPage } from '@shared/schemas/admin-views';
import { MSG } from '@shared/web-texts';
import { LoadProblem } from '@/components/load-problem';
import { Pager } from '@/components/pager';
import { TableScroll } from '@/components/table-scroll';
import { errorCode } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getAdminPayments } from '@/features/admin/api/payments';
import { ReconciliationPanel } from '@/features/admin/components/reconciliation-panel';
import { ORDER_STATUS_WORDS } from '@/features/admin/order-status-words';

/** As the server checks it: a positive whole number. */
const ORDER_NUMBER = /^[1-9]\d{0,9}$/;

type Badge = 'waiting' | 'moving' | 'done' | 'stopped';
type Transfer = NonNullable<AdminPayment['transfer']>['status'];
type Reversal = NonNullable<AdminPayment['reversal']>['status'];
type Dispute = NonNullable<AdminPayment['dispute']>['status'];

const TRANSFER_WORDS: Record<Transfer, [string, Badge]> = {
  due: ['Due — not sent yet', 'waiting'],
  sent: ['Sent — pending at Stripe', 'moving'],
  settled: ['Settled — available to the expert', 'done'],
};
const REVERSAL_WORDS: Record<Reversal, [string, Badge]> = {
  due: ['Due — not taken back yet', 'waiting'],
  reversed: ['Reversed — taken back', 'done'],
  failed: ['Failed — owed by the expert', 'stopped'],
};
const DISPUTE_WORDS: Record<Dispute, [string, Badge]> = {
  open: ['Open — funds held', 'waiting'],
  won: ['Won', 'done'],
  lost: ['Lost', 'stopped'],
};

const nameOf = (person: AdminPayment['student']) => `${person.firstName} ${person.lastName}`.trim();

export default function AdminPaymentsRoute() {
  useDocumentTitle('Payments');
  const [params, setParams] = useSearchParams();
  const raw = params.get('orderNumber') ?? '';
  const orderNumber = ORDER_NUMBER.test(raw) ? raw : undefined;

  function show(value: string | undefined) {
    setParams((before) => {
      const next = new URLSearchParams(before);
      if (value) next.set('orderNumber', value);
      else next.delete('orderNumber');
      return next;
    });
  }

  return (
    <section aria-labelledby="admin-payments-title" className="admin-payments">
      <h1 id="admin-payments-title">Payments</h1>
      <OrderNumberSearch current={orderNumber} onSearch={show} />
      {/* Another search is another list: its own pages from the first. */}
      <PaymentList key={orderNumber ?? 'all'} orderNumber={orderNumber} />
      <ReconciliationPanel />
    </section>
  );
}

function OrderNumberSearch({ current, onSearch }: { current?: string; onSearch(value: string | undefined): void }) {
  const [value, setValue] = useState(current ?? '');
  const [problem, setProblem] = useState<string>();
  const inputId = useId();
  const problemId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function showAll() {
    setValue('');
    setProblem(undefined);
    onSearch(undefined);
    // The button goes with the search: continue from the field.
    inputRef.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = value.trim().replace(/^#/, '');
    if (typed !== '' && !ORDER_NUMBER.test(typed)) {
      setProblem(MSG.invalidOrderNumber);
      return;
    }
    setProblem(undefined);
    onSearch(typed || undefined);
  }

  return (
    <search aria-label="Payments">
      <form className="admin-search" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={inputId}>Order number</label>
          <input
            id={inputId}
            ref={inputRef}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {problem && (
            <p id={problemId} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div className="admin-search-actions">
          <button type="submit" className="btn btn-primary">
            Search
          </button>
          {current && (
            <button type="button" className="btn btn-secondary" onClick={showAll}>
              Show all payments
            </button>
          )}
        </div>
      </form>
    </search>
  );
}

/** A page as the list shows it: a number no payment has is an empty list that says so, not a failure. */
type PaymentsView = Omit<AdminPaymentsPage, 'exposure'> & { exposure?: number; missing?: true };

function PaymentList({ orderNumber }: { orderNumber?: string }) {
  const list = useCursorPages<PaymentsView>(
    (cursor) =>
      getAdminPayments(orderNumber, cursor).catch((error: unknown) => {
        if (orderNumber && errorCode(error) === 'order_not_found') return { payments: [], missing: true };
        throw error;
      }),
    MSG.paymentsLoadFailed,
  );
  const captionId = useId();
  const rows = list.data?.payments;
  const exposure = list.latest?.exposure;
  return (
    <div aria-busy={list.loading}>
      {exposure !== undefined && (
        <dl className="admin-figures">
          <div>
            <dt>Exposure</dt>
            <dd>{formatEuros(exposure)}</dd>
            <dd className="admin-figure-detail">What experts owe the platform after lost disputes and failed reversals, not yet recovered.</dd>
          </div>
        </dl>
      )}
      {!list.data && list.loading && !list.problem && <p role="status">{MSG.loading}</p>}
      {!list.data && list.problem && <LoadProblem problem={list.problem} onRetry={() => list.reload()} />}
      {list.data?.missing && (
        <p className="empty-state" role="status">
          {MSG.paymentNotFound} (#{orderNumber})
        </p>
      )}
      {rows?.length === 0 && !list.data?.missing && list.pageNumber === 1 && <p className="empty-state">No payments yet</p>}
      {rows && rows.length > 0 && (
        <TableScroll labelledBy={captionId}>
          <table className="data-table admin-table admin-payments-table">
            <caption id={captionId}>{orderNumber ? `Payment of order #${orderNumber}` : 'Payments, newest first'}</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Paid</th>
                <th scope="col">Charge</th>
                <th scope="col">Fee</th>
                <th scope="col">Refund</th>
                <th scope="col">Transfer</th>
                <th scope="col">Reversal</th>
                <th scope="col">Dispute</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((payment) => (
                <PaymentRow key={payment.chatId} payment={payment} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pager label="Payment pages" list={list} />
    </div>
  );
}

const None = () => <span className="admin-none">None</span>;

function Status({ words: [words, badge] }: { words: [string, Badge] }) {
  return <span className={`admin-badge admin-badge-${badge}`}>{words}</span>;
}

function PaymentRow({ payment }: { payment: AdminPayment }) {
  const { refund, transfer, reversal, dispute } = payment;
  return (
    <tr>
      <th scope="row">
        Order #{payment.orderNumber}
        <span className="data-table-detail">{payment.offerTitle}</span>
        <span className="data-table-detail">
          {nameOf(payment.student)} to {nameOf(payment.professor)}
        </span>
        <span className="data-table-detail">{ORDER_STATUS_WORDS[payment.status]}</span>
      </th>
      <td>
        {formatEuros(payment.paymentAmount)}
        <span className="data-table-detail">{formatDateTime(payment.paidAt)}</span>
      </td>
      <td>{payment.chargeId ? <code>{payment.chargeId}</code> : <span className="admin-none">Not recorded</span>}</td>
      <td>{payment.platformFee === undefined ? <span className="admin-none">Not credited yet</span> : formatEuros(payment.platformFee)}</td>
      <td>
        {refund ? (
          <>
            {formatEuros(refund.amount)}
            <span className="data-table-detail">{refund.refundId ? <code>{refund.refundId}</code> : 'Decided — not made yet'}</span>
          </>
        ) : (
          <None />
        )}
      </td>
      <td>
        {transfer ? (
          <>
            <Status words={TRANSFER_WORDS[transfer.status]} />
            <span className="data-table-detail">{formatEuros(transfer.amount)}</span>
            {transfer.transferId && (
              <span className="data-table-detail">
                <code>{transfer.transferId}</code>
              </span>
            )}
          </>
        ) : (
          <None />
        )}
      </td>
      <td>
        {reversal ? (
          <>
            <Status words={REVERSAL_WORDS[reversal.status]} />
            <span className="data-table-detail">
              {formatEuros(reversal.amount)} {reversal.reason === 'dispute' ? 'after a dispute' : 'after a refund'}
            </span>
            {reversal.reversalId && (
              <span className="data-table-detail">
                <code>{reversal.reversalId}</code>
              </span>
            )}
          </>
        ) : (
          <None />
        )}
      </td>
      <td>
        {dispute ? (
          <>
            <Status words={DISPUTE_WORDS[dispute.status]} />
            <span className="data-table-detail">
              {formatEuros(dispute.amount)} disputed, {formatEuros(dispute.fee)} fee
            </span>
            {dispute.debt > 0 && <span className="data-table-detail">{formatEuros(dispute.debt)} owed by the expert</span>}
            <span className="data-table-detail">
              Opened {formatDateTime(dispute.openedAt)}
              {dispute.closedAt && `, closed ${formatDateTime(dispute.closedAt)}`}
            </span>
            <span className="data-table-detail">
              <code>{dispute.disputeId}</code>
            </span>
          </>
        ) : (
          <None />
        )}
      </td>
    </tr>
  );
}
