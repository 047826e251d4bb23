import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatEuros } from '@shared/money';
import type { EarningsOrder } from '@shared/schemas/earnings';
import { TableScroll } from '@/components/table-scroll';
import { formatDateTime } from '@/lib/format-date';
import { conversationLink } from '@/lib/conversation-links';

/**
 * The credited orders of a page (spec 1: orderNumber, paymentAmount, and whether it is withdrawn).
 * The spec's "Pending" for a credit not withdrawn yet reads "Not withdrawn yet" here: the Pending
 * balance above means money held before release (decision 230).
 */
export function EarningsOrdersTable({ orders }: { orders: EarningsOrder[] }) {
  const captionId = useId();
  return (
    <TableScroll labelledBy={captionId}>
      <table className="data-table">
        <caption id={captionId}>
          Your credited orders, newest first. Withdrawn: covered by a paid withdrawal; not withdrawn yet: still in your balances.
        </caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Credited on</th>
            <th scope="col">Student paid</th>
            <th scope="col">You earned</th>
            <th scope="col">Status</th>
            <th scope="col">Conversation</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderNumber}>
              <th scope="row">#{order.orderNumber}</th>
              <td>{formatDateTime(order.creditedAt)}</td>
              <td>{formatEuros(order.paymentAmount)}</td>
              <td>{formatEuros(order.earned)}</td>
              <td>
                <span className={`money-badge money-badge-${order.isWithdrawn ? 'done' : 'waiting'}`}>
                  {order.isWithdrawn ? 'Withdrawn' : 'Not withdrawn yet'}
                </span>
              </td>
              <td>
                <Link to={conversationLink(order.chatId)}>
                  {'Open '}
                  <span className="visually-hidden">the conversation of order #{order.orderNumber}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
