import { useLayoutEffect, useRef } from 'react';
import { MSG } from '@shared/web-texts';
import type { MessageDto } from '@shared/schemas/chats';
import { ReportButton } from '@/components/report-dialog';
import { formatMessageTime, fullName } from '@/features/chat/lib/chat-format';

/** A message on its way to the server, shown at once. */
export interface PendingMessage {
  key: number;
  content: string;
}

interface MessageListProps {
  messages: MessageDto[];
  pending: PendingMessage[];
  myId: string;
  myName: string;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  /** The order's steps, shown between the messages at their time. */
  steps: { at: string; text: string }[];
}

/** Within this many pixels of an edge counts as being there. */
const EDGE_PX = 48;

/**
 * The conversation's messages, oldest first, mine aligned apart. It follows the newest message
 * while the reader is at the bottom (or has just written), keeps its place when older ones load
 * above, and loads them when scrolled to the top.
 */
export function MessageList({ messages, pending, myId, myName, hasMore, loadingOlder, onLoadOlder, steps }: MessageListProps) {
  const scroller = useRef<HTMLElement>(null);
  const atBottom = useRef(true);
  const shown = useRef<{ firstId?: string; lastKey?: string; height: number }>({ height: 0 });

  // "Seen" goes under my latest message the other side has read, as chat apps show it.
  const seenId = messages.findLast((message) => message.sender === myId && message.read)?._id;
  const lastKey = pending.length > 0 ? `pending-${pending[pending.length - 1].key}` : messages[messages.length - 1]?._id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = shown.current;
    const firstId = messages[0]?._id;
    if (before.firstId && firstId !== before.firstId && lastKey === before.lastKey) {
      // Older messages arrived above: stay on the message that was on screen.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (lastKey !== before.lastKey && (atBottom.current || pending.length > 0)) {
      element.scrollTop = element.scrollHeight;
    }
    shown.current = { firstId, lastKey, height: element.scrollHeight };
  }, [messages, pending, lastKey]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX && hasMore && !loadingOlder) onLoadOlder();
  }

  return (
    // Focusable, so that keyboard users can scroll the history too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe's scrollable-region-focusable)
    <section className="chat-messages" ref={scroller} onScroll={onScroll} tabIndex={0} aria-label="Message history">
      {hasMore && (
        <p className="chat-messages-earlier">
          <button type="button" className="btn btn-secondary btn-small" disabled={loadingOlder} onClick={onLoadOlder}>
            Load earlier messages
          </button>
        </p>
      )}
      {messages.length === 0 && pending.length === 0 && <p className="chat-messages-empty">{MSG.noMessagesYet}</p>}
      <ol className="chat-message-list" aria-label="Messages">
        {withSteps(messages, steps, hasMore).map((entry) =>
          'text' in entry ? (
            <li key={`step-${entry.at}-${entry.text}`} className="chat-step">
              <p>
                {entry.text} · <time dateTime={entry.at}>{formatMessageTime(entry.at)}</time>
              </p>
            </li>
          ) : (
            <MessageRow key={entry._id} message={entry} myId={myId} seenId={seenId} />
          ),
        )}
        {pending.map((message) => (
          <MessageItem key={`pending-${message.key}`} own sender={myName} content={message.content} />
        ))}
      </ol>
    </section>
  );
}

/**
 * Messages and steps in time order. While older messages are still to load, steps older than the
 * first one shown wait for them, so that no step shows above a gap.
 */
function withSteps(messages: MessageDto[], steps: { at: string; text: string }[], hasMore: boolean): (MessageDto | { at: string; text: string })[] {
  const from = hasMore ? (messages[0]?.createdAt ?? '') : '';
  const shown = steps.filter((step) => step.at >= from);
  return [...messages, ...shown].sort((a, b) => timeOf(a).localeCompare(timeOf(b)));
}

const timeOf = (entry: MessageDto | { at: string }) => ('at' in entry ? entry.at : entry.createdAt);

function MessageRow({ message, myId, seenId }: { message: MessageDto; myId: string; seenId?: string }) {
  return (
    <MessageItem
      own={message.sender === myId}
      sender={fullName(message.senderDetails)}
      time={message.createdAt}
      content={message.content}
      removed={message.removed}
      seen={message._id === seenId}
      report={message.sender !== myId && !message.removed ? { targetType: 'message', targetId: message._id, chatId: message.chat } : undefined}
    />
  );
}

interface MessageItemProps {
  own: boolean;
  sender: string;
  time?: string;
  content: string;
  removed?: boolean;
  seen?: boolean;
  /** The other member's message may be reported. */
  report?: { targetType: 'message'; targetId: string; chatId: string };
}

function MessageItem({ own, sender, time, content, removed = false, seen = false, report }: MessageItemProps) {
  return (
    <li className={own ? 'chat-message chat-message-own' : 'chat-message'}>
      <p className="chat-message-meta">
        <span className="chat-message-sender">{sender}</span>{' '}
        {time ? <time dateTime={time}>{formatMessageTime(time)}</time> : <span className="chat-message-sending">{MSG.messageSending}</span>}
        {report && (
          <>
            {' '}
            <ReportButton target={report} what={`message from ${sender}`} />
          </>
        )}
      </p>
      <p className={removed ? 'chat-message-content chat-message-removed' : 'chat-message-content'}>{content}</p>
      {seen && <p className="chat-message-seen">Seen</p>}
    </li>
  );
}
