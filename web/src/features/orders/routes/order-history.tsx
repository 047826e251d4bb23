/** /order-history (spec 2 section 2): the student's orders, a page at a time, with the arrows working. */
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderHistoryItem, OrderHistoryPage } from '@shared/schemas/earnings';
import { formatEuros } from '@shared/money';
import { MSG } from '@shared/web-texts';
import { RecordRow, RecordTable } from '@/components/record-table';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { orderHistory } from '@/features/orders/api/order-history';
import { orderState } from '@/features/orders/lib/order-state';
import '@/features/orders/orders.css';
import { conversationLink } from '@/lib/conversation-links';

const COLUMNS = ['Expert', 'Date', 'Price', 'Message', 'Status'] as const;

/** What was paid, or what the booking will cost: an unpaid order is not a free one. */
function priceOf(order: OrderHistoryItem): string {
  if (order.orderKind === 'intro') return 'Free introduction';
  if (order.paymentStatus !== 'pending') return formatEuros(order.paymentAmount);
  return order.total > 0 ? `${formatEuros(order.total)}, not paid yet` : 'Hours not chosen yet';
}

export default function OrderHistoryRoute() {
  useDocumentTitle('Order History');
  // The cursors of the pages seen so far: the arrows go back through them and forward with the next.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<OrderHistoryPage | { problem: string }>();

  const current = cursors[cursors.length - 1];
  useEffect(() => {
    let shown = true;
    setPage(undefined);
    orderHistory(current).then(
      (found) => shown && setPage(found),
      (error: unknown) => shown && setPage({ problem: errorText(error, MSG.orderHistoryFailed) }),
    );
    return () => {
      shown = false;
    };
  }, [current]);

  return (
    <section className="page" aria-labelledby="history-title">
      <h1 id="history-title">Order History</h1>
      {page === undefined && <p role="status">Loading your orders…</p>}
      {page !== undefined && 'problem' in page && <p role="alert">{page.problem}</p>}
      {page !== undefined && 'orders' in page && page.orders.length === 0 && cursors.length === 1 && (
        <p>
          No orders yet. <Link to="/experts">Find an expert</Link>
        </p>
      )}
      {page !== undefined && 'orders' in page && page.orders.length > 0 && (
        <>
          <RecordTable caption="Your orders, latest first" captionHidden columns={COLUMNS}>
            {page.orders.map((order) => (
              <RecordRow
                key={order.chatId}
                cells={
                  {
                    Expert: (
                      <>
                        {order.offer.professor ? `${order.offer.professor.firstName} ${order.offer.professor.lastName}` : ''}
                        <span className="history-offer">
                          Order #{order.orderNumber}: {order.offer.title}
                        </span>
                      </>
                    ),
                    Date: formatDateTime(order.updatedAt),
                    Price: priceOf(order),
                    Message: <Link to={conversationLink(order.chatId)}>{order.message || 'Open the conversation'}</Link>,
                    Status: <StateBadge order={order} />,
                  } satisfies Record<(typeof COLUMNS)[number], ReactNode>
                }
              />
            ))}
          </RecordTable>
          <nav className="history-pages" aria-label="Order history pages">
            <button type="button" className="btn btn-secondary" disabled={cursors.length === 1} onClick={() => setCursors((seen) => seen.slice(0, -1))}>
              ← Newer
            </button>
            <span>Page {cursors.length}</span>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={page.nextCursor === undefined}
              onClick={() => setCursors((seen) => [...seen, page.nextCursor])}
            >
              Older →
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

function StateBadge({ order }: { order: OrderHistoryItem }) {
  const { label, tone } = orderState(order);
  return <span className={`history-badge history-badge-${tone}`}>{label}</span>;
}
