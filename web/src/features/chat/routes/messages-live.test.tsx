import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { json } from '@/test/render-app';
import { aliceAsParticipant, at, chatWith, claire, conversationAnswers, message, omar, renderMessages } from '@/test/messages-fixtures';

afterEach(() => vi.unstubAllGlobals());

const rows = () => within(screen.getByRole('navigation', { name: 'Conversations' })).getAllByRole('link');
const messagesShown = () => within(screen.getByRole('list', { name: 'Messages' })).queryAllByRole('listitem');
const badge = () => screen.getByRole('link', { name: /^Messages/ });

const withClaire = chatWith(claire, 'c1', { updatedAt: at(7) });
const withOmar = chatWith(omar, 'c2', { updatedAt: at(-600), offer: { ...chatWith(omar, 'c2').offer, title: 'Pitch deck review' } });
const history = [message('m1', 'c1', aliceAsParticipant, 'Hello', 3), message('m2', 'c1', claire, 'Hi Alice', 7)];

describe('messages page, live', () => {
  it('a new message in the open conversation shows once, is announced and marked read; the badge does not count it', async () => {
    const page = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [withClaire, withOmar] }),
      ...conversationAnswers(withClaire, history),
    });
    const socket = await page.connect();
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    expect(socket.sent).toContainEqual({ action: 'joinChat', chatId: 'c1' });
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/mark-read')).toHaveLength(1));
    // Read up to the newest message shown, not whatever the server holds when the call lands (decision 318).
    expect(page.calls('PUT', '/chats/c1/mark-read')[0].body).toEqual({ upTo: 'm2' });

    const incoming = message('m3', 'c1', claire, 'Did you get my notes?', 12);
    socket.push({ type: 'newMessage', chatId: 'c1', message: incoming });
    socket.push({ type: 'newMessage', chatId: 'c1', message: incoming });
    expect(messagesShown()).toHaveLength(3);
    expect(messagesShown()[2]).toHaveTextContent('Did you get my notes?');
    expect(screen.getByText('New message from Claire Dubois: Did you get my notes?')).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/mark-read').length).toBeGreaterThanOrEqual(2));
    expect(page.calls('PUT', '/chats/c1/mark-read')[1].body).toEqual({ upTo: 'm3' });
    expect(badge()).toHaveAccessibleName('Messages, 0 unread');
    expect(rows()[0]).toHaveAccessibleName('Claire Dubois Tax return review Did you get my notes?');
  });

  it('a new message in another conversation moves it to the top with one more unread, and the header counts it; my own from another tab does not count', async () => {
    const page = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [withClaire, withOmar] }),
      ...conversationAnswers(withClaire, history),
    });
    const socket = await page.connect();
    await waitFor(() => expect(messagesShown()).toHaveLength(2));

    socket.push({ type: 'newMessage', chatId: 'c2', message: message('m4', 'c2', omar, 'Are you free on Monday?', 20) });
    expect(rows().map((row) => row.textContent)).toEqual([expect.stringContaining('Omar Haddad'), expect.stringContaining('Claire Dubois')]);
    expect(rows()[0]).toHaveAccessibleName('Omar Haddad Pitch deck review Are you free on Monday? 1 unread');
    expect(badge()).toHaveAccessibleName('Messages, 1 unread');
    expect(messagesShown()).toHaveLength(2);

    socket.push({ type: 'newMessage', chatId: 'c2', message: message('m5', 'c2', aliceAsParticipant, 'Yes, at 10.', 21) });
    expect(rows()[0]).toHaveAccessibleName('Omar Haddad Pitch deck review Yes, at 10. 1 unread');
    expect(badge()).toHaveAccessibleName('Messages, 1 unread');
  });

  it('a conversation the list does not have yet is fetched and shown on top', async () => {
    const started = chatWith(omar, 'c5', { unreadCount: 1, updatedAt: at(30), offer: { ...chatWith(omar, 'c5').offer, title: 'Market sizing session' } });
    let total = 0;
    const page = renderMessages('/messages', {
      'GET /chats': () => json(200, { chats: [withClaire] }),
      'GET /chats/unread-count': () => json(200, { count: total }),
      'GET /chats/chat/c5?limit=1': () => json(200, { chat: started, messages: [], hasMore: true }),
    });
    const socket = await page.connect();
    await waitFor(() => expect(rows()).toHaveLength(1));
    // The server stores the message, then sends its event.
    total = 1;
    socket.push({ type: 'newMessage', chatId: 'c5', message: message('m6', 'c5', omar, 'Welcome', 30) });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveAccessibleName('Omar Haddad Market sizing session 1 unread');
    expect(badge()).toHaveAccessibleName('Messages, 1 unread');
  });

  it('after a dropped connection: says so, reconnects, joins the chat again, fetches what was missed and the unread total again', async () => {
    let total = 0;
    const missed = message('m7', 'c1', claire, 'Sent while you were offline', 40);
    const page = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [withClaire, withOmar] }),
      'GET /chats/unread-count': () => json(200, { count: total }),
      ...conversationAnswers(withClaire, history),
      'GET /chats/chat/c1?after=m2&limit=100': () => json(200, { chat: withClaire, messages: [missed], hasMore: false }),
    });
    const first = await page.connect();
    await waitFor(() => expect(messagesShown()).toHaveLength(2));

    first.drop();
    expect(await screen.findByText(MSG.connectionLost)).toBeInTheDocument();
    total = 4;
    const second = await page.connect();
    expect(second.sent).toEqual([{ action: 'joinChat', chatId: 'c1' }, { action: 'ping' }]);
    await waitFor(() => expect(messagesShown()).toHaveLength(3));
    expect(messagesShown()[2]).toHaveTextContent('Sent while you were offline');
    await waitFor(() => expect(badge()).toHaveAccessibleName('Messages, 4 unread'));
    expect(page.calls('GET', '/chats/chat/c1?after=m2&limit=100')).toHaveLength(1);
  });

  it('a conversation left while its catch-up after a reconnection is on its way marks nothing read: the badge counts what it brings (decision 323)', async () => {
    let total = 0;
    let catchUps = 0;
    let release: () => void = () => undefined;
    const later = message('m8', 'c1', claire, 'Also, which companies are you looking at?', 50);
    const page = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [withClaire, withOmar] }),
      'GET /chats/unread-count': () => json(200, { count: total }),
      ...conversationAnswers(withClaire, history),
      // The first connection's catch-up finds nothing; the reconnection's is answered once Claire's next message is stored.
      'GET /chats/chat/c1?after=m2&limit=100': () =>
        ++catchUps === 1
          ? json(200, { chat: withClaire, messages: [], hasMore: false })
          : new Promise<Response>((resolve) => (release = () => resolve(json(200, { chat: withClaire, messages: [later], hasMore: false })))),
    });
    const first = await page.connect();
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    await waitFor(() => expect(catchUps).toBe(1));
    expect(page.calls('PUT', '/chats/c1/mark-read')).toHaveLength(1);
    first.drop();
    const second = await page.connect();
    await waitFor(() => expect(catchUps).toBe(2));

    await page.router.navigate('/experts');
    await screen.findByText('Expert directory');
    total = 1;
    second.push({ type: 'newMessage', chatId: 'c1', message: later });
    expect(badge()).toHaveAccessibleName('Messages, 1 unread');
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.calls('PUT', '/chats/c1/mark-read')).toHaveLength(1);
    expect(badge()).toHaveAccessibleName('Messages, 1 unread');
  });

  it('a chat read in another tab is read here too: its row loses the count, the header asks the server for the total', async () => {
    let total = 3;
    const unread = chatWith(omar, 'c2', { unreadCount: 3, updatedAt: at(-600), offer: { ...chatWith(omar, 'c2').offer, title: 'Pitch deck review' } });
    const page = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [withClaire, unread] }),
      'GET /chats/unread-count': () => json(200, { count: total }),
      ...conversationAnswers(withClaire, history),
    });
    const socket = await page.connect();
    await waitFor(() => expect(badge()).toHaveAccessibleName('Messages, 3 unread'));
    expect(rows()[1]).toHaveAccessibleName('Omar Haddad Pitch deck review 3 unread');

    total = 0;
    socket.push({ type: 'chatRead', chatId: 'c2', readerId: aliceAsParticipant._id, readUpTo: 'm9' });
    expect(rows()[1]).toHaveAccessibleName('Omar Haddad Pitch deck review');
    await waitFor(() => expect(badge()).toHaveAccessibleName('Messages, 0 unread'));

    // Claire reading our conversation changes none of my counts.
    const asked = page.calls('GET', '/chats/unread-count').length;
    total = 5;
    socket.push({ type: 'chatRead', chatId: 'c1', readerId: claire._id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.calls('GET', '/chats/unread-count')).toHaveLength(asked);
    expect(badge()).toHaveAccessibleName('Messages, 0 unread');
  });

  it('shows "Seen" under my latest message the other side has read, live', async () => {
    const mine = [
      message('m1', 'c1', aliceAsParticipant, 'Hello', 3),
      message('m2', 'c1', claire, 'Hi Alice', 7),
      { ...message('m3', 'c1', aliceAsParticipant, 'Tuesday?', 8), read: true },
    ];
    const page = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [withClaire] }),
      ...conversationAnswers(withClaire, [...mine, message('m4', 'c1', aliceAsParticipant, 'Or Wednesday?', 9)]),
    });
    const socket = await page.connect();
    await waitFor(() => expect(messagesShown()).toHaveLength(4));
    expect(screen.getAllByText('Seen')).toHaveLength(1);
    expect(messagesShown()[2]).toHaveTextContent('Seen');

    socket.push({ type: 'chatRead', chatId: 'c2', readerId: omar._id, readUpTo: 'm4' });
    expect(messagesShown()[3]).not.toHaveTextContent('Seen');
    socket.push({ type: 'chatRead', chatId: 'c1', readerId: claire._id, readUpTo: 'm4' });
    expect(screen.getAllByText('Seen')).toHaveLength(1);
    expect(messagesShown()[3]).toHaveTextContent('Seen');
  });

  it('a list fetched again after a reconnection, made before a message the channel brought, does not take the message back', async () => {
    let lists = 0;
    let held = false;
    let release: () => void = () => undefined;
    const stale = () => json(200, { chats: [withClaire, withOmar] });
    const page = renderMessages('/messages?chatId=c1', {
      // The list the reconnection asks for was made before Omar wrote, and arrives after his message.
      'GET /chats': () => {
        lists += 1;
        return held ? new Promise<Response>((resolve) => (release = () => resolve(stale()))) : stale();
      },
      ...conversationAnswers(withClaire, history),
      'GET /chats/chat/c1?after=m2&limit=100': () => json(200, { chat: withClaire, messages: [], hasMore: false }),
    });
    const first = await page.connect();
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    first.drop();
    held = true;
    const asked = lists;
    const second = await page.connect();
    await waitFor(() => expect(lists).toBe(asked + 1));

    second.push({ type: 'newMessage', chatId: 'c2', message: message('m4', 'c2', omar, 'Are you free on Monday?', 20) });
    expect(rows()[0]).toHaveAccessibleName('Omar Haddad Pitch deck review Are you free on Monday? 1 unread');
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rows()[0]).toHaveAccessibleName('Omar Haddad Pitch deck review Are you free on Monday? 1 unread');
    expect(rows()[1]).toHaveAccessibleName('Claire Dubois Tax return review');
  });

  it('a message that comes while the list is on its way is not lost: the list is fetched again', async () => {
    const fresh = chatWith(omar, 'c2', {
      unreadCount: 1,
      updatedAt: at(20),
      lastMessage: message('m4', 'c2', omar, 'Are you free on Monday?', 20),
      offer: { ...chatWith(omar, 'c2').offer, title: 'Pitch deck review' },
    });
    let lists = 0;
    let release: () => void = () => undefined;
    const page = renderMessages('/messages', {
      'GET /chats': () =>
        ++lists === 1
          ? new Promise<Response>((resolve) => (release = () => resolve(json(200, { chats: [withClaire, withOmar] }))))
          : json(200, { chats: [withClaire, fresh] }),
    });
    const socket = await page.connect();
    await waitFor(() => expect(lists).toBe(1));

    socket.push({ type: 'newMessage', chatId: 'c2', message: message('m4', 'c2', omar, 'Are you free on Monday?', 20) });
    release();
    await waitFor(() => expect(rows()[0]).toHaveAccessibleName('Omar Haddad Pitch deck review Are you free on Monday? 1 unread'));
    expect(lists).toBe(2);
  });
});
