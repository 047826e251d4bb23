/**
 * /earnings, the spec's Financial Dashboard: the expert's balances, the credited orders, the
 * withdrawal form and the withdrawals, each list a page at a time with the arrows working.
 */
import { useEffect, useEffectEvent } from 'react';
import { MSG } from '@shared/web-texts';
import { LoadProblem } from '@/components/load-problem';
import { realtime, type RealtimeNotice } from '@/lib/realtime';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getEarnings, getWithdrawals } from '@/features/earnings/api/earnings';
import { BalanceCards } from '@/features/earnings/components/balance-cards';
import { EarningsOrdersTable } from '@/features/earnings/components/earnings-orders-table';
import { PagedSection } from '@/features/earnings/components/paged-section';
import { WithdrawForm } from '@/features/earnings/components/withdraw-form';
import { WithdrawalsTable } from '@/features/earnings/components/withdrawals-table';
import '@/features/earnings/earnings.css';

export default function EarningsRoute() {
  useDocumentTitle('Financial Dashboard');
  const earnings = useCursorPages(getEarnings, MSG.earningsLoadFailed);
  const withdrawals = useCursorPages(getWithdrawals, MSG.withdrawalsLoadFailed);
  // The balances come with every page of orders: the last ones loaded stay while another page loads.
  const figures = earnings.latest;

  function afterRequest() {
    earnings.reload();
    withdrawals.reload({ first: true });
  }

  // A withdrawal decided or paid, or an order closed with a credit or disputed, elsewhere: the figures and the lists
  // follow, live. Each time the live channel (re)connects they are read again: what changed while it was down reached no socket.
  const onNotice = useEffectEvent((notice: RealtimeNotice) => {
    if (notice.type === 'connected' || notice.type === 'withdrawalChanged' || (notice.type === 'orderChanged' && notice.orderStatus === 'closed')) {
      earnings.reload();
      withdrawals.reload();
    }
  });
  useEffect(() => realtime.subscribe((notice) => onNotice(notice)), []);

  return (
    <section className="page earnings-page" aria-labelledby="earnings-title">
      <h1 id="earnings-title">Financial Dashboard</h1>

      <section aria-labelledby="balances-title" aria-busy={earnings.loading}>
        <h2 id="balances-title">Balances</h2>
        {!figures && earnings.loading && !earnings.problem && <p role="status">Loading your balances…</p>}
        {!figures && earnings.problem && <LoadProblem problem={earnings.problem} onRetry={() => earnings.reload()} />}
        {figures && <BalanceCards earnings={figures} />}
      </section>

      {(figures || !earnings.problem) && (
        <PagedSection
          id="orders-title"
          title="Orders"
          list={earnings}
          rowsOf={(page) => page.orders}
          loadingText="Loading your orders…"
          emptyText="No orders yet"
          pagerLabel="Order pages"
        >
          {(page) => <EarningsOrdersTable orders={page.orders} />}
        </PagedSection>
      )}

      {figures && (
        <section aria-labelledby="withdraw-title">
          <h2 id="withdraw-title">Withdraw</h2>
          <WithdrawForm
            available={figures.balance}
            pending={figures.pending}
            payoutsEnabled={figures.payoutsEnabled}
            onRequested={afterRequest}
            onRefused={() => {
              earnings.reload();
              withdrawals.reload();
            }}
          />
        </section>
      )}

      <PagedSection
        id="withdrawals-title"
        title="Withdrawals"
        list={withdrawals}
        rowsOf={(page) => page.withdrawals}
        loadingText="Loading your withdrawals…"
        emptyText="No withdrawals yet"
        pagerLabel="Withdrawal pages"
      >
        {(page) => <WithdrawalsTable withdrawals={page.withdrawals} />}
      </PagedSection>
    </section>
  );
}
