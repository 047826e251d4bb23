import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CHAT } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { ChatDto, MessageDto } from '@shared/schemas/chats';
import { errorCode, errorText } from '@/lib/api-client';
import { realtime, type RealtimeNotice } from '@/lib/realtime';
import { notify } from '@/lib/toast';
import { setUnreadTotal, unreadAsked } from '@/lib/unread';
import { getChat, sendMessage } from '@/api/chats';
import { createSendKeys } from '@/lib/send-keys';
import { markChatRead } from '@/features/chat/api/mark-chat-read';
import { markPaid } from '@/features/chat/api/orders';
import { usePersonName } from '@/features/chat/hooks/use-person-name';
import { roleOf, stepLines } from '@/features/chat/lib/order-status';
import { localTimeZone } from '@/lib/format-date';
import { fullName, isArchived, otherParticipant } from '@/features/chat/lib/chat-format';
import { ConversationHeader } from './conversation-header';
import { MessageComposer } from './message-composer';
import { MessageList, type PendingMessage } from './message-list';
import { OfferPanel } from './offer-panel';
import { OrderPanel } from './order-panel';
import { offerConversationLink } from '@/lib/conversation-links';

export type DraftUpdate = (update: (current: string) => string) => void;

interface ConversationProps {
  chatId: string;
  me: { _id: string; name: string };
  /** The list's copy of the conversation, shown until it has loaded. */
  listed?: ChatDto;
  draft: string;
  setDraft: DraftUpdate;
  /** The conversation as loaded (the list adds it when it did not have it). */
  onLoaded(chat: ChatDto): void;
  /** Marked read: its row has no unread message left. */
  onRead(chatId: string): void;
  /** A message I sent was stored. */
  onSent(message: MessageDto): void;
  onBack(): void;
  /** Back from the checkout (?status=paid): mark the order paid once it has loaded. */
  paidReturn?: boolean;
}

/** Messages by id (each once), oldest first. */
function mergeMessages(current: MessageDto[], incoming: MessageDto[]): MessageDto[] {
  const byId = new Map(current.map((message) => [message._id, message]));
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
}

/** The server's clock less the device's, from the time an answer was made (none: the device's own). */
const offsetFrom = (serverNow: string | undefined): number => (serverNow ? Date.parse(serverNow) - Date.now() : 0);

/**
 * One conversation: its messages (live), the message box and the offer panel. Opening it marks it
 * read; after a reconnection it fetches the messages it may have missed. A message is shown at once
 * while it is sent, and its text goes back into the box if sending fails.
 */
export function Conversation({ chatId, me, listed, draft, setDraft, onLoaded, onRead, onSent, onBack, paidReturn = false }: ConversationProps) {
  const [loaded, setLoaded] = useState<ChatDto>();
  const [clockOffsetMs, setClockOffsetMs] = useState(0);
  const [messages, setMessages] = useState<MessageDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const sending = useRef<Promise<unknown>>(Promise.resolve());
  const pendingKey = useRef(0);
  const sendKeys = useRef(createSendKeys());
  const chat = loaded ?? listed;

  const add = useCallback((incoming: MessageDto[]) => setMessages((current) => mergeMessages(current ?? [], incoming)), []);

  /**
   * Whether the conversation is still on screen. An answer that lands after the member left it (a
   * reconnection's catch-up on a slow network) brings messages they never saw: it marks nothing read (decision 323).
   */
  const onScreen = useRef(true);
  // Layout effects, here and for the channel below: the conversation is left in the commit that takes
  // it off the screen. A passive cleanup runs after it, and in that gap a message counted as read here
  // would not count on the badge (a navigation renders as a transition, whose passive effects wait).
  useLayoutEffect(() => {
    onScreen.current = true;
    return () => {
      onScreen.current = false;
    };
  }, []);

  /** Read up to `shown`, the newest message on screen: one that comes while this is on its way stays unread (decision 318). */
  const markRead = useEffectEvent((shown: string | undefined) => {
    if (!onScreen.current) return;
    const asked = unreadAsked();
    markChatRead(chatId, shown).then(
      ({ count }) => {
        setUnreadTotal(count, asked);
        onRead(chatId);
      },
      () => undefined,
    );
  });

  /**
   * Answers about the order can cross (a push's reload, a reconnection's catch-up, the return from
   * the checkout): one asked for before the one shown is not shown, so the order never steps back.
   */
  const chatAsks = useRef({ asked: 0, shown: 0 });
  const showChat = useEffectEvent((askedAt: number, found: ChatDto) => {
    if (askedAt < chatAsks.current.shown) return;
    chatAsks.current.shown = askedAt;
    setLoaded(found);
    onLoaded(found);
  });

  const opened = useEffectEvent((askedAt: number, found: ChatDto, shown: string | undefined) => {
    showChat(askedAt, found);
    markRead(shown);
    textareaRef.current?.focus();
    if (paidReturn) markOrderPaid();
  });

  /** The conversation's order as it is now (after a step, or a push saying it moved); its row too. */
  function reload() {
    const askedAt = ++chatAsks.current.asked;
    getChat(chatId, { limit: 1 }).then(
      ({ chat: fresh, now }) => {
        setClockOffsetMs(offsetFrom(now));
        showChat(askedAt, fresh);
      },
      () => undefined,
    );
  }

  // Once per page visit, even when effects run twice (development's strict mode).
  const markedPaid = useRef(false);
  /** Back from the checkout: the order is marked paid, or the payment's webhook has not landed yet (the push will tell). */
  const markOrderPaid = useEffectEvent(() => {
    if (markedPaid.current) return;
    markedPaid.current = true;
    const askedAt = ++chatAsks.current.asked;
    markPaid(chatId).then(
      (paid) => {
        showChat(askedAt, paid);
        notify.success(MSG.orderPaid);
      },
      (error: unknown) => {
        if (errorCode(error) === 'payment_not_confirmed') notify.info(MSG.paymentNotConfirmed);
        else notify.error(errorText(error, MSG.markPaidFailed));
      },
    );
  });

  useEffect(() => {
    let active = true;
    const askedAt = ++chatAsks.current.asked;
    getChat(chatId).then(
      (answer) => {
        if (!active) return;
        // Messages pushed while this was loading are kept.
        setClockOffsetMs(offsetFrom(answer.now));
        add(answer.messages);
        setHasMore(answer.hasMore);
        opened(askedAt, answer.chat, answer.messages.at(-1)?._id);
      },
      (error: unknown) => {
        if (!active) return;
        setFailed(true);
        notify.error(errorText(error, MSG.chatMessagesLoadFailed));
      },
    );
    return () => {
      active = false;
    };
  }, [chatId, add]);

  /** Set when the socket (re)connected while the first page was still loading: that page may predate what the socket missed. */
  const connectedWhileLoading = useRef(false);

  /** After a reconnection: what arrived since the last message shown, and the order as it is now. */
  const catchUp = useEffectEvent(() => {
    if (messages === null) {
      connectedWhileLoading.current = true;
      return;
    }
    const last = messages[messages.length - 1];
    const askedAt = ++chatAsks.current.asked;
    getChat(chatId, last ? { after: last._id, limit: CHAT.pageMax } : {}).then(
      (answer) => {
        add(answer.messages);
        showChat(askedAt, answer.chat);
        if (answer.messages.some((message) => message.sender !== me._id)) markRead(answer.messages.at(-1)?._id);
      },
      () => undefined,
    );
  });

  useEffect(() => {
    if (messages === null || !connectedWhileLoading.current) return;
    connectedWhileLoading.current = false;
    catchUp();
  }, [messages]);

  /** The other side read up to a message: mine up to it are seen. */
  const seenUpTo = (readUpTo: string) =>
    setMessages((current) =>
      current === null
        ? null
        : current.map((message) => (message.sender === me._id && !message.read && message._id <= readUpTo ? { ...message, read: true } : message)),
    );

  /** A moderator removed a message: its notice takes its place, as the server shows it. */
  const removed = (messageId: string) =>
    setMessages((current) =>
      current === null ? null : current.map((message) => (message._id === messageId ? { ...message, content: MSG.messageRemoved, removed: true } : message)),
    );

  const onNotice = useEffectEvent((notice: RealtimeNotice) => {
    if (notice.type === 'connected') catchUp();
    if (notice.type === 'messageRemoved' && notice.chatId === chatId) removed(notice.messageId);
    if (notice.type === 'orderChanged' && notice.chatId === chatId) reload();
    if (notice.type === 'chatRead' && notice.chatId === chatId && notice.readerId !== me._id && notice.readUpTo) seenUpTo(notice.readUpTo);
    if (notice.type !== 'newMessage' || notice.chatId !== chatId) return;
    add([notice.message]);
    if (notice.message.sender === me._id) return;
    setAnnouncement(`New message from ${fullName(notice.message.senderDetails)}: ${notice.message.content}`);
    markRead(notice.message._id);
  });

  useLayoutEffect(() => realtime.subscribe((notice) => onNotice(notice)), []);

  useLayoutEffect(() => {
    realtime.joinChat(chatId);
    return () => realtime.joinChat(undefined);
  }, [chatId]);

  async function loadOlder() {
    const first = messages?.[0];
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const answer = await getChat(chatId, { before: first._id });
      add(answer.messages);
      setHasMore(answer.hasMore);
    } catch (error) {
      notify.error(errorText(error, MSG.chatMessagesLoadFailed));
    } finally {
      setLoadingOlder(false);
    }
  }

  function send() {
    const typed = draft;
    const content = typed.trim();
    if (!content) return;
    const key = ++pendingKey.current;
    setDraft(() => '');
    setPending((current) => [...current, { key, content }]);
    // One after the other, so that they arrive in the order written.
    const idempotencyKey = sendKeys.current.keyFor(content);
    sending.current = sending.current.then(() =>
      sendMessage(chatId, content, idempotencyKey)
        .then(
          ({ message }) => {
            sendKeys.current.sent(content);
            add([message]);
            onSent(message);
          },
          (error: unknown) => {
            notify.error(errorText(error, MSG.messageSendFailed));
            setDraft((current) => (current.trim() ? `${typed}\n${current}` : typed));
          },
        )
        .finally(() => setPending((current) => current.filter((message) => message.key !== key))),
    );
  }

  const other = chat && otherParticipant(chat, me._id);
  const otherName = usePersonName(other);
  return (
    <>
      <section className="chat-window" aria-label="Conversation">
        <ConversationHeader person={other} title={chat?.offer.title} onBack={onBack} />
        {failed && <p className="chat-window-note">{MSG.chatMessagesLoadFailed}</p>}
        {!failed && messages === null && (
          <p className="chat-window-note" role="status">
            {MSG.loading}
          </p>
        )}
        {messages && (
          <MessageList
            messages={messages}
            pending={pending}
            myId={me._id}
            myName={me.name}
            hasMore={hasMore}
            loadingOlder={loadingOlder}
            onLoadOlder={() => void loadOlder()}
            steps={chat ? stepLines(chat, roleOf(chat, me._id), otherName, localTimeZone(), Date.now() + clockOffsetMs) : []}
          />
        )}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        {/* The order is over, the conversation is not: a thank-you may still be written (decision 90). */}
        {chat && isArchived(chat) && (
          <p className="chat-window-note chat-window-archived">
            <span>{MSG.chatArchived}</span>
            {roleOf(chat, me._id) === 'student' && (
              <>
                {' '}
                <Link to={offerConversationLink(chat.offer._id)}>Book this offer again</Link>
              </>
            )}
          </p>
        )}
        {!failed && <MessageComposer value={draft} onChange={(text) => setDraft(() => text)} onSend={send} textareaRef={textareaRef} />}
      </section>
      {chat && (
        <OfferPanel offer={chat.offer} chat={chat}>
          {loaded && (
            <OrderPanel
              chat={loaded}
              role={roleOf(loaded, me._id)}
              other={otherName}
              timeZone={localTimeZone()}
              clockOffsetMs={clockOffsetMs}
              onChanged={reload}
            />
          )}
        </OfferPanel>
      )}
    </>
  );
}
