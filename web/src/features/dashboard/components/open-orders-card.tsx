import { Link } from 'react-router-dom';
import { CHAT } from '@shared/limits';
import { isDelivered, sessionEndMs } from '@shared/order-transitions';
import type { ChatDto } from '@shared/schemas/chats';
import { MSG } from '@shared/web-texts';
import { listChats } from '@/api/chats';
import { LoadProblem } from '@/components/load-problem';
import { useLoad } from '@/features/dashboard/components/use-load';
import { conversationLink } from '@/lib/conversation-links';
import { formatDateTime } from '@/lib/format-date';

/**
 * What the expert is to do next in an order, or undefined when it waits for someone else. Whether a
 * paid order is delivered as files or held as a call follows its kind, as the order's rules say; a
 * call whose time is over waits for the student's confirmation or the deadline, not for the expert.
 */
export function expertStep(chat: ChatDto): string | undefined {
  if (chat.reschedule?.proposedBy === 'user') return 'Answer the new time proposed';
  switch (chat.orderStatus) {
    case 'scheduled':
      return 'Confirm the proposed time';
    case 'in_progress': {
      if (isDelivered({ kind: chat.orderKind })) return 'Deliver the work';
      const end = sessionEndMs({ ...chat, kind: chat.orderKind });
      if (end !== undefined && end <= Date.now()) return undefined;
      return chat.scheduledDate ? `Hold the session on ${formatDateTime(chat.scheduledDate)}` : 'Hold the session';
    }
    case 'revision_requested':
      return 'Deliver the changes asked';
    case 'refund_pending':
      return 'Decide the refund';
    default:
      return undefined;
  }
}

/** Their latest conversations' largest page: an order waiting for the expert has had recent activity. */
const latestChats = () => listChats(undefined, CHAT.pageMax);

/** The open orders waiting for the expert, latest activity first, each opening its conversation. */
export function OpenOrdersCard() {
  const { data, failed, retry } = useLoad(latestChats);
  const waiting = (data?.chats ?? []).flatMap((chat) => {
    const step = expertStep(chat);
    return step ? [{ chat, step }] : [];
  });
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-orders-title" aria-busy={!data && !failed}>
      <h2 id="dashboard-orders-title">Orders waiting for you</h2>
      {failed && <LoadProblem problem={MSG.chatsLoadFailed} onRetry={retry} />}
      {!data && !failed && <p role="status">{MSG.loading}</p>}
      {data && waiting.length === 0 && <p className="empty-state">No order is waiting for you.</p>}
      {waiting.length > 0 && (
        <ul className="dashboard-list">
          {waiting.map(({ chat, step }) => {
            const student = chat.participants[0];
            return (
              <li key={chat._id}>
                <Link to={conversationLink(chat._id)}>
                  Order #{chat.orderNumber}: {chat.offer.title}
                </Link>
                <span>
                  {student ? `${student.firstName} ${student.lastName}`.trim() : ''} · {step}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
