import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REALTIME } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { MessageDto } from '@shared/schemas/chats';
import { ToastHost } from '@/components/toast-host';
import { fakeApi } from '@/test/fake-api';
import { fakeClockForFile } from '@/test/fake-clock';
import { FakeSocket, fakeSocketFactory } from '@/test/fake-socket';
import { json } from '@/test/render-app';
import { createRealtime, type Realtime, type RealtimeNotice } from './realtime';

const clock = fakeClockForFile();

const message: MessageDto = {
  _id: 'm1',
  chat: 'chat-1',
  sender: 'expert-1',
  content: 'Hello',
  createdAt: '2026-11-05T10:00:00.000Z',
  updatedAt: '2026-11-05T10:00:00.000Z',
  read: false,
  senderDetails: { firstName: 'Claire', lastName: 'Dubois' },
};

// The toasts' chunk, loaded ahead as in a warm browser: the waits below count rounds, not time.
beforeAll(() => import('@/components/toaster'));

let channel: Realtime | undefined;
let tickets = 0;

beforeEach(() => {
  FakeSocket.made = [];
  tickets = 0;
  render(<ToastHost />);
});

afterEach(() => channel?.stop());

/** The ticket call answers a fresh ticket each time unless told otherwise. */
function serveTickets(answer = () => json(200, { ticket: `ticket-${++tickets}` })) {
  const api = fakeApi({ 'POST /realtime/ticket': answer });
  return { ticketCalls: () => api.calls().filter((call) => call.path === '/realtime/ticket').length };
}

function start() {
  channel = createRealtime({ openSocket: fakeSocketFactory });
  const heard: RealtimeNotice[] = [];
  channel.subscribe((notice) => heard.push(notice));
  channel.start();
  return { channel, heard };
}

/** Lets answers in flight arrive (real macrotasks: the faked clock does not move, unlike with findBy). */
async function until(condition: () => boolean) {
  for (let round = 0; round < 50 && !condition(); round++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  expect(condition()).toBe(true);
}

/** Lets whatever was going to happen by now happen. */
async function settle() {
  for (let round = 0; round < 20; round++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

/** The next connection attempt starts exactly `ms` after now. */
async function nextAttemptAfter(ms: number) {
  const before = FakeSocket.made.length;
  await clock.pass(ms - 1);
  await settle();
  expect(FakeSocket.made).toHaveLength(before);
  await clock.pass(1);
  await until(() => FakeSocket.made.length === before + 1);
}

const ticketOf = (socket: FakeSocket) => new URL(socket.url).searchParams.get('ticket');

describe('realtime channel', () => {
  it('opens /ws on the app’s origin with a ticket, joins the open chat, and passes the server’s events on', async () => {
    const { ticketCalls } = serveTickets();
    const { channel, heard } = start();
    await until(() => FakeSocket.made.length === 1);
    const socket = FakeSocket.latest();
    expect(socket.url).toBe(`ws://${location.host}/ws?ticket=ticket-1`);
    expect(ticketCalls()).toBe(1);

    channel.joinChat('chat-1');
    expect(socket.sent).toEqual([]);
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();
    socket.accept();
    // Ready for a lost connection's toast while the network still answers.
    await until(() => screen.queryByRole('region', { name: /Notifications/ }) !== null);
    // A ping at once: a socket whose session ended while it opened is closed at its first ping (decision 309).
    expect(socket.sent).toEqual([{ action: 'joinChat', chatId: 'chat-1' }, { action: 'ping' }]);
    channel.joinChat('chat-2');
    expect(socket.sent).toEqual([{ action: 'joinChat', chatId: 'chat-1' }, { action: 'ping' }, { action: 'joinChat', chatId: 'chat-2' }]);

    socket.push({ type: 'newMessage', chatId: 'chat-1', message });
    socket.push({ type: 'pong' });
    expect(heard).toEqual([{ type: 'connected' }, { type: 'newMessage', chatId: 'chat-1', message }]);
  });

  it(`after a drop: 'Server connection lost!' once, new attempts ${REALTIME.reconnectDelayMs} ms then doubling up to ${REALTIME.reconnectDelayMaxMs} ms, each with a fresh ticket; the chat joined again and subscribers told`, async () => {
    const { ticketCalls } = serveTickets();
    const { channel, heard } = start();
    channel.joinChat('chat-1');
    await until(() => FakeSocket.made.length === 1);
    FakeSocket.latest().accept();

    FakeSocket.latest().drop();
    await until(() => screen.queryAllByText(MSG.connectionLost).length === 1);
    await nextAttemptAfter(1000);
    for (const delay of [2000, 4000, 5000, 5000]) {
      FakeSocket.latest().drop(); // the attempt fails: no toast again
      await nextAttemptAfter(delay);
    }
    const socket = FakeSocket.latest();
    socket.accept();
    expect(socket.sent).toEqual([{ action: 'joinChat', chatId: 'chat-1' }, { action: 'ping' }]);
    expect(heard).toEqual([{ type: 'connected' }, { type: 'connected' }]);
    expect(screen.getAllByText(MSG.connectionLost)).toHaveLength(1);
    expect(ticketCalls()).toBe(6);
    expect(new Set(FakeSocket.made.map(ticketOf)).size).toBe(6);

    // Connected again: the delays start over, and a new drop is told again.
    socket.drop();
    await nextAttemptAfter(1000);
    await until(() => screen.queryAllByText(MSG.connectionLost).length === 2);
  });

  it(`gives up on an attempt that has not opened after ${REALTIME.timeoutMs} ms and tries again`, async () => {
    serveTickets();
    start();
    await until(() => FakeSocket.made.length === 1);
    await clock.pass(REALTIME.timeoutMs - 1);
    expect(FakeSocket.latest().closedByApp).toBe(false);
    await clock.pass(1);
    expect(FakeSocket.latest().closedByApp).toBe(true);
    await nextAttemptAfter(1000);
    await settle();
    expect(screen.queryByText(MSG.connectionLost)).not.toBeInTheDocument();
  });

  it('pings as it opens and then to stay open, and treats a ping left unanswered as a lost connection', async () => {
    serveTickets();
    start();
    await until(() => FakeSocket.made.length === 1);
    const socket = FakeSocket.latest();
    socket.accept();
    expect(socket.sent).toEqual([{ action: 'ping' }]);
    socket.push({ type: 'pong' });
    await clock.pass(REALTIME.pingIntervalMs - 1);
    expect(socket.sent).toEqual([{ action: 'ping' }]);
    await clock.pass(1);
    expect(socket.sent).toEqual([{ action: 'ping' }, { action: 'ping' }]);
    socket.push({ type: 'pong' });
    await clock.pass(REALTIME.pingIntervalMs);
    expect(socket.sent).toEqual([{ action: 'ping' }, { action: 'ping' }, { action: 'ping' }]);
    await clock.pass(REALTIME.timeoutMs);
    expect(socket.closedByApp).toBe(true);
    await until(() => screen.queryAllByText(MSG.connectionLost).length === 1);
    await nextAttemptAfter(1000);
  });

  it('a ticket refused with 401 says to log in again and stops trying', async () => {
    const { ticketCalls } = serveTickets(() => json(401, { msg: MSG.notAuthenticated }));
    start();
    await until(() => screen.queryAllByText(MSG.realtimeAuthFailed).length === 1);
    await clock.pass(REALTIME.reconnectDelayMaxMs * 4);
    await settle();
    expect(ticketCalls()).toBe(1);
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('a ticket call that fails otherwise is tried again', async () => {
    let calls = 0;
    serveTickets(() => (++calls === 1 ? json(503, { msg: MSG.serverError }) : json(200, { ticket: 'ticket-2' })));
    start();
    await until(() => calls === 1);
    await nextAttemptAfter(1000);
    expect(ticketOf(FakeSocket.latest())).toBe('ticket-2');
  });

  it('stop (logout) closes the socket quietly and does not reconnect', async () => {
    const { ticketCalls } = serveTickets();
    const { channel } = start();
    await until(() => FakeSocket.made.length === 1);
    const socket = FakeSocket.latest();
    socket.accept();
    channel.stop();
    expect(socket.closedByApp).toBe(true);
    await clock.pass(REALTIME.reconnectDelayMaxMs * 4);
    await settle();
    expect(ticketCalls()).toBe(1);
    expect(screen.queryByText(MSG.connectionLost)).not.toBeInTheDocument();
  });

  it('passes an event on once, however often the server pushes it (the write path, then the stream)', async () => {
    serveTickets();
    const { heard } = start();
    await until(() => FakeSocket.made.length === 1);
    const socket = FakeSocket.latest();
    socket.accept();
    const event = { type: 'newMessage', chatId: 'chat-1', message, eventId: 'e1' } as const;
    socket.push(event);
    socket.push({ type: 'chatRead', chatId: 'chat-1', readerId: 'expert-1', eventId: 'e2' });
    socket.push(event);
    expect(heard).toEqual([{ type: 'connected' }, event, { type: 'chatRead', chatId: 'chat-1', readerId: 'expert-1', eventId: 'e2' }]);
  });

  it('superseded by a newer tab: closes quietly, does not retry, and connects again once its tab is used', async () => {
    serveTickets();
    const { heard } = start();
    await until(() => FakeSocket.made.length === 1);
    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({ type: 'superseded', eventId: 's1' });
    expect(socket.closedByApp).toBe(true);
    socket.drop();
    await clock.pass(REALTIME.reconnectDelayMaxMs * 10);
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    expect(screen.queryByText(MSG.connectionLost)).not.toBeInTheDocument();

    await act(() => void dispatchEvent(new Event('focus')));
    await until(() => FakeSocket.made.length === 2);
    FakeSocket.latest().accept();
    expect(heard).toEqual([{ type: 'connected' }, { type: 'connected' }]);
  });
});
