/**
 * The realtime channel through the local WebSocket gateway, the real realtime and notifications
 * handlers and the table's stream: tickets, Origin, joinChat, delivery to every tab of both
 * participants, gone connections, and catching up after a dropped connection.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import { REALTIME } from '../../shared/limits';
import type { ChatMessages, CreatedChat, MessageDto } from '../../shared/schemas/chats';
import type { RealtimeEvent } from '../../shared/schemas/realtime';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { createHash } from 'node:crypto';
import { ApiClient, stackUrl } from '../support/api';
import { signedInStudent } from '../support/accounts';
import { connectAs, expertWithOffer, handshakeStatus, storedUnknownConnection, ticketFor, wsUrl } from '../support/chats';
import { deleteItem, getItem, partitionItems, setAttributes } from '../support/table';
import WebSocket from 'ws';

let expert: ApiClient;
let expertId: string;
let offer: OfferDto;

const isMessage = (content: string) => (event: RealtimeEvent) => event.type === 'newMessage' && event.message.content === content;

async function conversation(): Promise<{ student: ApiClient; chatId: string }> {
  const { client: student } = await signedInStudent();
  const opened = await student.post<CreatedChat>('/chats/create', { offerId: offer._id });
  expect(opened.status).toBe(201);
  return { student, chatId: opened.body.chat._id };
}

const send = (client: ApiClient, chatId: string, content: string) => client.post<{ message: MessageDto }>(`/chats/${chatId}/messages`, { content });

beforeAll(async () => {
  ({ expert, expertId, offer } = await expertWithOffer('Rita', 'Realtime', 'Leadership coaching hour'));
});

describe('opening the WebSocket', () => {
  it('opens with a fresh ticket from the app’s origin, and answers ping with pong on the same connection', async () => {
    const connection = await connectAs(expert);
    connection.send({ action: 'ping' });
    expect(await connection.next((event) => event.type === 'pong')).toEqual({ type: 'pong' });
    await connection.close();
  });

  it('refuses a missing, made-up, spent or expired ticket with 401', async () => {
    const origin = stackUrl();
    expect(await handshakeStatus(wsUrl(), { origin })).toBe(401);
    expect(await handshakeStatus(wsUrl(`?ticket=${'a'.repeat(43)}`), { origin })).toBe(401);
    const ticket = await ticketFor(expert);
    expect(await handshakeStatus(wsUrl(`?ticket=${ticket}`), { origin })).toBe(101);
    expect(await handshakeStatus(wsUrl(`?ticket=${ticket}`), { origin }), 'a ticket opens one connection').toBe(401);

    const old = await ticketFor(expert);
    await setAttributes(
      { pk: `TICKET#${createHash('sha256').update(old).digest('base64url')}`, sk: 'TICKET' },
      { expiresAt: Math.floor(Date.now() / 1000) - 1 },
    );
    expect(await handshakeStatus(wsUrl(`?ticket=${old}`), { origin }), 'expired').toBe(401);
  });

  it('refuses another site’s page, or no Origin, even with a valid ticket', async () => {
    for (const origin of ['https://evil.example', undefined]) {
      expect(await handshakeStatus(wsUrl(`?ticket=${await ticketFor(expert)}`), { origin }), origin).toBe(403);
    }
  });

  it('gives tickets to signed-in members only', async () => {
    expect((await new ApiClient().post('/realtime/ticket', {})).status).toBe(401);
  });

  it('stores the connection for its user, for as long as API Gateway keeps it open', async () => {
    const connection = await connectAs(expert);
    connection.send({ action: 'ping' });
    await connection.next((event) => event.type === 'pong');
    const Items = await partitionItems(`CONN#USER#${expertId}`);
    expect(Items.length).toBeGreaterThan(0);
    const newest = Math.max(...Items.map((item) => item.expiresAt as number));
    expect(newest - Math.floor(Date.now() / 1000)).toBeGreaterThan(REALTIME.connectionTtlSeconds - 60);
    await connection.close();
  });
});

describe('joining a chat', () => {
  it('acknowledges a chat of the connection’s user and refuses anyone else’s', async () => {
    const { student, chatId } = await conversation();
    const { client: stranger } = await signedInStudent();
    const mine = await connectAs(student);
    mine.send({ action: 'joinChat', chatId });
    expect(await mine.next((event) => event.type !== 'pong')).toEqual({ type: 'joined', chatId });
    const theirs = await connectAs(stranger);
    theirs.send({ action: 'joinChat', chatId });
    expect(await theirs.next(() => true)).toEqual({ type: 'error', msg: MSG.notYourChat });
    theirs.send({ action: 'joinChat', chatId: '<bad id>' });
    expect(await theirs.next(() => true)).toEqual({ type: 'error', msg: MSG.chatNotFound });
    await Promise.all([mine.close(), theirs.close()]);
  });
});

describe('delivering messages', () => {
  it('pushes a new message to every tab of the other participant and to the sender’s other tabs', async () => {
    const { student, chatId } = await conversation();
    const [expertTab1, expertTab2, studentTab1, studentTab2] = await Promise.all([
      connectAs(expert),
      connectAs(expert),
      connectAs(student),
      connectAs(student),
    ]);
    const sent = await send(student, chatId, 'Hello from tab one');
    expect(sent.status).toBe(201);
    for (const tab of [expertTab1, expertTab2, studentTab1, studentTab2]) {
      expect(await tab.next(isMessage('Hello from tab one'))).toEqual({ type: 'newMessage', chatId, message: sent.body.message, eventId: expect.any(String) });
    }
    const reply = await send(expert, chatId, 'Hello back');
    for (const tab of [studentTab1, studentTab2, expertTab1])
      expect(await tab.next(isMessage('Hello back'))).toMatchObject({ chatId, message: { _id: reply.body.message._id } });
    await Promise.all([expertTab1, expertTab2, studentTab1, studentTab2].map((tab) => tab.close()));
  });

  it('tells the reader’s other tabs and the other participant when a chat is read, up to which message', async () => {
    const { student, chatId } = await conversation();
    const [readerTab, otherTab, studentTab] = await Promise.all([connectAs(expert), connectAs(expert), connectAs(student)]);
    const sent = await send(student, chatId, 'Please read me');
    await otherTab.next(isMessage('Please read me'));
    expect((await expert.request<{ count: number }>('PUT', `/chats/${chatId}/mark-read`, {})).status).toBe(200);
    const read = { type: 'chatRead', chatId, readerId: expertId, readUpTo: sent.body.message._id, eventId: expect.any(String) };
    expect(await otherTab.next((event) => event.type === 'chatRead')).toEqual(read);
    expect(await studentTab.next((event) => event.type === 'chatRead')).toEqual(read);
    await readerTab.next((event) => event.type === 'chatRead');
    await Promise.all([readerTab, otherTab, studentTab].map((tab) => tab.close()));
  });

  it('closes at its first ping a socket its session’s end forgot while it opened, and one of a session that ended; answers the others (decision 309)', async () => {
    const claimsOf = (client: ApiClient) =>
      JSON.parse(Buffer.from(String(client.accessToken).split('.')[1], 'base64url').toString()) as { sub: string; sid: string };
    const storedConnections = async (userId: string) => (await partitionItems(`CONN#USER#${userId}`)).filter((item) => String(item.sk).startsWith('CONN#'));

    // Its session's end found it stored while its $connect still ran, forgot it, and could not close it at the API yet.
    const { client: forgottenOwner } = await signedInStudent();
    const forgotten = await connectAs(forgottenOwner);
    const [stored] = await storedConnections(claimsOf(forgottenOwner).sub);
    await deleteItem({ pk: String(stored.pk), sk: String(stored.sk) });
    await deleteItem({ pk: `CONN#${String(stored.connectionId)}`, sk: 'CONN' });
    forgotten.send({ action: 'ping' });
    await expect.poll(() => forgotten.socket.readyState).toBe(WebSocket.CLOSED);

    // Still stored, of a session whose end is recorded.
    const { client: endedOwner } = await signedInStudent();
    const ended = await connectAs(endedOwner);
    const { sub, sid } = claimsOf(endedOwner);
    await setAttributes({ pk: `CONN#USER#${sub}`, sk: `ENDED#${sid}` }, { sessionId: sid, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    ended.send({ action: 'ping' });
    await expect.poll(() => ended.socket.readyState).toBe(WebSocket.CLOSED);
    expect(await storedConnections(sub)).toEqual([]);

    const { client: member } = await signedInStudent();
    const open = await connectAs(member);
    open.send({ action: 'ping' });
    await open.next((event) => event.type === 'pong');
    expect(open.socket.readyState).toBe(WebSocket.OPEN);
    await open.close();
  });

  it('forgets a connection that went away without saying so (410 from @connections), keeps one still connecting, and still delivers to the others', async () => {
    const { student, chatId } = await conversation();
    const live = await connectAs(student);
    // Opened an hour ago, gone since without its $disconnect.
    const ghost = await storedUnknownConnection(student, 'ghost-connection');
    // Stored a moment ago and unknown to the API: its $connect is still running, so it opens next.
    const connecting = await storedUnknownConnection(student, 'connecting-connection', true);
    await send(expert, chatId, 'Anyone there?');
    await live.next(isMessage('Anyone there?'));
    await expect.poll(() => getItem(ghost)).toBeUndefined();
    expect(await getItem({ pk: 'CONN#ghost-connection', sk: 'CONN' })).toBeUndefined();
    expect(await getItem(connecting)).toBeDefined();
    await live.close();
  });

  it('loses nothing across a dropped connection: reconnect, re-join, fetch what came meanwhile', async () => {
    const { student, chatId } = await conversation();
    const first = await connectAs(expert);
    await send(student, chatId, 'before the drop');
    const seen = (await first.next(isMessage('before the drop'))) as Extract<RealtimeEvent, { type: 'newMessage' }>;
    first.socket.terminate();
    await send(student, chatId, 'while offline 1');
    await send(student, chatId, 'while offline 2');

    const second = await connectAs(expert);
    second.send({ action: 'joinChat', chatId });
    await second.next((event) => event.type === 'joined');
    const missed = await expert.get<ChatMessages>(`/chats/chat/${chatId}?after=${seen.message._id}`);
    expect(missed.body.messages.map((m) => m.content)).toEqual(['while offline 1', 'while offline 2']);
    await send(student, chatId, 'after the reconnect');
    await second.next(isMessage('after the reconnect'));
    await second.close();
  });
});
