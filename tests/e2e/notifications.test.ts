/**
 * E-mail preferences in the browser: a member reaches the Notifications tab from the account menu,
 * switches message mails off and saves; a message sent once they have left then mails nothing. The
 * local stream hands events over in order, so another member's mail arriving after it proves the
 * message was handled. And the sessions list beside the password: signing out everywhere.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/web-texts';
import type { CreatedChat } from '../../shared/schemas/chats';
import { PASSWORD, signedInStudent } from '../support/accounts';
import { browserForFile, expectAccessible, signIn, visit } from '../support/browser';
import { expertWithOffer } from '../support/chats';
import { mailsTo, mailWhere } from '../support/outbox';
import { partitionItems } from '../support/table';

const browser = browserForFile();

const idOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sub as string;

describe('e-mail preferences in the browser', () => {
  it('turns message mails off from the Notifications tab, after which a message mails nothing', async () => {
    const { expert, offer } = await expertWithOffer('Nell', 'Notifier', 'Negotiation practice call');
    const { client: student, email } = await signedInStudent();
    const opened = await student.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'Hello!' });
    expect(opened.status).toBe(201);

    const page = await browser.newPage();
    await signIn(page, email);
    await visit(page, '/');
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL(/\/profile\?tab=notifications$/);
    const messages = page.getByRole('checkbox', { name: 'New messages while I am offline' });
    expect(await messages.isChecked()).toBe(true);
    await expectAccessible(page, '/profile?tab=notifications');
    await messages.uncheck();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText(MSG.notificationPreferencesSaved).waitFor();
    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'New messages while I am offline' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Order updates' }).isChecked()).toBe(true);
    await page.close();

    // Gone from the site: no socket of theirs is left.
    const studentId = idOf(student.accessToken!);
    await expect.poll(async () => (await partitionItems(`CONN#USER#${studentId}`)).filter((item) => String(item.sk).startsWith('CONN#')).length).toBe(0);
    expect((await expert.post(`/chats/${opened.body.chat._id}/messages`, { content: 'Here is the agenda for our call.' })).status).toBe(201);

    const { client: other, email: otherEmail } = await signedInStudent();
    const otherChat = await other.post<CreatedChat>('/chats/create', { offerId: offer._id });
    expect((await expert.post(`/chats/${otherChat.body.chat._id}/messages`, { content: 'Welcome!' })).status).toBe(201);
    await mailWhere(otherEmail, (mail) => mail.subject === 'New message from Nell Notifier', 'of the later message');
    expect((await mailsTo(email)).filter((mail) => mail.subject.includes('from Nell Notifier'))).toEqual([]);
  });

  it('lists the devices signed in, and signs out everywhere, the other browser too', async () => {
    const { email } = await signedInStudent();
    const signIn = async () => {
      const page = await browser.newPage();
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByRole('button', { name: /account menu/ }).waitFor();
      return page;
    };
    const [laptop, other] = [await signIn(), await signIn()];
    await visit(laptop, '/profile?tab=password');
    const sessions = laptop.getByRole('region', { name: 'Where you are signed in' });
    await sessions.getByText('This device').waitFor();
    // The API client's own sign-in and the two browsers.
    expect(await sessions.getByRole('listitem').count()).toBe(3);
    await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
    const form = laptop.getByRole('form', { name: 'Sign out everywhere' });
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign out everywhere' }).click();
    await laptop.getByText(MSG.signedOutEverywhere).waitFor();
    await laptop.waitForURL(/\/auth$/);
    await other.reload();
    await other.getByRole('link', { name: 'Log In' }).waitFor();
  });
});
