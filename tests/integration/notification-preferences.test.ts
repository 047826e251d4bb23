/**
 * E-mail preferences through the real API, the table's stream and the notifications function, read
 * back from the outbox: a category switched off sends nothing of its kind while another still mails,
 * receipts always arrive, and new messages are mailed only to a reader with no open socket, once per
 * conversation and window, the rest of a window in one summary at its end (on the test clock, whose
 * advance runs the schedule before it answers). The local stream hands events over in order, so a
 * mail that arrives tells that every earlier event was handled: that is how a mail's absence is checked.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import { MESSAGE_MAILS } from '../../shared/limits';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { CreatedChat } from '../../shared/schemas/chats';
import type { OutboxMail } from '../../scripts/local/outbox-page';
import { signedInStudent } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { connectAs, expertWithOffer, storedUnknownConnection } from '../support/chats';
import { latestMail, mailsTo, mailWhere, parkedNotices } from '../support/outbox';
import { advanceClock, delivered, pressOnPage, sessionIdOf } from '../support/payments';
import { pdfDocument, submitMultipart } from '../support/project-files';
import { getItem, partitionItems, setAttributes } from '../support/table';
import { armTableFault, clearTableFaults, tableFaultState } from '../support/table-faults';
import { EVENTUALLY_MS } from '../support/eventually';

const TITLE = 'Pitch deck critique';
let expert: ApiClient;
let expertId: string;
let expertEmail: string;
let offer: OfferDto;

const preferences = (client: ApiClient) =>
  client.get<{ messages: boolean; orders: boolean; money: boolean; msg?: string; code?: string }>('/user/notification-preferences');
const choose = (client: ApiClient, body: unknown) => client.request<{ msg: string; code?: string }>('PUT', '/user/notification-preferences', body);
const send = (client: ApiClient, chatId: string, content: string) => client.post(`/chats/${chatId}/messages`, { content });
const aboutChat = (chatId: string) => (mail: OutboxMail) => mail.text.includes(`/messages?chatId=${chatId}`);
const messageMailOf = (chatId: string) => (mail: OutboxMail) => /new messages? from/i.test(mail.subject) && aboutChat(chatId)(mail);
const messageMailsOf = async (address: string, chatId: string) => (await mailsTo(address)).filter(messageMailOf(chatId));

async function conversation(student: ApiClient, initialMessage = 'Hello, a question about your deck critique.'): Promise<string> {
  const opened = await student.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return opened.body.chat._id;
}

/** Pays the order's checkout on the local Stripe's page, and waits for the webhook to record it. */
async function pay(student: ApiClient, chatId: string): Promise<void> {
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await pressOnPage(created.body.url, 'pay');
  await delivered('checkout.session.completed', sessionIdOf(created.body.url));
}

/** Waits until the user has no stored connection left (the gateway's $disconnect ran). */
async function offline(userId: string): Promise<void> {
  const started = Date.now();
  while ((await partitionItems(`CONN#USER#${userId}`)).some((item) => String(item.sk).startsWith('CONN#'))) {
    if (Date.now() - started > 5000) throw new Error('The connection is still stored');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  let client: ApiClient;
  ({ expert: client, expertId, email: expertEmail, offer } = await expertWithOffer('Mira', 'Mailwise', TITLE));
  expert = client;
});

describe('the preferences', () => {
  it('start with every kind of mail on, and are replaced as a whole', async () => {
    const { client } = await signedInStudent();
    expect((await preferences(client)).body).toEqual({ messages: true, orders: true, money: true });
    const saved = await choose(client, { messages: true, orders: false, money: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ msg: MSG.notificationPreferencesSaved, preferences: { messages: true, orders: false, money: false } });
    expect((await preferences(client)).body).toEqual({ messages: true, orders: false, money: false });
  });

  it('refuses a missing category, a value that is not on or off, and a category that does not exist', async () => {
    const { client } = await signedInStudent();
    for (const body of [{ messages: false }, { messages: 'no', orders: true, money: true }, { messages: true, orders: true, money: true, receipts: false }]) {
      const refused = await choose(client, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
    }
    expect((await choose(client, { messages: 'no', orders: true, money: true })).body.msg).toBe(MSG.notificationChoiceInvalid);
    expect((await preferences(client)).body).toEqual({ messages: true, orders: true, money: true });
  });
});

describe('a category switched off', () => {
  it('holds back the order updates while messages still mail, and receipts always arrive', async () => {
    const { client: student, email } = await signedInStudent();
    expect((await choose(student, { messages: true, orders: false, money: true })).status).toBe(200);
    const chatId = await conversation(student);
    await pay(student, chatId);

    // Receipts cannot be switched off; the expert, who changed nothing, hears of the booking.
    await latestMail(email, `Booking confirmed: ${TITLE}`);
    const receipt = await mailWhere(email, (mail) => mail.subject.startsWith('Payment receipt: order #'), 'of the receipt');
    // Every mail comes in the product's frame; a receipt does not offer to switch it off.
    expect(receipt.html).toMatch(/^<!doctype html>.*Mentorship.*<\/html>$/s);
    expect(`${receipt.text}${receipt.html}`).not.toContain('/profile?tab=notifications');
    await mailWhere(expertEmail, (mail) => mail.subject === `New booking: ${TITLE}` && aboutChat(chatId)(mail), 'of the booking');

    expect((await submitMultipart(expert, chatId, pdfDocument())).status).toBe(200);
    expect((await send(expert, chatId, 'Delivered: <b>read the notes</b> on slide 4 first.')).status).toBe(201);
    const message = await mailWhere(email, messageMailOf(chatId), 'of the new message');
    expect(message.subject).toBe('New message from Mira Mailwise');
    expect(message.text).toContain('“Delivered: read the notes on slide 4 first.”');
    expect(message.html).not.toContain('<b>');
    // A mail its reader may switch off says where, in both of its forms.
    expect(message.text).toMatch(/You get this e-mail because of your notification settings\. Change them: http\S+\/profile\?tab=notifications$/);
    expect(message.html).toMatch(/<a href="http[^"]+\/profile\?tab=notifications"[^>]*>Change them<\/a>/);
    expect((await mailsTo(email)).filter((mail) => mail.subject === `Work delivered: ${TITLE}`)).toEqual([]);
  });

  it('holds back message mails, and the next mail of another kind still comes', async () => {
    const { client: student, email } = await signedInStudent();
    expect((await choose(student, { messages: false, orders: true, money: true })).status).toBe(200);
    const chatId = await conversation(student);
    expect((await send(expert, chatId, 'Happy to help: send me the deck.')).status).toBe(201);
    await pay(student, chatId);
    await latestMail(email, `Booking confirmed: ${TITLE}`);
    expect(await messageMailsOf(email, chatId)).toEqual([]);
  });
});

describe('new messages', () => {
  it('are mailed once per conversation in a window, with how many wait and a link to the conversation', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await conversation(student, 'First question: is the market slide convincing?');
    expect((await send(student, chatId, 'Second: the team slide.')).status).toBe(201);
    expect((await send(student, chatId, 'Third: the ask.')).status).toBe(201);
    // Another conversation's mail comes after every event of the first was handled.
    const { client: other } = await signedInStudent();
    const marker = await conversation(other, 'A question from someone else.');
    await mailWhere(expertEmail, messageMailOf(marker), 'of the other conversation');

    const mails = await messageMailsOf(expertEmail, chatId);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('about “Pitch deck critique”');

    // Once the window has passed, the next message mails again, counting every unread one.
    const window = { pk: `MAILED#MESSAGES#${expertId}`, sk: `CHAT#${chatId}` };
    const { openedAt } = (await getItem(window)) as { openedAt: number };
    await setAttributes(window, { openedAt: openedAt - MESSAGE_MAILS.windowSeconds - 1 });
    expect((await send(student, chatId, 'Fourth: <i>timing</i>.')).status).toBe(201);
    const next = await mailWhere(
      expertEmail,
      (mail) => messageMailOf(chatId)(mail) && mail.subject === '4 new messages from Sam Student',
      'of the next window',
    );
    expect(next.text).toContain('sent you 4 new messages');
    expect(next.text).toContain('“Fourth: timing.”');
  });

  it('are mailed when the window the first opened was written and every answer to it was lost (decision 291)', async () => {
    const { client: student } = await signedInStudent();
    await armTableFault({ mode: 'after-commit', operations: ['PutItem'], match: `MAILED#MESSAGES#${expertId}`, count: 3 });
    const chatId = await conversation(student, 'Did my first message reach you?');
    await expect.poll(async () => (await tableFaultState()).counters.PutItem?.['after-commit'], { timeout: EVENTUALLY_MS }).toBe(3);
    await clearTableFaults();
    // The notice is parked: the schedule's next run mails it.
    await expect.poll(() => parkedNotices((notice) => notice.chatId === chatId), { timeout: EVENTUALLY_MS }).toBe(1);
    await advanceClock('0s');
    await mailWhere(expertEmail, messageMailOf(chatId), 'of the first message');
    await advanceClock('0s');
    expect(await messageMailsOf(expertEmail, chatId)).toHaveLength(1);
  });

  it('are not mailed to a reader with a socket open, who sees them live', async () => {
    const { client: student } = await signedInStudent();
    const chatId = await conversation(student, 'Are you there?');
    await mailWhere(expertEmail, messageMailOf(chatId), 'of the first message');
    const window = { pk: `MAILED#MESSAGES#${expertId}`, sk: `CHAT#${chatId}` };
    const { openedAt } = (await getItem(window)) as { openedAt: number };
    await setAttributes(window, { openedAt: openedAt - MESSAGE_MAILS.windowSeconds - 1 });

    const { client: other, email: otherEmail } = await signedInStudent();
    const markerChat = await conversation(other, 'A question from someone else.');

    const connection = await connectAs(expert);
    expect((await send(student, chatId, 'Seen live.')).status).toBe(201);
    await connection.next((event) => event.type === 'newMessage' && event.message.content === 'Seen live.');
    // The socket stays open until the stream has handled the message seen live: a later reply's mail tells.
    expect((await send(expert, markerChat, 'A reply to someone else.')).status).toBe(201);
    await mailWhere(otherEmail, messageMailOf(markerChat), 'of the reply to someone else');
    await connection.close();
    await offline(expertId);
    expect((await send(student, chatId, 'Sent while away.')).status).toBe(201);
    // The message seen live opened no window: the one sent while away mails, counting both unread.
    const mail = await mailWhere(
      expertEmail,
      (candidate) => messageMailOf(chatId)(candidate) && candidate.text.includes('Sent while away.'),
      'of the message sent away',
    );
    expect(mail.subject).toBe('3 new messages from Sam Student');
    expect((await messageMailsOf(expertEmail, chatId)).filter((candidate) => candidate.text.includes('Seen live.'))).toEqual([]);
  });
});

describe('a reader whose socket went away', () => {
  it('is mailed when their only socket went away without saying so: the push reached nobody', async () => {
    const { client: student, email } = await signedInStudent();
    const chatId = await conversation(student, 'Is the deck critique still open?');
    // Opened an hour ago and gone since without its $disconnect: the API answers 410 to a push.
    const ghost = await storedUnknownConnection(student, 'ghost-of-a-reader');
    expect((await send(expert, chatId, 'Yes, send me the deck.')).status).toBe(201);
    const mail = await mailWhere(email, messageMailOf(chatId), 'of the reply');
    expect(mail.text).toContain('Yes, send me the deck.');
    expect(await getItem(ghost)).toBeUndefined();
  });
});

describe('the rest of a window', () => {
  const window = (userId: string, chatId: string) => ({ pk: `MAILED#MESSAGES#${userId}`, sk: `CHAT#${chatId}` });
  const summaryOf = (chatId: string) => (mail: OutboxMail) => /^\d+ more messages? from /.test(mail.subject) && aboutChat(chatId)(mail);
  const messageMailsTo = async (address: string, chatId: string) =>
    (await mailsTo(address)).filter((mail) => messageMailOf(chatId)(mail) || summaryOf(chatId)(mail));

  /** Waits until a later message put the reader's window in the due index: its event was handled, and mailed nothing at once. */
  async function summaryDue(userId: string, chatId: string): Promise<void> {
    const started = Date.now();
    while ((await getItem(window(userId, chatId)))?.gsi2pk !== 'MAILED#DUE') {
      if (Date.now() - started > 5000) throw new Error('The window has no summary due');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A student's conversation with the expert, whose first reply has been mailed to the student (offline: no socket). */
  async function mailedReply() {
    const { client: student, email, user } = await signedInStudent();
    const studentId = String(user._id);
    const chatId = await conversation(student, 'Could you look at my deck this week?');
    expect((await send(expert, chatId, 'Yes: send it over.')).status).toBe(201);
    const first = await mailWhere(email, messageMailOf(chatId), 'of the first reply');
    expect(first.subject).toBe('New message from Mira Mailwise');
    return { student, email, studentId, chatId };
  }

  it("is mailed once at the window's end, counting and quoting what came after the first mail, and starts the next window", async () => {
    const { email, studentId, chatId } = await mailedReply();
    expect((await send(expert, chatId, 'Also: <b>bring</b> last year’s figures.')).status).toBe(201);
    await summaryDue(studentId, chatId);
    expect(await messageMailsTo(email, chatId)).toHaveLength(1);

    await advanceClock(`${MESSAGE_MAILS.windowSeconds / 60}m`);
    const summary = await mailWhere(email, summaryOf(chatId), 'of the summary');
    expect(summary.subject).toBe('1 more message from Mira Mailwise');
    expect(summary.text).toContain(`Since our last mail, Mira Mailwise sent you 1 more message about “${TITLE}”.`);
    expect(summary.text).toContain('“Also: bring last year’s figures.”');
    expect(summary.html).not.toContain('<b>');
    expect(await messageMailsTo(email, chatId)).toHaveLength(2);

    // The summary opened the next window: a message now waits for its end, and a quiet window mails nothing.
    expect((await send(expert, chatId, 'And the cap table.')).status).toBe(201);
    await summaryDue(studentId, chatId);
    expect(await messageMailsTo(email, chatId)).toHaveLength(2);
    await advanceClock(`${MESSAGE_MAILS.windowSeconds / 60}m`);
    const next = await mailWhere(email, (mail) => summaryOf(chatId)(mail) && mail.text.includes('And the cap table.'), 'of the next summary');
    expect(next.subject).toBe('1 more message from Mira Mailwise');
    await advanceClock(`${MESSAGE_MAILS.windowSeconds / 60}m`);
    expect(await messageMailsTo(email, chatId)).toHaveLength(3);
  });

  it('is not mailed when the reader read the conversation in between', async () => {
    const { student, email, studentId, chatId } = await mailedReply();
    expect((await send(expert, chatId, 'One more thing before you send it.')).status).toBe(201);
    await summaryDue(studentId, chatId);
    expect((await student.request('PUT', `/chats/${chatId}/mark-read`, {})).status).toBe(200);

    await advanceClock(`${MESSAGE_MAILS.windowSeconds / 60}m`);
    // The run has handled the window: it left the due index, and mailed nothing.
    expect((await getItem(window(studentId, chatId)))?.gsi2pk).toBeUndefined();
    expect(await messageMailsTo(email, chatId)).toHaveLength(1);
  });

  it('counts, for a reader who read in between, only what came after the read', async () => {
    const { student, email, studentId, chatId } = await mailedReply();
    expect((await send(expert, chatId, 'Read this one.')).status).toBe(201);
    await summaryDue(studentId, chatId);
    expect((await student.request('PUT', `/chats/${chatId}/mark-read`, {})).status).toBe(200);
    expect((await send(expert, chatId, 'Then this one.')).status).toBe(201);
    expect((await send(expert, chatId, 'And this one.')).status).toBe(201);
    // Another conversation's mail comes after every event of this one was handled.
    const { client: other } = await signedInStudent();
    const marker = await conversation(other, 'A question from someone else.');
    await mailWhere(expertEmail, messageMailOf(marker), 'of the other conversation');

    await advanceClock(`${MESSAGE_MAILS.windowSeconds / 60}m`);
    const summary = await mailWhere(email, summaryOf(chatId), 'of the summary');
    expect(summary.subject).toBe('2 more messages from Mira Mailwise');
    expect(summary.text).toContain('“And this one.”');
  });

  it('is not mailed to a reader who switched message mails off in between', async () => {
    const { student, email, studentId, chatId } = await mailedReply();
    expect((await send(expert, chatId, 'Are you still there?')).status).toBe(201);
    await summaryDue(studentId, chatId);
    expect((await choose(student, { messages: false, orders: true, money: true })).status).toBe(200);

    await advanceClock(`${MESSAGE_MAILS.windowSeconds / 60}m`);
    expect((await getItem(window(studentId, chatId)))?.gsi2pk).toBeUndefined();
    expect(await messageMailsTo(email, chatId)).toHaveLength(1);
  });
});
