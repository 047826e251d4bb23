/**
 * The conversation beside the call: its latest messages, new ones as they arrive, and a box to
 * write (a link, a file name, what to read next). The full conversation stays on /messages.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '@shared/limits';
import type { MessageDto } from '@shared/schemas/chats';
import { MSG } from '@shared/web-texts';
import { getChat, sendMessage } from '@/api/chats';
import { errorText } from '@/lib/api-client';
import { createSendKeys } from '@/lib/send-keys';
import { realtime } from '@/lib/realtime';
import { notify } from '@/lib/toast';

const SHOWN = 30;

export function RoomMessages({ chatId }: { chatId: string }) {
  const sendKeys = useRef(createSendKeys());
  const [messages, setMessages] = useState<MessageDto[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const inputId = useId();

  useEffect(() => {
    let shown = true;
    const load = () =>
      getChat(chatId, { limit: SHOWN }).then(
        (page) => shown && setMessages(page.messages),
        () => undefined,
      );
    void load();
    const add = (message: MessageDto) =>
      setMessages((current) => (current.some((known) => known._id === message._id) ? current : [...current, message].slice(-SHOWN)));
    const unsubscribe = realtime.subscribe((notice) => {
      if (notice.type === 'newMessage' && notice.chatId === chatId) add(notice.message);
      // Back after a drop: what was missed meanwhile.
      if (notice.type === 'connected') void load();
    });
    return () => {
      shown = false;
      unsubscribe();
    };
  }, [chatId]);

  // The latest message in view as each arrives.
  const latest = messages.at(-1)?._id;
  useEffect(() => {
    if (latest) list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [latest]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const { message } = await sendMessage(chatId, content, sendKeys.current.keyFor(content));
      sendKeys.current.sent(content);
      setMessages((current) => (current.some((known) => known._id === message._id) ? current : [...current, message].slice(-SHOWN)));
      setDraft('');
    } catch (error) {
      notify.error(errorText(error, MSG.messageSendFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <aside className="room-messages" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Messages</h2>
      <ol ref={list} className="room-message-list" aria-live="polite">
        {messages.map((message) => (
          <li key={message._id}>
            <span className="room-message-sender">{message.senderDetails.firstName}</span> {message.content}
          </li>
        ))}
      </ol>
      <form className="room-message-form" onSubmit={(event) => void send(event)}>
        <label htmlFor={inputId} className="visually-hidden">
          Message
        </label>
        <input
          className="input"
          id={inputId}
          value={draft}
          maxLength={LIMITS.textCap}
          placeholder="Write a message"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-small" disabled={sending}>
          Send
        </button>
      </form>
    </aside>
  );
}
