import { afterEach, describe, expect, it } from 'vitest';
import type { MessageDto } from '@shared/schemas/chats';
import { fakeApi } from '@/test/fake-api';
import { json } from '@/test/render-app';
import { createRealtime, type RealtimeNotice } from './realtime';
import { resetUnread, setUnreadTotal, unreadAsked, unreadCount } from './unread';
import { trackUnread } from './unread-tracking';

const reply: MessageDto = {
  _id: 'm2',
  chat: 'chat-1',
  sender: 'expert-1',
  content: 'Also, which companies are you looking at?',
  createdAt: '2026-11-05T10:00:00.000Z',
  updatedAt: '2026-11-05T10:00:00.000Z',
  read: false,
  senderDetails: { firstName: 'Marta', lastName: 'Mentor' },
};

/** The channel as the tracker sees it, with the server's events pushed by hand. */
function channel() {
  const real = createRealtime({ openSocket: () => ({}) as WebSocket });
  const listeners: ((notice: RealtimeNotice) => void)[] = [];
  const subscribe = (listener: (notice: RealtimeNotice) => void) => {
    listeners.push(listener);
    return () => undefined;
  };
  return {
    channel: { ...real, start: () => undefined, stop: () => undefined, subscribe },
    push: (notice: RealtimeNotice) => {
      for (const listener of listeners) listener(notice);
    },
  };
}

/** An answer held until released. */
function held<T>() {
  let release!: (value: T) => void;
  const answer = new Promise<T>((resolve) => (release = resolve));
  return { answer, release };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  resetUnread();
});

describe('the unread badge', () => {
  it('counts a reply that came while a total was on its way, and asks for the total again instead of showing the stale one', async () => {
    const first = held<Response>();
    let totals = 0;
    fakeApi({ 'GET /chats/unread-count': () => (++totals === 1 ? first.answer : json(200, { count: 1 })) });
    const { channel: fake, push } = channel();
    stop = trackUnread('student-1', fake);

    // The student left the conversation; the expert's reply comes over the channel before the total.
    push({ type: 'newMessage', eventId: 'event-2', chatId: 'chat-1', message: reply });
    expect(unreadCount()).toBe(1);
    first.release(await json(200, { count: 0 }));
    await settle();
    expect(unreadCount()).toBe(1);
    await settle();
    expect(totals).toBe(2);
    expect(unreadCount()).toBe(1);
  });

  it('shows a mark-read answer that was overtaken by no message, and asks again for one that was', async () => {
    let totals = 0;
    fakeApi({
      'GET /chats/unread-count': () => {
        totals += 1;
        return json(200, { count: 2 });
      },
    });
    const { channel: fake, push } = channel();
    stop = trackUnread('student-1', fake);
    await settle();
    expect(unreadCount()).toBe(2);

    setUnreadTotal(0, unreadAsked());
    expect(unreadCount()).toBe(0);

    const asked = unreadAsked();
    push({ type: 'newMessage', eventId: 'event-2', chatId: 'chat-1', message: reply });
    setUnreadTotal(0, asked);
    expect(unreadCount()).toBe(1);
    await settle();
    expect(totals).toBe(2);
    expect(unreadCount()).toBe(2);
  });

  it('counts a reply once when a total that already holds it was shown before its event arrived', async () => {
    let totals = 0;
    fakeApi({
      'GET /chats/unread-count': () => {
        totals += 1;
        return json(200, { count: totals === 1 ? 0 : 1 });
      },
    });
    const { channel: fake, push } = channel();
    stop = trackUnread('student-1', fake);
    await settle();
    expect(unreadCount()).toBe(0);

    // The student read a chat elsewhere; the total asked for then is answered after the reply was stored.
    push({ type: 'chatRead', eventId: 'event-1', chatId: 'chat-2', readerId: 'student-1' });
    await settle();
    expect(unreadCount()).toBe(1);

    // Then the reply's own event arrives: the total asked for after it settles the badge at one.
    push({ type: 'newMessage', eventId: 'event-2', chatId: 'chat-1', message: reply });
    await settle();
    await settle();
    expect(totals).toBe(3);
    expect(unreadCount()).toBe(1);
  });
});
