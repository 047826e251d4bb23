import { useEffect, useId, useState, type MouseEvent } from 'react';
import { ORDER_RULES } from '@shared/limits';
import type { ConversationEntry } from '@shared/schemas/chats';
import type { ReportedOrderDetail as Detail } from '@shared/schemas/orders';
import { MSG } from '@shared/web-texts';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { getReportedOrder } from '@/features/admin/api/problems';

const SIDE = { user: 'student', professor: 'expert' } as const;

/** The file's address is asked for again this long before it expires. */
const URL_MARGIN_MS = 30_000;

/**
 * What the admin reads before deciding a reported order: the conversation, oldest first, each
 * message with its sender, their side and its time (read-only; earlier messages on request), and
 * the delivered file. Loaded when the admin opens the report.
 */
export default function ReportedOrderDetail({ chatId, orderNumber }: { chatId: string; orderNumber: number }) {
  const titleId = useId();
  const [detail, setDetail] = useState<{ answer: Detail; at: number } | null>();
  const [messages, setMessages] = useState<ConversationEntry[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    let active = true;
    getReportedOrder(chatId).then(
      (answer) => {
        if (!active) return;
        setDetail({ answer, at: Date.now() });
        setMessages(answer.messages);
        setHasMore(answer.hasMore);
      },
      () => active && setDetail(null),
    );
    return () => {
      active = false;
    };
  }, [chatId]);

  async function loadOlder() {
    setLoadingOlder(true);
    try {
      const older = await getReportedOrder(chatId, messages[0]?._id);
      setMessages((current) => [...older.messages, ...current]);
      setHasMore(older.hasMore);
    } catch (error) {
      notify.error(errorText(error, MSG.problemConversationLoadFailed));
    } finally {
      setLoadingOlder(false);
    }
  }

  /** A link read more than five minutes ago has expired: a fresh one is asked for and followed. */
  async function download(event: MouseEvent<HTMLAnchorElement>) {
    if (!detail || Date.now() - detail.at < ORDER_RULES.projectDownloadSeconds * 1000 - URL_MARGIN_MS) return;
    event.preventDefault();
    try {
      const fresh = await getReportedOrder(chatId);
      setDetail({ answer: fresh, at: Date.now() });
      if (fresh.projectFile) window.location.assign(fresh.projectFile.url);
    } catch (error) {
      notify.error(errorText(error, MSG.problemConversationLoadFailed));
    }
  }

  if (detail === undefined) return <p role="status">{MSG.loading}</p>;
  if (detail === null) return <p role="alert">{MSG.problemConversationLoadFailed}</p>;
  const file = detail.answer.projectFile;
  return (
    <div className="admin-problem-detail">
      <h3 id={titleId}>Conversation</h3>
      {hasMore && (
        <button type="button" className="btn btn-secondary btn-small" disabled={loadingOlder} onClick={() => void loadOlder()}>
          Show earlier messages
        </button>
      )}
      {messages.length === 0 ? (
        <p>No message was written in this conversation.</p>
      ) : (
        // Focusable, so that keyboard users can scroll a long conversation.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe's scrollable-region-focusable)
        <section className="admin-conversation" tabIndex={0} aria-labelledby={titleId}>
          <ol aria-label={`Messages of order #${orderNumber}`}>
            {messages.map((message) => (
              <li key={message._id}>
                <p className="admin-conversation-meta">
                  <strong>
                    {message.sender.firstName} {message.sender.lastName}
                  </strong>{' '}
                  ({SIDE[message.sender.role]}), <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
                </p>
                <p className="admin-conversation-text">{message.content}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
      <h3>Delivered file</h3>
      {file ? (
        <p>
          <a href={file.url} onClick={(event) => void download(event)}>
            Download {file.name}
          </a>
        </p>
      ) : (
        <p>No file was delivered.</p>
      )}
    </div>
  );
}
