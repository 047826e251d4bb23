/**
 * The product when its table fails as DynamoDB fails (decision 280), through the local gateway and
 * the test stack's fault proxy (`/_local/table/faults`): throttled and failed calls are retried and
 * land once; a transaction whose answer was lost after it committed is retried under the same
 * ClientRequestToken and lands once, and the member is told it went through.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { MessageDto } from '../../shared/schemas/chats';
import { MSG } from '../../shared/texts';
import { PASSWORD, signedInPublishingExpert, signedInStudent } from '../support/accounts';
import { ApiClient } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { armTableFault, clearTableFaults, tableFaultState } from '../support/table-faults';

afterEach(clearTableFaults);

let expert: ApiClient;
let offer: OfferDto;

beforeAll(async () => {
  ({ expert, offer } = await expertWithOffer('Tara', 'Throttled', 'Interview practice under faults'));
});

async function openChat(student: ApiClient) {
  const opened = await student.post<{ chat: { _id: string } }>('/chats/create', { offerId: offer._id, initialMessage: 'Hello!' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return opened.body.chat._id;
}

const messagesOf = async (client: ApiClient, chatId: string) =>
  (await client.get<{ messages: MessageDto[] }>(`/chats/chat/${chatId}`)).body.messages.map((message) => message.content);

describe('the table failing under a member', () => {
  it('stores a message once when its transaction’s answer is lost after it committed', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await openChat(student);
    await armTableFault({ mode: 'after-commit', operations: ['TransactWriteItems'], count: 1 });
    expect((await student.post(`/chats/${chatId}/messages`, { content: 'Sent once, whatever the table said' })).status).toBe(201);
    expect((await tableFaultState()).counters.TransactWriteItems?.['after-commit']).toBe(1);
    expect(await messagesOf(expert, chatId)).toEqual(['Hello!', 'Sent once, whatever the table said']);
  });

  it('stores a message once, and says so, when every one of the SDK’s attempts lost its answer after the commit', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await openChat(student);
    await armTableFault({ mode: 'after-commit', operations: ['TransactWriteItems'], count: 3 });
    const sent = await student.post(`/chats/${chatId}/messages`, { content: 'Past three lost answers' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await tableFaultState()).counters.TransactWriteItems?.['after-commit']).toBe(3);
    expect(await messagesOf(expert, chatId)).toEqual(['Hello!', 'Past three lost answers']);
  });

  it('stores a message once when its sender sends it again with its key, after an answer that never came (decision 286)', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await openChat(student);
    const send = (content: string, key: string) =>
      student.request<{ message: MessageDto }>('POST', `/chats/${chatId}/messages`, { content }, { headers: { 'idempotency-key': key } });
    // Every send of the transaction, each with the SDK's three attempts, loses its answer after the commit: the sender is not told.
    await armTableFault({ mode: 'after-commit', operations: ['TransactWriteItems'], count: 9 });
    // Told to try again shortly (decision 342), not that something broke.
    const lost = await send('Sent, whatever I was told', 'key-first-try');
    expect([lost.status, lost.headers.get('retry-after'), lost.body]).toEqual([503, '1', { msg: MSG.busy, code: 'unavailable' }]);
    await clearTableFaults();
    const again = await send('Sent, whatever I was told', 'key-first-try');
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await messagesOf(expert, chatId)).toEqual(['Hello!', 'Sent, whatever I was told']);
    const stored = (await expert.get<{ messages: MessageDto[] }>(`/chats/chat/${chatId}`)).body.messages[1];
    expect(again.body.message._id).toBe(stored._id);
    // Another key is another message; a malformed one is refused and sends nothing.
    expect((await send('Sent, whatever I was told', 'key-second-message')).status).toBe(201);
    expect(await send('Never sent', 'not a key!')).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await messagesOf(expert, chatId)).toEqual(['Hello!', 'Sent, whatever I was told', 'Sent, whatever I was told']);
  });

  it('opens a conversation with its first message once when the student sends it again with its key', async () => {
    const { client: student } = await signedInStudent();
    const open = () =>
      student.request<{ created: boolean; chat: { _id: string }; message: MessageDto }>(
        'POST',
        '/chats/create',
        { offerId: offer._id, initialMessage: 'Is Tuesday possible?' },
        { headers: { 'idempotency-key': 'first-words' } },
      );
    const first = await open();
    const again = await open();
    expect([first.status, again.status, again.body.created]).toEqual([201, 200, false]);
    expect(again.body.message._id).toBe(first.body.message._id);
    expect(await messagesOf(expert, first.body.chat._id)).toEqual(['Is Tuesday possible?']);
  });

  it('makes one offer when its expert sends the form again with its key, after an answer that never came (decision 308)', async () => {
    const { client: author } = await signedInPublishingExpert('Kira', 'Keyholder');
    const form = {
      title: 'Cover letter rewrite',
      description: 'Your cover letter, rewritten with you.',
      price: 35,
      lessonType: 'Document',
      pricingType: 'fixed',
    };
    const create = (key: string) => author.request<{ offer: OfferDto }>('POST', '/offers/create', form, { headers: { 'idempotency-key': key } });
    await armTableFault({ mode: 'after-commit', operations: ['TransactWriteItems'], count: 9 });
    const lost = await create('cover-letter');
    expect([lost.status, lost.headers.get('retry-after'), lost.body]).toEqual([503, '1', { msg: MSG.busy, code: 'unavailable' }]);
    await clearTableFaults();
    const again = await Promise.all([create('cover-letter'), create('cover-letter')]);
    expect(again.map((answer) => answer.status)).toEqual([201, 201]);
    expect(again[1].body.offer._id).toBe(again[0].body.offer._id);
    const titles = async () => (await author.get<OfferDto[]>('/offers/my-offers')).body.map((mine) => mine.title);
    expect(await titles()).toEqual(['Cover letter rewrite']);
    // Another key is another offer.
    expect((await create('cover-letter-second')).status).toBe(201);
    expect(await titles()).toEqual(['Cover letter rewrite', 'Cover letter rewrite']);
  });

  it('answers reads and writes through throttling and a server error, each landing once', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await openChat(student);
    await armTableFault({ mode: 'throttle', operations: ['GetItem'], count: 1 });
    await armTableFault({ mode: 'server-error', operations: ['TransactWriteItems'], count: 1 });
    expect((await student.post(`/chats/${chatId}/messages`, { content: 'Through the storm' })).status).toBe(201);
    const { counters } = await tableFaultState();
    expect([counters.GetItem?.throttle, counters.TransactWriteItems?.['server-error']]).toEqual([1, 1]);
    expect(await messagesOf(student, chatId)).toEqual(['Hello!', 'Through the storm']);
  });

  it('tells a member their new password is set, and signs them in with it, when its write committed and the answer was lost', async () => {
    const { client, email } = await signedInStudent();
    await armTableFault({ mode: 'after-commit', operations: ['UpdateItem'], match: 'passwordHash = :passwordHash', count: 1 });
    const changed = await client.request('PUT', '/user/change-password', { currentPassword: PASSWORD, newPassword: 'Through-the-lost-answer-1' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await tableFaultState()).counters.UpdateItem?.['after-commit']).toBe(1);
    expect((await new ApiClient().post('/auth/login', { email, password: 'Through-the-lost-answer-1' })).status).toBe(200);
  });

  it('keeps a member signed in when the rotation of their refresh token committed and its answer was lost', async () => {
    const { client } = await signedInStudent();
    await armTableFault({ mode: 'after-commit', operations: ['UpdateItem'], match: 'previousHash = :old', count: 1 });
    const refreshed = await client.post<{ accessToken: string }>('/auth/refresh-token');
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await tableFaultState()).counters.UpdateItem?.['after-commit']).toBe(1);
    // The cookie it set is the one stored: the next refresh goes on from it.
    expect((await client.post('/auth/refresh-token')).status).toBe(200);
    client.accessToken = refreshed.body.accessToken;
    expect((await client.get('/auth/user')).status).toBe(200);
  });
});
