import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatEuros } from '@shared/money';
import type { EarningsOrder } from '@shared/schemas/earnings';
import { RecordRow, RecordTable } from '@/components/record-table';
import { formatDateTime } from '@/lib/format-date';
import { conversationLink } from '@/lib/conversation-links';

const COLUMNS = ['Order', 'Credited on', 'Student paid', 'You earned', 'Status', 'Conversation'] as const;

/**
 * The credited orders of a page (spec 1: orderNumber, paymentAmount, and whether it is withdrawn).
 * The spec's "Pending" for a credit not withdrawn yet reads "Not withdrawn yet" here: the Pending
 * balance above means money held before release (decision 230).
 */
export function EarningsOrdersTable({ orders }: { orders: EarningsOrder[] }) {
  return (
    <RecordTable
      caption="Your credited orders, newest first. Withdrawn: covered by a paid withdrawal; not withdrawn yet: still in your balances."
      columns={COLUMNS}
      rowHeader
    >
      {orders.map((order) => (
        <RecordRow
          key={order.orderNumber}
          cells={
            {
              Order: `#${order.orderNumber}`,
              'Credited on': formatDateTime(order.creditedAt),
              'Student paid': formatEuros(order.paymentAmount),
              'You earned': formatEuros(order.earned),
              Status: (
                <span className={`money-badge money-badge-${order.isWithdrawn ? 'done' : 'waiting'}`}>
                  {order.isWithdrawn ? 'Withdrawn' : 'Not withdrawn yet'}
                </span>
              ),
              Conversation: (
                <Link to={conversationLink(order.chatId)}>
                  {'Open '}
                  <span className="visually-hidden">the conversation of order #{order.orderNumber}</span>
                </Link>
              ),
            } satisfies Record<(typeof COLUMNS)[number], ReactNode>
          }
        />
      ))}
    </RecordTable>
  );
}
