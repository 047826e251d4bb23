/**
 * A member's own data through the local gateway, the jobs handler, DynamoDB Local and local S3:
 * the export, built by the jobs handler from the table's stream, holds every kind of their data and
 * nothing private, one request builds at a time, a build that keeps failing ends failed, and only
 * its signed address fetches it; the deletion is refused, saying what is left, while money is owed
 * to or by them (each balance, a debt, an open order or checkout, a payment still disputable), then
 * accepted, after which others' records show "Former member" and every session is over; no payment
 * starts while a deletion checks the money (decision 223).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataExportStatus } from '../../shared/schemas/account-data';
import type { OfferDto, Review } from '../../shared/schemas/catalogue';
import type { ChatDto, ChatList, ChatMessages } from '../../shared/schemas/chats';
import type { OrderHistoryPage } from '../../shared/schemas/earnings';
import { formatEuros } from '../../shared/money';
import { RATE_LIMITS } from '../../shared/limits';
import { MSG } from '../../shared/texts';
import { PASSWORD, signedInAs, signedInStudent } from '../support/accounts';
import { ApiClient, stackUrl } from '../support/api';
import { pngImage } from '../support/images';
import { expertWithOffer } from '../support/chats';
import { approvedOrder, earningsOf, settleFunds } from '../support/earnings';
import { chatOf, openOrder, serverNow } from '../support/orders';
import { latestMail } from '../support/outbox';
import { advanceClock, delivered, onboard } from '../support/payments';
import { deleteItem, getItem, partitionItems, setAttributes } from '../support/table';

const DAY_MS = 86_400_000;

let expert: ApiClient;
let expertId: string;
let expertEmail: string;
let offer: OfferDto;
/** The student of the approved order, their review written. */
let student: ApiClient;
let studentEmail: string;
let chatId: string;
let orderNumber: number;

beforeAll(async () => {
  ({ expert, expertId, email: expertEmail, offer } = await expertWithOffer('Della', 'Datakeeper', 'Data protection audit'));
  await onboard(expert);
  ({ client: student, email: studentEmail } = await signedInStudent());
  ({ chatId } = await approvedOrder({ expert, offer, student }));
  orderNumber = (await chatOf(student, chatId)).orderNumber;
  const reviewed = await student.post(`/offers/${offer._id}/reviews`, { rating: 4, comment: 'Thorough and clear.', orderNumber });
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBeLessThan(300);
  expect((await student.post(`/chats/${chatId}/messages`, { content: 'Thanks for the audit!' })).status).toBeLessThan(300);
});

const deleteAccount = (client: ApiClient, password = PASSWORD) => client.post<{ msg: string; code?: string }>('/user/delete-account', { password });

/** The member's export request as GET answers it, once it has left `building`. */
async function finished(client: ApiClient): Promise<DataExportStatus> {
  const latest = async () => (await client.get<DataExportStatus>('/user/export')).body;
  await expect.poll(async () => (await latest()).status, { interval: 100 }).not.toBe('building');
  return latest();
}

/** Asks for the member's export, waits for the job to build it, and fetches it through its signed address. */
async function exported(client: ApiClient): Promise<{ text: string; data: Record<string, unknown[]> & { profile: Record<string, unknown> } }> {
  const asked = await client.post<DataExportStatus>('/user/export');
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.body).toMatchObject({ status: 'building', msg: MSG.exportBuilding, requestId: expect.any(String) });
  expect(asked.body).not.toHaveProperty('url');
  const ready = await finished(client);
  expect(ready).toMatchObject({
    status: 'ready',
    msg: MSG.exportReady,
    requestId: asked.body.requestId,
    url: expect.any(String),
    expiresAt: expect.any(String),
  });
  const response = await fetch(String(ready.url));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toContain('attachment');
  const text = await response.text();
  return { text, data: JSON.parse(text) };
}

describe('the data export', () => {
  it('is built by a job: the student’s profile, conversations and messages, orders and reviews, nothing private and nothing of another member, and a mail says it is ready', async () => {
    const { client: other, email: otherEmail } = await signedInStudent();
    const theirs = await other.post('/chats/create', { offerId: offer._id, initialMessage: 'A question only the other student asked' });
    expect(theirs.status, JSON.stringify(theirs.body)).toBeLessThan(300);

    expect((await student.get<DataExportStatus>('/user/export')).body).toEqual({ msg: MSG.exportNone, status: 'none' });
    const { text, data } = await exported(student);
    expect(data.profile).toMatchObject({ email: studentEmail, role: 'user' });
    expect(data.conversations).toEqual([
      expect.objectContaining({
        _id: chatId,
        offerTitle: 'Data protection audit',
        yourRole: 'student',
        messages: expect.arrayContaining([expect.objectContaining({ fromYou: true, content: 'Thanks for the audit!' })]),
      }),
    ]);
    expect(data.orders).toEqual([
      expect.objectContaining({ orderNumber, yourRole: 'student', status: 'closed', payment: expect.objectContaining({ amount: 60 }) }),
    ]);
    expect(data.reviews).toEqual([expect.objectContaining({ orderNumber, written: true, rating: 4, comment: 'Thorough and clear.' })]);
    expect(data.ledger).toEqual([]);
    for (const secret of ['passwordHash', 'tokenHash', 'TokenHash', 'payoutAccountId', 'endedSessions', 'scrypt$', 'acct_', 'pi_', 'cs_'])
      expect(text).not.toContain(secret);
    for (const others of ['A question only the other student asked', otherEmail, expertEmail]) expect(text).not.toContain(others);

    // The mail links to the page, never to the file.
    const mail = await latestMail(studentEmail, 'Your data is ready');
    expect(mail.text).toMatch(/https?:\/\/\S+\/profile#your-data/);
    expect(`${mail.text}${mail.html}`).not.toMatch(/X-Amz|exports\//);

    // GET answers the same export with a fresh address while it is kept.
    const status = (await student.get<DataExportStatus>('/user/export')).body;
    expect(status).toMatchObject({ status: 'ready', url: expect.any(String) });
    expect((await fetch(String(status.url))).status).toBe(200);
  });

  it('shows a message a moderator removed as its author’s data, marked so, and to the other member without its text', async () => {
    // A conversation of its own: the other tests read the first one's last message.
    const { client: asker } = await signedInStudent();
    const opened = await asker.post<{ chat: { _id: string } }>('/chats/create', { offerId: offer._id, initialMessage: 'Is the audit remote?' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const removedIn = opened.body.chat._id;
    const sent = await expert.post<{ message: { _id: string } }>(`/chats/${removedIn}/messages`, { content: 'Pay me outside the site next time.' });
    expect(sent.status).toBe(201);
    const messageId = sent.body.message._id;
    expect((await asker.post('/reports', { targetType: 'message', targetId: messageId, chatId: removedIn, reason: 'fraud' })).status).toBe(201);
    const admin = await signedInAs('admin');
    const queue = await admin.get<{ cases: { _id: string; target: { _id: string } }[] }>('/admin/reports');
    const found = queue.body.cases.find((item) => item.target._id === messageId);
    expect((await admin.post(`/admin/reports/${found?._id}/resolve`, { action: 'hide' })).status).toBe(200);

    const removedEntry = { content: MSG.messageRemoved, removedByModeratorAt: expect.any(String) };
    const byStudent = await exported(asker);
    const seenByStudent = (byStudent.data.conversations as { _id: string; messages: Record<string, unknown>[] }[]).find((chat) => chat._id === removedIn);
    expect(seenByStudent?.messages).toContainEqual(expect.objectContaining({ fromYou: false, ...removedEntry }));
    expect(byStudent.text).not.toContain('Pay me outside the site next time.');

    const byAuthor = await exported(expert);
    const seenByAuthor = (byAuthor.data.conversations as { _id: string; messages: Record<string, unknown>[] }[]).find((chat) => chat._id === removedIn);
    expect(seenByAuthor?.messages).toContainEqual(
      expect.objectContaining({ fromYou: true, content: 'Pay me outside the site next time.', removedByModeratorAt: expect.any(String) }),
    );
  });

  it('holds the expert’s offers, the review they received and their ledger lines', async () => {
    const { text, data } = await exported(expert);
    expect(data.profile).toMatchObject({ email: expertEmail, role: 'professor', _id: expertId });
    expect(data.offers).toEqual([expect.objectContaining({ _id: offer._id, title: 'Data protection audit', price: 60, status: 'approved' })]);
    expect(data.orders).toEqual(expect.arrayContaining([expect.objectContaining({ orderNumber, yourRole: 'expert' })]));
    expect(data.reviews).toEqual([expect.objectContaining({ orderNumber, written: false, rating: 4 })]);
    expect(data.ledger).toEqual(expect.arrayContaining([expect.objectContaining({ balance: 'pending', amount: -54, entry: `credit:${chatId}` })]));
    for (const secret of ['passwordHash', 'payoutAccountId', 'acct_', 'ratingSum']) expect(text).not.toContain(secret);
  });

  it('answers the request still building to a second ask, ends failed when its build keeps failing, and is built when asked again', async () => {
    const { client: asker, email: askerEmail } = await signedInStudent();
    const opened = await asker.post<{ chat: ChatDto }>('/chats/create', { offerId: offer._id, initialMessage: 'Is this still available?' });
    const orderKey = { pk: `ORDER#${opened.body.chat._id}`, sk: 'ORDER' };
    const { status } = (await getItem(orderKey)) as { status: string };
    // An order the build cannot read: every attempt fails, as one would while a read keeps failing.
    await setAttributes(orderKey, { status: 'unreadable' });
    try {
      const first = await asker.post<DataExportStatus>('/user/export');
      const second = await asker.post<DataExportStatus>('/user/export');
      expect(first.body).toMatchObject({ status: 'building', requestId: expect.any(String) });
      expect(second.status).toBe(202);
      expect(second.body).toEqual(first.body);
      const failed = await finished(asker);
      expect(failed).toEqual({ status: 'failed', msg: MSG.exportBuildFailed, requestId: first.body.requestId, requestedAt: first.body.requestedAt });
    } finally {
      await setAttributes(orderKey, { status });
    }
    const { data } = await exported(asker);
    expect(data.profile).toMatchObject({ email: askerEmail });
    expect(data.conversations).toEqual([expect.objectContaining({ messages: [expect.objectContaining({ content: 'Is this still available?' })] })]);
  });

  it('ends failed at the next look a request whose build was lost (still building after 30 minutes)', async () => {
    const { client: asker } = await signedInStudent();
    const opened = await asker.post<{ chat: ChatDto }>('/chats/create', { offerId: offer._id, initialMessage: 'Lost build?' });
    const orderKey = { pk: `ORDER#${opened.body.chat._id}`, sk: 'ORDER' };
    const { status } = (await getItem(orderKey)) as { status: string };
    // The build keeps failing (and so keeps its request building) while the request is made to look 30 minutes old.
    await setAttributes(orderKey, { status: 'unreadable' });
    try {
      const asked = (await asker.post<DataExportStatus>('/user/export')).body;
      const userId = String((await asker.get<{ _id: string }>('/auth/user')).body._id);
      await setAttributes({ pk: `USER#${userId}`, sk: 'DATA_EXPORT' }, { requestedAt: new Date((await serverNow()) - 30 * 60_000).toISOString() });
      expect((await asker.get<DataExportStatus>('/user/export')).body).toEqual({
        status: 'failed',
        msg: MSG.exportBuildFailed,
        requestId: asked.requestId,
        requestedAt: expect.any(String),
      });
      // Asking again starts a new request at once.
      const again = await asker.post<DataExportStatus>('/user/export');
      expect(again.body).toMatchObject({ status: 'building' });
      expect(again.body.requestId).not.toBe(asked.requestId);
    } finally {
      await setAttributes(orderKey, { status });
    }
    expect(await finished(asker)).toMatchObject({ status: 'ready' });
  });

  it('is refused past five requests a day, saying so and changing nothing', async () => {
    const { client: eager } = await signedInStudent();
    for (let request = 0; request < RATE_LIMITS.exportsPerAccount.max; request++) {
      expect((await eager.post('/user/export')).status).toBe(202);
      expect((await finished(eager)).status).toBe('ready');
    }
    const latest = (await eager.get<DataExportStatus>('/user/export')).body;
    const refused = await eager.post<{ msg: string; code: string }>('/user/export');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ msg: MSG.exportLimited, code: 'rate_limited' });
    expect((await eager.get<DataExportStatus>('/user/export')).body).toMatchObject({ status: 'ready', requestId: latest.requestId });
  });

  it('is fetched only through its own signed address: another member cannot reach it', async () => {
    await exported(student);
    const own = (await student.get<DataExportStatus>('/user/export')).body;
    const studentId = String((await student.get<{ _id: string }>('/auth/user')).body._id);
    // The other member's GET answers their own export, never the student's.
    const { client: stranger } = await signedInStudent();
    expect((await stranger.get<DataExportStatus>('/user/export')).body).toEqual({ msg: MSG.exportNone, status: 'none' });
    // The expert's address, pointed at the student's file, fails the signature.
    const ownPath = new URL(String(own.url)).pathname;
    expect(ownPath).toContain(`/exports/${studentId}/${own.requestId}.json`);
    const theirs = new URL(String((await expert.get<DataExportStatus>('/user/export')).body.url));
    theirs.pathname = ownPath;
    expect((await fetch(theirs)).status).toBe(403);
    expect((await new ApiClient().get('/user/export')).status).toBe(401);
  });
});

describe('deleting one’s own account', () => {
  it('asks for the password, and a wrong one counts as a login guess', async () => {
    const refused = await deleteAccount(student, 'not-my-password');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ msg: MSG.currentPasswordWrong, code: 'current_password_wrong' });
    expect((await deleteAccount(student, '')).status).toBe(400);
  });

  it('is refused while an order is open, naming it', async () => {
    const { client: booker } = await signedInStudent();
    const opened = await booker.post<{ chat: ChatDto }>('/chats/create', { offerId: offer._id, initialMessage: 'Can we book?' });
    const openOnly = `${MSG.deletionRefused} ${MSG.deletionLeftOpenOrders} #${opened.body.chat.orderNumber}.`;
    const created = await booker.post<{ url: string }>('/payments/create-session', { chatId: opened.body.chat._id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // A checkout still open at the provider: its payment may yet arrive.
    expect(await deleteAccount(booker)).toMatchObject({ status: 409, body: { code: 'account_money_owed', msg: openOnly } });
    // Its checkout expired, an unpaid conversation holds no money: only a booked or paid order keeps the account.
    const checkout = (await getItem({ pk: `ORDER#${opened.body.chat._id}`, sk: 'ORDER' }))?.checkout as Record<string, unknown>;
    await setAttributes(
      { pk: `ORDER#${opened.body.chat._id}`, sk: 'ORDER' },
      { checkout: { ...checkout, expiresAt: new Date((await serverNow()) - 1000).toISOString() }, status: 'confirmed' },
    );
    const refused = await deleteAccount(booker);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('account_money_owed');
    expect(refused.body.msg).toBe(`${MSG.deletionRefused} ${MSG.deletionLeftOpenOrders} #${opened.body.chat.orderNumber}.`);
  });

  it('is refused to the expert while the platform owes them a balance, and to the student while their payment can be disputed', async () => {
    const toExpert = await deleteAccount(expert);
    expect(toExpert.status).toBe(409);
    expect(toExpert.body.msg).toContain(`${MSG.deletionLeftPending} €54.00`);
    await settleFunds();
    expect((await deleteAccount(expert)).body.msg).toContain(`${MSG.deletionLeftAvailable} €54.00`);

    const toStudent = await deleteAccount(student);
    expect(toStudent.status).toBe(409);
    expect(toStudent.body.msg).toBe(`${MSG.deletionRefused} ${MSG.deletionLeftDisputable} #${orderNumber}.`);
  });

  it('is refused to the expert for a withdrawal requested, a share frozen by a dispute and a debt, each named', async () => {
    const refusal = async () => {
      const refused = await deleteAccount(expert);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.code).toBe('account_money_owed');
      return refused.body.msg;
    };
    // A withdrawal asked for and not yet paid out.
    expect((await expert.post('/user/withdraw', { amount: 20 })).status).toBe(201);
    const requested = await refusal();
    expect(requested).toContain(`${MSG.deletionLeftRequested} €20.00`);
    expect(requested).toContain(`${MSG.deletionLeftAvailable} €34.00`);

    // The student's card issuer disputes the payment: the expert's share is frozen until it decides.
    const { chargeId } = ((await getItem({ pk: `ORDER#${chatId}`, sk: 'ORDER' })) as { payment: { chargeId: string } }).payment;
    const opened = await fetch(`${stackUrl()}/_local/payments/charges/${chargeId}/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'won' }),
    });
    expect(opened.status).toBe(200);
    await delivered('charge.dispute.created', ((await opened.json()) as { id: string }).id);
    const { frozen } = await earningsOf(expert);
    expect(frozen).toBeGreaterThan(0);
    expect(await refusal()).toContain(`${MSG.deletionLeftFrozen} ${formatEuros(frozen)}`);

    // A debt (a dispute lost once the funds were paid out: disputes.test.ts makes one), arranged in the table.
    const debt = { pk: `BALANCE#debt:${expertId}`, sk: 'TOTAL' };
    await setAttributes(debt, { totalCents: 700 });
    try {
      expect(await refusal()).toContain(`${MSG.deletionLeftDebt} €7.00`);
    } finally {
      await deleteItem(debt);
    }
  });

  it('starts no payment of the member’s orders while their deletion checks the money, and lifts the hold when refused', async () => {
    const { expert: held, expertId: heldId, offer: heldOffer } = await expertWithOffer('Hal', 'Held', 'Budget planning session');
    const { student: buyer, chat } = await openOrder(heldOffer);
    const checkoutOf = async () => (await getItem({ pk: `ORDER#${chat._id}`, sk: 'ORDER' }))?.checkout;

    // A deletion under way holds the expert (as its first write does): no checkout is recorded.
    const account = { pk: `USER#${heldId}`, sk: 'PROFILE' };
    await setAttributes(account, { paymentsHeldUntil: new Date((await serverNow()) + 60_000).toISOString() });
    expect((await buyer.post('/payments/create-session', { chatId: chat._id })).status).toBe(409);
    expect(await checkoutOf()).toBeUndefined();
    // A hold its deletion left (a Lambda stopped) lapses by itself.
    await advanceClock('2m');
    expect((await buyer.post('/payments/create-session', { chatId: chat._id })).status).toBe(200);
    expect(await checkoutOf()).toBeDefined();

    // A refused deletion lifts its own hold.
    expect((await deleteAccount(held)).status).toBe(409);
    expect(await getItem(account)).not.toHaveProperty('paymentsHeldUntil');
  });

  it('never deletes an account while a checkout of its order is recorded at the same moment', async () => {
    for (let round = 1; round <= 3; round++) {
      const { expert: racing, offer: racingOffer } = await expertWithOffer('Rae', `Racing${round}`, `Pricing workshop ${round}`);
      const { student: buyer, chat } = await openOrder(racingOffer);
      const [deleted, paying] = await Promise.all([deleteAccount(racing), buyer.post('/payments/create-session', { chatId: chat._id })]);
      const checkout = (await getItem({ pk: `ORDER#${chat._id}`, sk: 'ORDER' }))?.checkout;
      // Either the deletion went first and no checkout was recorded, or the checkout was and the deletion was refused.
      if (deleted.status === 200) {
        expect(checkout, `round ${round}: ${JSON.stringify(paying.body)}`).toBeUndefined();
        expect(paying.status).toBe(409);
      } else {
        expect(deleted.status, JSON.stringify(deleted.body)).toBeOneOf([409, 503]);
        expect(paying.status, JSON.stringify(paying.body)).toBe(200);
        expect(checkout).toBeDefined();
      }
    }
  });

  it('is accepted once nothing is owed: others see "Former member", the sessions end and the address is free again', async () => {
    // The payment is now older than the 120 days in which it could be disputed.
    const order = (await getItem({ pk: `ORDER#${chatId}`, sk: 'ORDER' })) as { payment: Record<string, unknown> };
    await setAttributes(
      { pk: `ORDER#${chatId}`, sk: 'ORDER' },
      { payment: { ...order.payment, paidAt: new Date((await serverNow()) - 121 * DAY_MS).toISOString() } },
    );
    const otherDevice = new ApiClient();
    otherDevice.accessToken = (await otherDevice.post<{ accessToken: string }>('/auth/login', { email: studentEmail, password: PASSWORD })).body.accessToken;

    const deleted = await deleteAccount(student);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ msg: MSG.accountDeleted });
    await latestMail(studentEmail, 'Your account has been deleted');

    // Every session is over, and the account cannot sign in.
    for (const client of [student, otherDevice]) expect((await client.get('/auth/user')).status).toBe(401);
    expect((await new ApiClient().post('/auth/login', { email: studentEmail, password: PASSWORD })).status).toBe(401);

    // The expert keeps the order, its messages and its review, under "Former member".
    const chat = await chatOf(expert, chatId);
    expect(chat.participants.find((participant) => participant.role === 'user')).toMatchObject({ firstName: 'Former', lastName: 'member' });
    const messages = (await expert.get<ChatMessages>(`/chats/chat/${chatId}`)).body.messages;
    for (const message of messages.filter((m) => m.senderDetails.firstName !== 'Della'))
      expect(message.senderDetails).toEqual({ firstName: 'Former', lastName: 'member' });
    // The chat list's preview of the student's last message too.
    const listed = (await expert.get<ChatList>('/chats')).body.chats.find((found) => found._id === chatId);
    expect(listed?.lastMessage).toMatchObject({ content: 'Thanks for the audit!', senderDetails: { firstName: 'Former', lastName: 'member' } });
    const row = (await expert.get<OrderHistoryPage>('/user/order-history')).body.orders.find((order) => order.chatId === chatId);
    expect(row?.offer.student).toMatchObject({ firstName: 'Former', lastName: 'member' });
    const reviews = (await new ApiClient().get<Review[]>(`/offers/professor/${expertId}/reviews`)).body;
    expect(reviews).toEqual([expect.objectContaining({ rating: 4, user: { firstName: 'Former', lastName: 'member' } })]);

    // Nothing personal stays on the account; its address can register anew.
    const item = await getItem({ pk: `USER#${(chat.participants.find((p) => p.role === 'user') ?? { _id: '' })._id}`, sk: 'PROFILE' });
    expect(item).toMatchObject({ isDeleted: true, email: '', passwordHash: '', firstName: 'Former', lastName: 'member' });
    expect(item).not.toHaveProperty('lastActiveAt');
    expect(item).not.toHaveProperty('gsi2pk');
    expect(await getItem({ pk: `EMAIL#${studentEmail}`, sk: 'EMAIL' })).toBeUndefined();
    expect((await new ApiClient().post('/auth/register', { name: 'Sam Again', email: studentEmail, password: PASSWORD, role: 'user' })).status).toBe(201);
  });

  it('removes the deleted member’s photo from the media bucket', async () => {
    const { client } = await signedInStudent();
    const form = new FormData();
    form.append('profilePhoto', new Blob([new Uint8Array(pngImage(4, 4))], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${stackUrl()}/api/user/upload-photo`, {
      method: 'POST',
      body: form,
      headers: { origin: stackUrl(), authorization: `Bearer ${client.accessToken}` },
    });
    const { profilePhoto } = (await uploaded.json()) as { profilePhoto: string };
    expect((await fetch(`${stackUrl()}/uploads/${profilePhoto}`)).status).toBe(200);
    expect((await deleteAccount(client)).status).toBe(200);
    expect((await fetch(`${stackUrl()}/uploads/${profilePhoto}`)).status).toBe(404);
  });

  it('takes a deleted expert’s offers out of the catalogue and search', async () => {
    const { expert: leaving, offer: theirs } = await expertWithOffer('Lea', 'Leaving', 'Tax return walkthrough');
    expect((await new ApiClient().get(`/offers/${theirs._id}`)).status).toBe(200);
    expect((await deleteAccount(leaving)).status).toBe(200);
    expect((await new ApiClient().get(`/offers/${theirs._id}`)).status).toBe(404);
    await expect
      .poll(async () => (await new ApiClient().get<OfferDto[]>('/offers/search?q=Tax%20return%20walkthrough')).body.map((found) => found._id))
      .not.toContain(theirs._id);
  });

  it("forgets a deleted expert's hours, calendar address and calendar feed", async () => {
    const { expert: leaving, expertId } = await expertWithOffer('Hal', 'Hours', 'Budget planning');
    const everyDay = [{ start: '09:00', end: '17:00' }];
    const hours = { timeZone: 'Europe/Paris', overrides: [], bufferMinutes: 0, minNoticeHours: 12, horizonDays: 60 };
    const weekly = { mon: everyDay, tue: everyDay, wed: everyDay, thu: everyDay, fri: everyDay, sat: [], sun: [] };
    expect((await leaving.request('PUT', '/availability', { ...hours, weekly })).status).toBe(200);
    const calendar = `${randomUUID()}.ics`;
    await fetch(`${stackUrl()}/_local/calendars/${calendar}`, { method: 'PUT', body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n' });
    const address = `http://127.0.0.1:${new URL(stackUrl()).port}/_local/calendars/${calendar}`;
    expect((await leaving.request('PUT', '/availability/calendar', { address })).status).toBe(200);
    expect((await leaving.post('/calendar-feed', {})).status).toBe(200);
    const feed = await getItem({ pk: `CALENDAR#${expertId}`, sk: 'FEED' });
    expect(feed).toBeDefined();

    expect((await deleteAccount(leaving)).status).toBe(200);
    expect(await partitionItems(`AVAILABILITY#${expertId}`)).toEqual([]);
    expect(await getItem({ pk: `CALENDAR#${expertId}`, sk: 'FEED' })).toBeUndefined();
    expect(await getItem({ pk: `CALFEED#${String(feed?.tokenHash)}`, sk: 'FEED' })).toBeUndefined();
  });
});
