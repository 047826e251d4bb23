/**
 * The live channel belongs to a session, and to the app's origins: a socket closes, and hears
 * nothing more, once its session ends (logout, password reset); a ticket of an ended session opens
 * nothing; an account holds at most REALTIME.maxConnectionsPerAccount sockets. Delivery takes the
 * write path's push first and the table's stream whatever that missed. The WebSocket accepts the
 * origins the HTTP API accepts, from every name the server answers to.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME } from '../../shared/limits';
import type { CreatedChat, MessageDto } from '../../shared/schemas/chats';
import type { RealtimeEvent } from '../../shared/schemas/realtime';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { ApiClient, stackUrl } from '../support/api';
import { signedInStudent, signedInWith, PASSWORD } from '../support/accounts';
import { connectAs, expertWithOffer, handshakeStatus, openConnection, type RealtimeConnection, ticketFor, wsUrl } from '../support/chats';
import { latestMail, linkIn } from '../support/outbox';
import { partitionItems } from '../support/table';

let expert: ApiClient;
let offer: OfferDto;
const opened: RealtimeConnection[] = [];

const isMessage = (content: string) => (event: RealtimeEvent) => event.type === 'newMessage' && event.message.content === content;
const idOf = (client: ApiClient) => JSON.parse(Buffer.from(client.accessToken!.split('.')[1], 'base64url').toString()).sub as string;
const send = (client: ApiClient, chatId: string, content: string) => client.post<{ message: MessageDto }>(`/chats/${chatId}/messages`, { content });
/** Long enough for the local stream to have delivered anything it was going to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

async function connect(client: ApiClient, ticket?: string): Promise<RealtimeConnection> {
  const connection = await connectAs(client, ticket);
  opened.push(connection);
  return connection;
}

async function conversationWith(student: ApiClient): Promise<string> {
  const created = await student.post<CreatedChat>('/chats/create', { offerId: offer._id });
  expect(created.status).toBe(201);
  return created.body.chat._id;
}

beforeAll(async () => {
  ({ expert, offer } = await expertWithOffer('Sasha', 'Sessions', 'Negotiation practice hour'));
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((connection) => connection.close()));
});

describe('a socket lives no longer than its session', () => {
  it('closes at logout, and hears nothing of messages sent afterwards', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await conversationWith(student);
    const socket = await connect(student);
    await send(expert, chatId, 'before logout');
    await socket.next(isMessage('before logout'));

    expect((await student.post('/auth/logout')).status).toBe(200);
    await socket.closed();
    await send(expert, chatId, 'after logout');
    await settle();
    expect(socket.events.filter((event) => event.type === 'newMessage').map((event) => event.type === 'newMessage' && event.message.content)).toEqual([
      'before logout',
    ]);
    expect(await partitionItems(`CONN#USER#${idOf(student)}`).then((items) => items.filter((item) => String(item.sk).startsWith('CONN#')))).toEqual([]);
  });

  it('closes every socket of the account at a password reset, on every device', async () => {
    const { client: student, email } = await signedInStudent();
    const otherDevice = await signedInWith(email, PASSWORD);
    const chatId = await conversationWith(student);
    const [here, there] = await Promise.all([connect(student), connect(otherDevice)]);

    await new ApiClient().post('/auth/forgot-password', { email });
    const token = linkIn(await latestMail(email, 'Reset your password'), '/reset-password/').split('/reset-password/')[1];
    expect((await new ApiClient().post('/auth/reset-password', { token, password: 'a-brand-new-password' })).status).toBe(200);
    await Promise.all([here.closed(), there.closed()]);
    await send(expert, chatId, 'after the reset');
    await settle();
    for (const socket of [here, there]) expect(socket.events.filter((event) => event.type === 'newMessage')).toEqual([]);
  });

  it('refuses, after logout, a ticket taken before it', async () => {
    const { client: student } = await signedInStudent();
    const ticket = await ticketFor(student);
    expect((await student.post('/auth/logout')).status).toBe(200);
    expect(await handshakeStatus(wsUrl(`?ticket=${ticket}`), { origin: stackUrl() })).toBe(401);
  });

  it('leaves the sockets of the account’s other sessions open', async () => {
    const { client: student, email } = await signedInStudent();
    const otherDevice = await signedInWith(email, PASSWORD);
    const chatId = await conversationWith(student);
    const [leaving, staying] = await Promise.all([connect(student), connect(otherDevice)]);
    expect((await student.post('/auth/logout')).status).toBe(200);
    await leaving.closed();
    await send(expert, chatId, 'still here?');
    await staying.next(isMessage('still here?'));
  });
});

describe('connections per account', () => {
  it(`keeps at most ${REALTIME.maxConnectionsPerAccount}: a new one closes the oldest, which is told it was superseded`, async () => {
    const { client: student } = await signedInStudent();
    const chatId = await conversationWith(student);
    const first = await connect(student);
    const rest: RealtimeConnection[] = [];
    for (let n = 1; n < REALTIME.maxConnectionsPerAccount; n++) rest.push(await connect(student));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.events).toEqual([]);

    const newest = await connect(student);
    expect(await first.next((event) => event.type === 'superseded')).toMatchObject({ type: 'superseded' });
    await first.closed();
    const stored = (await partitionItems(`CONN#USER#${idOf(student)}`)).filter((item) => String(item.sk).startsWith('CONN#'));
    expect(stored).toHaveLength(REALTIME.maxConnectionsPerAccount);
    await send(expert, chatId, 'to the ten');
    for (const socket of [...rest, newest]) await socket.next(isMessage('to the ten'));
  });
});

describe('delivery', () => {
  it('pushes from the write path at once, and again from the stream under the same event id', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await conversationWith(student);
    const raw = new WebSocket(wsUrl(`?ticket=${await ticketFor(student)}`), { origin: stackUrl() });
    const ids: string[] = [];
    raw.on('message', (data) => {
      const event = JSON.parse(data.toString()) as RealtimeEvent;
      if (event.type === 'newMessage') ids.push(event.eventId);
    });
    opened.push(await openConnection(raw));
    await send(expert, chatId, 'twice over');
    await expect.poll(() => ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
  });

  it('loses nothing when the write path cannot reach the connections: the stream delivers', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await conversationWith(student);
    const socket = await connect(student);
    await setFastPathOutage(true);
    try {
      const sent = await send(expert, chatId, 'through the stream');
      expect(sent.status).toBe(201);
      expect(await socket.next(isMessage('through the stream'))).toMatchObject({ message: { _id: sent.body.message._id } });
      await settle();
      expect(socket.duplicates()).toBe(0);
    } finally {
      await setFastPathOutage(false);
    }
  });

  it('answers the sender, and delivers it and what follows, when pushes to a tab never get their answer', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await conversationWith(student);
    const tabs = [await connect(student), await connect(student)];
    // The write path's posts to both tabs and the stream's first to one: sent on, never answered.
    await holdPosts(3);
    const sent = await send(expert, chatId, 'through the silence');
    expect(sent.status).toBe(201);
    expect(await send(expert, chatId, 'and after it')).toMatchObject({ status: 201 });
    // Each tab shows both, once each: the held one comes with the stream's next attempt, after the later message's.
    const shown = (tab: RealtimeConnection) => tab.events.flatMap((event) => (event.type === 'newMessage' ? [event.message.content] : [])).sort();
    for (const tab of tabs) await expect.poll(() => shown(tab), { timeout: 20_000 }).toEqual(['and after it', 'through the silence']);
    expect(await holdPosts()).toEqual({ posts: 0, held: 3 });
  });
});

/** Holds the next `posts` posts to the @connections API unanswered; without them, tells how many are left and held. */
async function holdPosts(posts?: number): Promise<{ posts: number; held: number }> {
  const response = await fetch(`${stackUrl()}/_local/realtime-hold`, {
    method: posts === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(posts !== undefined && { body: JSON.stringify({ posts }) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { posts: number; held: number };
}

describe('the app by another name', () => {
  const loopbackUrl = () => stackUrl().replace('localhost', '127.0.0.1');

  it('opens the WebSocket from http://127.0.0.1:<port>, and still refuses another site', async () => {
    const { client: student } = await signedInStudent();
    expect(await handshakeStatus(wsUrl(`?ticket=${await ticketFor(student)}`).replace('localhost', '127.0.0.1'), { origin: loopbackUrl() })).toBe(101);
    expect(await handshakeStatus(wsUrl(`?ticket=${await ticketFor(student)}`), { origin: loopbackUrl() })).toBe(101);
    for (const origin of ['http://127.0.0.2:3000', 'https://evil.example', `http://localhost.evil.example:${new URL(stackUrl()).port}`]) {
      expect(await handshakeStatus(wsUrl(`?ticket=${await ticketFor(student)}`), { origin }), origin).toBe(403);
    }
  });

  it('accepts a state change with a cookie from http://127.0.0.1:<port> over HTTP too, and refuses another site', async () => {
    const { email } = await signedInStudent();
    const client = await signedInWith(email, PASSWORD);
    const refresh = (origin: string) => client.request('POST', '/auth/refresh-token', {}, { headers: { origin } });
    expect((await refresh(loopbackUrl())).status).toBe(200);
    expect((await refresh('https://evil.example')).status).toBe(403);
  });
});

async function setFastPathOutage(outage: boolean): Promise<void> {
  const response = await fetch(`${stackUrl()}/_local/realtime-fast-path-outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outage }),
  });
  expect(await response.json()).toEqual({ outage });
}
