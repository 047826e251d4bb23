import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatEuros } from '@shared/money';
import type { AdminUserRow } from '@shared/schemas/admin';
import type { OrderHistoryItem } from '@shared/schemas/earnings';
import { MSG } from '@shared/web-texts';
import { DialogFrame } from '@/components/dialog-frame';
import { LoadProblem } from '@/components/load-problem';
import { Pager } from '@/components/pager';
import { formatDateTime } from '@/lib/format-date';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { getMemberOrders } from '@/features/admin/api/users';
import { ORDER_STATUS_WORDS } from '@/features/admin/order-status-words';

const PAYMENT_WORDS: Record<OrderHistoryItem['paymentStatus'], string> = { paid: 'Paid', pending: 'Not paid', free: 'Free', refunded: 'Refunded' };

const otherSide = (order: OrderHistoryItem) => order.offer.professor ?? order.offer.student;

/** A member's orders, latest activity first; a paid one leads to its payment. */
export function MemberOrdersDialog({ user, onClose }: { user: AdminUserRow; onClose(): void }) {
  const titleId = useId();
  const list = useCursorPages((cursor) => getMemberOrders(user._id, cursor), MSG.userOrdersLoadFailed);
  const orders = list.data?.orders;
  return (
    <DialogFrame role="dialog" labelledBy={titleId} onDismiss={onClose}>
      <h2 id={titleId} className="modal-message">
        Orders of {user.firstName} {user.lastName}
      </h2>
      <div aria-busy={list.loading}>
        {!list.data && list.loading && !list.problem && <p role="status">{MSG.loading}</p>}
        {!list.data && list.problem && <LoadProblem problem={list.problem} onRetry={() => list.reload()} />}
        {orders?.length === 0 && list.pageNumber === 1 && <p className="empty-state">No orders yet</p>}
        {orders && orders.length > 0 && (
          <ul className="admin-member-orders">
            {orders.map((order) => {
              const other = otherSide(order);
              return (
                <li key={order.chatId}>
                  <strong>
                    {order.paymentStatus === 'pending' || order.paymentStatus === 'free' ? (
                      `Order #${order.orderNumber}`
                    ) : (
                      <Link to={`/admin/payments?orderNumber=${order.orderNumber}`}>Order #{order.orderNumber}</Link>
                    )}
                  </strong>{' '}
                  {order.offer.title}
                  {other && ` with ${other.firstName} ${other.lastName}`}
                  <span className="data-table-detail">
                    {ORDER_STATUS_WORDS[order.orderStatus]} · {PAYMENT_WORDS[order.paymentStatus]}
                    {order.paymentAmount > 0 && ` ${formatEuros(order.paymentAmount)}`} · {formatDateTime(order.updatedAt)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <Pager label="Order pages" list={list} />
      </div>
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </DialogFrame>
  );
}
