/**
 * The chat calls through the local gateway, the real chats handler and DynamoDB Local: who may
 * open, read and write a conversation, one open conversation per student and offer, order
 * numbers, pagination, and unread counts that stay exact under concurrent sends.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import type { ChatList, ChatMessages, CreatedChat, MessageDto } from '../../shared/schemas/chats';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { ApiClient } from '../support/api';
import { signedInStudent } from '../support/accounts';
import { expertWithOffer } from '../support/chats';
import { getItem, setAttributes } from '../support/table';

let expert: ApiClient;
let expertId: string;
let offer: OfferDto;

const idOf = (client: ApiClient) => JSON.parse(Buffer.from(client.accessToken!.split('.')[1], 'base64url').toString()).sub as string;

async function openChat(student: ApiClient, offerId: string, initialMessage?: string) {
  return student.post<CreatedChat>('/chats/create', { offerId, ...(initialMessage !== undefined && { initialMessage }) });
}

async function send(client: ApiClient, chatId: string, content: string) {
  return client.post<{ message: MessageDto }>(`/chats/${chatId}/messages`, { content });
}

const unread = async (client: ApiClient) => (await client.get<{ count: number }>('/chats/unread-count')).body.count;

beforeAll(async () => {
  ({ expert, expertId, offer } = await expertWithOffer());
});

describe('opening a conversation about an offer', () => {
  it('opens it with the first message: an order with the offer, both participants and the unread count', async () => {
    const { client: student, user } = await signedInStudent();
    const opened = await openChat(student, offer._id, 'Hello! Can we talk about my <b>CV</b>?');
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const { chat, message, created } = opened.body;
    expect(created).toBe(true);
    expect(chat).toMatchObject({
      offer: {
        _id: offer._id,
        title: offer.title,
        price: 60,
        pricingType: 'fixed',
        lessonType: 'Document',
        professor: { _id: expertId, firstName: 'Chandra', lastName: 'Chatty' },
      },
      participants: [
        { _id: user._id, role: 'user', firstName: 'Sam', lastName: 'Student' },
        { _id: expertId, role: 'professor', firstName: 'Chandra', lastName: 'Chatty' },
      ],
      unreadCount: 0,
      isServiceInProgress: false,
      isOrderClosed: false,
      isOrderCanceled: false,
      isScheduleConfirmed: false,
      projectSubmission: { status: 'none' },
      professorName: 'Chandra Chatty',
    });
    expect(Number.isInteger(chat.orderNumber) && chat.orderNumber > 0).toBe(true);
    expect(message).toMatchObject({
      chat: chat._id,
      sender: user._id,
      content: 'Hello! Can we talk about my CV?',
      read: false,
      senderDetails: { firstName: 'Sam', lastName: 'Student' },
    });

    const inbox = await expert.get<ChatList>('/chats');
    expect(inbox.body.chats.find((c) => c._id === chat._id)).toMatchObject({ unreadCount: 1, lastMessage: { content: 'Hello! Can we talk about my CV?' } });
    expect(await unread(student)).toBe(0);
  });

  it('returns the open conversation when asked again, with the new message added to it', async () => {
    const { client: student } = await signedInStudent();
    const first = await openChat(student, offer._id, 'First question');
    const again = await openChat(student, offer._id, 'Second question');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      created: false,
      chat: { _id: first.body.chat._id, orderNumber: first.body.chat.orderNumber },
      message: { content: 'Second question' },
    });
    const { body } = await student.get<ChatMessages>(`/chats/chat/${first.body.chat._id}`);
    expect(body.messages.map((m) => m.content)).toEqual(['First question', 'Second question']);
    expect((await student.get<ChatList>('/chats')).body.chats).toHaveLength(1);
  });

  it('starts a new conversation, a new order, once the open one is archived', async () => {
    const { client: student } = await signedInStudent();
    const first = (await openChat(student, offer._id, 'Booking one')).body.chat;
    // The orders issue closes orders; here the order is closed as its transition will close it.
    await setAttributes({ pk: `ORDER#${first._id}`, sk: 'ORDER' }, { status: 'closed' });
    const second = await openChat(student, offer._id, 'Booking two');
    expect(second.status).toBe(201);
    expect(second.body.chat._id).not.toBe(first._id);
    expect(second.body.chat.orderNumber).not.toBe(first.orderNumber);
    const { chats } = (await student.get<ChatList>('/chats')).body;
    expect(chats.map((c) => [c._id, c.isOrderClosed])).toEqual([
      [second.body.chat._id, false],
      [first._id, true],
    ]);
  });

  it('opens a conversation without a first message, and tells nobody', async () => {
    const { client: student } = await signedInStudent();
    const before = await unread(expert);
    const opened = await openChat(student, offer._id);
    expect(opened.status).toBe(201);
    expect(opened.body.message).toBeUndefined();
    expect(await unread(expert)).toBe(before);
  });

  it('refuses one’s own offer, unpublished and unknown offers, and changes nothing', async () => {
    expect(await openChat(expert, offer._id, 'Hi me')).toMatchObject({ status: 403, body: { msg: MSG.ownOfferChat } });
    const pending = await expert.post<{ offer: OfferDto }>('/offers/create', {
      title: 'Unreviewed interview drill',
      description: 'Waiting for the moderators.',
      price: 30,
      lessonType: 'Phone Call',
      pricingType: 'fixed',
    });
    const { client: student } = await signedInStudent();
    expect(await openChat(student, pending.body.offer._id, 'Hi')).toMatchObject({ status: 404, body: { msg: MSG.offerNotAvailable } });
    expect(await openChat(student, 'no-such-offer', 'Hi')).toMatchObject({ status: 404, body: { msg: MSG.offerNotAvailable } });
    expect(await openChat(student, offer._id, '<script></script>')).toMatchObject({ status: 400, body: { msg: MSG.messageRequired } });
    expect((await student.get<ChatList>('/chats')).body.chats).toEqual([]);
  });

  it('gives every order a number of its own when students open chats at the same moment', async () => {
    const students = await Promise.all(Array.from({ length: 6 }, () => signedInStudent()));
    const opened = await Promise.all(students.map(({ client }) => openChat(client, offer._id, 'Same time')));
    expect(opened.map((r) => r.status)).toEqual(Array(6).fill(201));
    const numbers = opened.map((r) => r.body.chat.orderNumber);
    expect(new Set(numbers).size).toBe(6);
    for (const number of numbers) expect(Number.isInteger(number) && number > 0).toBe(true);
  });
});

describe('reading and writing a conversation', () => {
  it('lets only its two participants read or write it', async () => {
    const { client: student } = await signedInStudent();
    const { client: stranger } = await signedInStudent();
    const chatId = (await openChat(student, offer._id, 'Private')).body.chat._id;
    for (const response of [
      await stranger.get(`/chats/chat/${chatId}`),
      await send(stranger, chatId, 'Let me in'),
      await stranger.request('PUT', `/chats/${chatId}/mark-read`, {}),
    ]) {
      expect(response).toMatchObject({ status: 403, body: { msg: MSG.notYourChat } });
    }
    for (const response of [
      await stranger.get('/chats/chat/no-such-chat'),
      await send(stranger, 'no-such-chat', 'Hi'),
      await stranger.request('PUT', '/chats/no-such-chat/mark-read', {}),
    ]) {
      expect(response).toMatchObject({ status: 404, body: { msg: MSG.chatNotFound } });
    }
    const { body } = await expert.get<ChatMessages>(`/chats/chat/${chatId}`);
    expect(body.messages.map((m) => m.content)).toEqual(['Private']);
  });

  it('strips markup, keeps at most 2000 characters, refuses empty messages, and stores nothing refused', async () => {
    const { client: student } = await signedInStudent();
    const chatId = (await openChat(student, offer._id)).body.chat._id;
    expect(await send(student, chatId, '<img src=x onerror=alert(1)>Are you <i>free</i> on Monday?')).toMatchObject({
      status: 201,
      body: { message: { content: 'Are you free on Monday?' } },
    });
    expect(await send(student, chatId, 'x'.repeat(2000))).toMatchObject({ status: 201 });
    expect(await send(student, chatId, 'x'.repeat(2001))).toMatchObject({ status: 400, body: { msg: MSG.fieldTooLong } });
    expect(await send(student, chatId, '   ')).toMatchObject({ status: 400, body: { msg: MSG.messageRequired } });
    expect(await send(student, chatId, '<p></p>')).toMatchObject({ status: 400, body: { msg: MSG.messageRequired } });
    const { body } = await expert.get<ChatMessages>(`/chats/chat/${chatId}`);
    expect(body.messages.map((m) => m.content.length)).toEqual([23, 2000]);
  });

  it('pages messages back in time and catches up after a given message', async () => {
    const { client: student } = await signedInStudent();
    const chatId = (await openChat(student, offer._id, 'm1')).body.chat._id;
    const ids: (string | undefined)[] = [undefined, undefined];
    for (let n = 2; n <= 7; n++) ids.push((await send(n % 2 ? student : expert, chatId, `m${n}`)).body.message._id);
    const contents = (page: ChatMessages) => page.messages.map((m) => m.content);

    const latest = (await expert.get<ChatMessages>(`/chats/chat/${chatId}?limit=3`)).body;
    expect(contents(latest)).toEqual(['m5', 'm6', 'm7']);
    expect(latest.hasMore).toBe(true);
    const earlier = (await expert.get<ChatMessages>(`/chats/chat/${chatId}?limit=3&before=${latest.messages[0]._id}`)).body;
    expect(contents(earlier)).toEqual(['m2', 'm3', 'm4']);
    expect(earlier.hasMore).toBe(true);
    const first = (await expert.get<ChatMessages>(`/chats/chat/${chatId}?limit=3&before=${earlier.messages[0]._id}`)).body;
    expect(contents(first)).toEqual(['m1']);
    expect(first.hasMore).toBe(false);

    const missed = (await expert.get<ChatMessages>(`/chats/chat/${chatId}?after=${ids[4]}`)).body;
    expect(contents(missed)).toEqual(['m5', 'm6', 'm7']);
    expect(missed.hasMore).toBe(false);
    expect((await expert.get<ChatMessages>(`/chats/chat/${chatId}?after=${ids[7]}`)).body.messages).toEqual([]);

    for (const query of ['before=bad', 'after=%3Cscript%3E', 'limit=0', 'limit=101', 'limit=abc']) {
      expect((await expert.get(`/chats/chat/${chatId}?${query}`)).status, query).toBe(400);
    }
  });

  it('lists a member’s conversations by latest activity, page by page', async () => {
    const { client: student } = await signedInStudent();
    const others = await Promise.all([
      expertWithOffer('Pia', 'Paging', 'Portfolio feedback session'),
      expertWithOffer('Lou', 'Listing', 'Interview practice session'),
    ]);
    const a = (await openChat(student, offer._id, 'a')).body.chat._id;
    const b = (await openChat(student, others[0].offer._id, 'b')).body.chat._id;
    const c = (await openChat(student, others[1].offer._id, 'c')).body.chat._id;
    await send(expert, a, 'a moves to the top');

    const page1 = (await student.get<ChatList>('/chats?limit=2')).body;
    expect(page1.chats.map((chat) => chat._id)).toEqual([a, c]);
    expect(page1.chats[0]).toMatchObject({ unreadCount: 1, lastMessage: { content: 'a moves to the top' } });
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (await student.get<ChatList>(`/chats?limit=2&cursor=${page1.nextCursor}`)).body;
    expect(page2.chats.map((chat) => chat._id)).toEqual([b]);
    expect(page2.nextCursor).toBeUndefined();
    expect(await student.get('/chats?cursor=bm90LWEtY3Vyc29y')).toMatchObject({ status: 400, body: { msg: MSG.invalidCursor } });
  });
});

describe('unread counts', () => {
  it('counts every message of concurrent sends, per chat and in total, and mark-read takes them off', async () => {
    const [one, two] = await Promise.all([signedInStudent(), signedInStudent()]);
    const { expert: busyExpert, offer: busyOffer } = await expertWithOffer('Bea', 'Busy', 'Salary negotiation coaching');
    const chatOne = (await openChat(one.client, busyOffer._id)).body.chat._id;
    const chatTwo = (await openChat(two.client, busyOffer._id)).body.chat._id;

    const sends = [
      ...Array.from({ length: 15 }, (_, n) => send(one.client, chatOne, `one ${n}`)),
      ...Array.from({ length: 10 }, (_, n) => send(two.client, chatTwo, `two ${n}`)),
    ];
    expect((await Promise.all(sends)).map((r) => r.status)).toEqual(Array(25).fill(201));
    expect(await unread(busyExpert)).toBe(25);
    const { chats } = (await busyExpert.get<ChatList>('/chats')).body;
    expect(Object.fromEntries(chats.map((c) => [c._id, c.unreadCount]))).toEqual({ [chatOne]: 15, [chatTwo]: 10 });

    // Reading one chat while the other keeps receiving: the total stays the sum of the chats.
    const [read] = await Promise.all([
      busyExpert.request<{ count: number }>('PUT', `/chats/${chatOne}/mark-read`, {}),
      ...Array.from({ length: 5 }, (_, n) => send(two.client, chatTwo, `more ${n}`)),
    ]);
    expect(read.status).toBe(200);
    expect(await unread(busyExpert)).toBe(15);
    expect((await busyExpert.request<{ count: number }>('PUT', `/chats/${chatTwo}/mark-read`, {})).body).toEqual({ count: 0 });
    expect(await unread(busyExpert)).toBe(0);
    expect((await busyExpert.get<ChatList>('/chats')).body.chats.map((c) => c.unreadCount)).toEqual([0, 0]);
  });

  it('shows the sender when the other side has read their messages', async () => {
    const { client: student } = await signedInStudent();
    const chatId = (await openChat(student, offer._id, 'Did you see this?')).body.chat._id;
    const before = (await student.get<ChatMessages>(`/chats/chat/${chatId}`)).body.messages;
    expect(before.map((m) => m.read)).toEqual([false]);
    await expert.request('PUT', `/chats/${chatId}/mark-read`, {});
    const after = (await student.get<ChatMessages>(`/chats/chat/${chatId}`)).body.messages;
    expect(after.map((m) => m.read)).toEqual([true]);
  });

  it('reads up to the message on screen: one that came after it stays unread, and the sender sees it unseen (decision 318)', async () => {
    const { client: student } = await signedInStudent();
    const chatId = (await openChat(student, offer._id, 'First question')).body.chat._id;
    const shown = (await send(student, chatId, 'Second question')).body.message._id;
    const later = (await send(student, chatId, 'Third, sent while the expert’s mark-read was on its way')).body.message._id;
    const before = await unread(expert);

    // The expert's screen showed the second message: the third stays unread, and is counted.
    const read = await expert.request<{ count: number }>('PUT', `/chats/${chatId}/mark-read`, { upTo: shown });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ count: before - 2 });
    const place = (await expert.get<ChatList>('/chats')).body.chats.find((chat) => chat._id === chatId);
    expect(place?.unreadCount).toBe(1);
    const seen = (await student.get<ChatMessages>(`/chats/chat/${chatId}`)).body.messages;
    expect(seen.map((message) => [message.content.split(',')[0], message.read])).toEqual([
      ['First question', true],
      ['Second question', true],
      ['Third', false],
    ]);

    // A mark-read for an older message changes nothing; one for the last reads the rest.
    expect((await expert.request<{ count: number }>('PUT', `/chats/${chatId}/mark-read`, { upTo: shown })).body).toEqual({ count: before - 2 });
    expect((await expert.request<{ count: number }>('PUT', `/chats/${chatId}/mark-read`, { upTo: later })).body).toEqual({ count: before - 3 });
    expect((await student.get<ChatMessages>(`/chats/chat/${chatId}`)).body.messages.map((message) => message.read)).toEqual([true, true, true]);

    // What is not a message id is refused, and changes nothing.
    const refused = await expert.request<{ code: string }>('PUT', `/chats/${chatId}/mark-read`, { upTo: 'not a message' });
    expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
  });

  it('keeps each member’s place in the table as the data model says', async () => {
    const { client: student } = await signedInStudent();
    const chatId = (await openChat(student, offer._id, 'Keyed')).body.chat._id;
    expect(await getItem({ pk: `CHATS#${expertId}`, sk: `CHAT#${chatId}` })).toMatchObject({
      unreadCount: 1,
      otherUserId: idOf(student),
      gsi1pk: `CHATS#${expertId}`,
    });
  });
});
