/**
 * Chat in two browsers: a student writes to an expert from the expert's profile, and both see the
 * conversation, their unread badges and the "Seen" mark update live; when the expert's connection drops, the page
 * says so, reconnects, and shows what was written meanwhile.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/web-texts';
import type { CreatedChat } from '../../shared/schemas/chats';
import { signedInStudent } from '../support/accounts';
import { type ApiClient, stackUrl } from '../support/api';
import { expectAccessible, browserForFile, signIn, visit } from '../support/browser';
import { expertWithOffer } from '../support/chats';
import { partitionItems } from '../support/table';

const browser = browserForFile();

/** The header's Messages link, which names its count ("Messages, <n> unread"; the badge itself is hidden from screen readers). */
const messagesLink = (page: Page, name: RegExp = /^Messages/) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const unreadBadge = (page: Page, count: number) => messagesLink(page, new RegExp(`^Messages\\W*${count} unread$`));
/**
 * Waits for a member's badge to count `count`; a miss says what the link read, what the server counts
 * and whether the member had a socket registered, to tell a lost push from a wrong total.
 */
async function expectUnread(page: Page, count: number, member: { api: ApiClient; id: string }): Promise<void> {
  await unreadBadge(page, count)
    .waitFor()
    .catch(async (error: unknown) => {
      const shown = await messagesLink(page).textContent();
      const total = (await member.api.get('/chats/unread-count')).body;
      const sockets = (await partitionItems(`CONN#USER#${member.id}`)).length;
      throw new Error(`badge not at ${count}: the link reads "${shown}", the server's total ${JSON.stringify(total)}, ${sockets} socket(s) registered`, {
        cause: error,
      });
    });
}
const messageInWindow = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });

describe('chatting in real time', () => {
  it('a student writes from the expert’s profile; both see the conversation and their badges live, and nothing is lost to a dropped connection', async () => {
    const { expertId, email: expertEmail, offer } = await expertWithOffer('Marta', 'Mentor', 'Product management career talk');
    const { email: studentEmail, client: studentApi, user: studentUser } = await signedInStudent();
    const studentMember = { api: studentApi, id: String(studentUser._id) };

    const expert = await browser.newPage();
    await signIn(expert, expertEmail);
    await visit(expert, '/');
    await unreadBadge(expert, 0).waitFor();

    const student = await browser.newPage();
    await signIn(student, studentEmail);
    await visit(student, `/teacher/${expertId}`);
    await student.getByRole('button', { name: 'Message' }).click();
    await student.waitForURL((url) => url.pathname === '/messages');
    await student.getByRole('region', { name: 'New conversation' }).waitFor();
    await student.getByText(offer.title).first().waitFor();
    await expectAccessible(student, '/messages (new conversation)');
    const box = student.getByLabel('Message', { exact: true });
    await box.fill('Hello Marta! Could we talk about moving into product?');
    await box.press('Shift+Enter');
    await box.pressSequentially('I have five years in marketing.');
    await box.press('Enter');
    await messageInWindow(student, 'Hello Marta! Could we talk about moving into product?\nI have five years in marketing.').waitFor();
    await student.waitForURL((url) => url.searchParams.has('chatId'));
    const chatId = new URL(student.url()).searchParams.get('chatId')!;

    // The expert, on the home page, sees the badge count the message as it arrives.
    await unreadBadge(expert, 1).waitFor();
    await messagesLink(expert).click();
    const row = expert.getByRole('link', { name: /Sam Student/ });
    await expect.poll(() => row.getAttribute('class')).toContain('chat-row-unread');
    await row.click();
    await messageInWindow(expert, 'Hello Marta! Could we talk about moving into product?\nI have five years in marketing.').waitFor();
    await unreadBadge(expert, 0).waitFor();
    // The student, still in the conversation, sees their message marked as read.
    await student.getByRole('list', { name: 'Messages' }).getByText('Seen', { exact: true }).waitFor();
    await expectAccessible(expert, '/messages (conversation)');

    // The reply reaches the student's open conversation; it is read there, so their badge stays at 0.
    await expert.getByLabel('Message', { exact: true }).fill('Hi Sam, gladly. Let us start with your current projects.');
    await expert.getByLabel('Message', { exact: true }).press('Enter');
    await messageInWindow(student, 'Hi Sam, gladly. Let us start with your current projects.').waitFor();
    await expectUnread(student, 0, studentMember);

    // Away from the conversation, the student's badge counts the next reply.
    await student.getByRole('link', { name: 'Home' }).first().click();
    // Left for good before the reply is sent: a reply reaching the conversation still on screen is read there.
    await student.waitForURL((url) => url.pathname === '/');
    await student.getByRole('list', { name: 'Messages' }).waitFor({ state: 'detached' });
    await expert.getByLabel('Message', { exact: true }).fill('Also, which companies are you looking at?');
    await expert.getByLabel('Message', { exact: true }).press('Enter');
    await expectUnread(student, 1, studentMember);

    // API Gateway drops the expert's connection: the page says so, reconnects, and catches up.
    const connections = await partitionItems(`CONN#USER#${expertId}`);
    expect(connections.length).toBeGreaterThan(0);
    for (const { connectionId } of connections) {
      await fetch(`${stackUrl()}/_local/ws-management/@connections/${connectionId as string}`, { method: 'DELETE' });
    }
    await expect.poll(() => partitionItems(`CONN#USER#${expertId}`), { interval: 20 }).toEqual([]);
    const written = await studentApi.post<{ message: { _id: string } }>(`/chats/${chatId}/messages`, { content: 'Sent while you were offline' });
    expect(written.status).toBe(201);
    await expert.getByText(MSG.connectionLost).waitFor();
    await messageInWindow(expert, 'Sent while you were offline').waitFor();
    await expect.poll(() => partitionItems(`CONN#USER#${expertId}`).then((items) => items.length)).toBeGreaterThan(0);

    // And the live channel works again after the reconnect.
    await studentApi.post(`/chats/${chatId}/messages`, { content: 'And this one came live' });
    await messageInWindow(expert, 'And this one came live').waitFor();
    await unreadBadge(expert, 0).waitFor();
  });

  it('opens the conversation about an offer from ?offerId= on a phone, and shows the expert’s reply live', async () => {
    const { expert: expertApi, offer } = await expertWithOffer('Olga', 'Offers', 'Negotiating your first salary');
    const { email, client } = await signedInStudent();
    const opened = await client.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'First contact' });
    expect(opened.status).toBe(201);

    const student = await browser.newPage({ mobile: true });
    await signIn(student, email);
    await student.goto(`/messages?offerId=${offer._id}`);
    await student.waitForURL((url) => url.searchParams.get('chatId') === opened.body.chat._id);
    await messageInWindow(student, 'First contact').waitFor();
    await expectAccessible(student, '/messages on a phone');
    await expertApi.post(`/chats/${opened.body.chat._id}/messages`, { content: 'Welcome! When are you free?' });
    await messageInWindow(student, 'Welcome! When are you free?').waitFor();
  });
});
