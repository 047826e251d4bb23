/** The admin area: its own login and session, refusal of everyone else, and a reported order read before deciding it. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/web-texts';
import { TEST_SEED } from '../support/seed-settings';
import { expectAccessible, browserForFile, logInAsAdmin, signInAsAdmin, visit } from '../support/browser';
import { expertWithOffer } from '../support/chats';
import { openOrder } from '../support/orders';
import { delivered, pressOnPage, sessionIdOf } from '../support/payments';
import { pdfDocument, submitMultipart } from '../support/project-files';

const browser = browserForFile();

describe('admin area', () => {
  it('sends an anonymous visitor of /admin to the admin login', async () => {
    const page = await browser.newPage();
    await page.goto('/admin/users');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Admin login' }).waitFor();
    await expectAccessible(page, '/admin/login');
  });

  it('refuses a student with the admin failure message', async () => {
    const page = await browser.newPage();
    await visit(page, '/admin/login');
    await page.getByLabel('Email', { exact: true }).fill('alice.student@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(TEST_SEED.demoPassword);
    await page.getByLabel('Authentication code', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText(MSG.adminLoginFailed).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('logs the admin in, keeps the admin session across a reload, and logs out to the admin login', async () => {
    const page = await browser.newPage();
    await logInAsAdmin(page);
    await page.getByRole('heading', { name: /Welcome/, level: 1 }).waitFor();
    await expectAccessible(page, '/admin');

    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    expect(await sidebar.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Statistics',
      'Offers',
      'Users',
      'Payments',
      'Reported orders',
      'Reports',
      'Add User',
      'Withdrawals',
      'Audit log',
      'Security',
    ]);
    await sidebar.getByRole('link', { name: 'Reported orders' }).click();
    await page.getByRole('heading', { name: 'Reported orders', level: 1 }).waitFor();
    await expectAccessible(page, '/admin/problems');
    await sidebar.getByRole('link', { name: 'Payments' }).click();
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await page.getByText('Exposure', { exact: true }).waitFor();
    await expectAccessible(page, '/admin/payments');
    // The admin's own authenticator secret: its page asks for the password and a current code first.
    await sidebar.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page.getByLabel('Current code', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Make a new secret' }).click();
    await page.getByText(MSG.adminCodeRequired).waitFor();
    await expectAccessible(page, '/admin/security');
    await sidebar.getByRole('link', { name: 'Withdrawals' }).click();
    await page.getByRole('heading', { name: 'Withdrawals', level: 1 }).waitFor();
    await expectAccessible(page, '/admin/withdraw');

    await page.reload();
    await page.getByRole('heading', { name: 'Withdrawals', level: 1 }).waitFor();
    await page.goto('/admin/login');
    await page.waitForURL((url) => url.pathname === '/admin');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/admin/login');
    await page.getByText(MSG.loggedOut).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Admin login' }).waitFor();
  });

  it('opens a reported order onto its conversation and delivered file, by keyboard, read-only', async () => {
    // A paid project, delivered, argued about in the chat, then reported by the student.
    const { expert, offer } = await expertWithOffer('Petra', 'Plans', 'Market entry plan');
    const { student, chat } = await openOrder(offer);
    const checkout = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    await pressOnPage(checkout.body.url, 'pay');
    await delivered('checkout.session.completed', sessionIdOf(checkout.body.url));
    expect(await submitMultipart(expert, chat._id, pdfDocument(), 'market-plan.pdf')).toMatchObject({ status: 200 });
    await student.post(`/chats/${chat._id}/messages`, { content: 'The plan covers the wrong country.' });
    await expert.post(`/chats/${chat._id}/messages`, { content: 'It is the country of your brief.' });
    expect((await student.post(`/chats/${chat._id}/report-problem`, { reason: 'The plan is about the wrong market.' })).status).toBe(200);

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await visit(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reported orders' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order #${chat.orderNumber}: Market entry plan` }) });
    const toggle = card.getByRole('button', { name: 'Show the conversation and file' });
    await toggle.focus();
    await page.keyboard.press('Enter');

    const messages = card.getByRole('list', { name: `Messages of order #${chat.orderNumber}` });
    await messages.getByText('It is the country of your brief.').waitFor();
    const { firstName, lastName } = chat.participants[0];
    const items = messages.getByRole('listitem');
    const shown = await Promise.all(
      (await items.all()).map(async (item) => ({ by: await item.locator('strong').textContent(), text: await item.locator('p').nth(1).textContent() })),
    );
    expect(shown).toEqual([
      { by: `${firstName} ${lastName}`, text: 'Hello!' },
      { by: `${firstName} ${lastName}`, text: 'The plan covers the wrong country.' },
      { by: 'Petra Plans', text: 'It is the country of your brief.' },
    ]);
    expect(await items.nth(2).textContent()).toContain('(expert)');
    expect(await items.nth(0).locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The history scrolls with the keyboard: Tab reaches it, then the file's link.
    await page.keyboard.press('Tab');
    expect(await card.getByRole('region', { name: 'Conversation' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    const link = card.getByRole('link', { name: 'Download market-plan.pdf' });
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    const download = await fetch(new URL((await link.getAttribute('href')) ?? '', page.url()));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="market-plan.pdf"');
    expect(await card.getByRole('textbox').count()).toBe(0);
    await expectAccessible(page, '/admin/problems (a report opened)');
  });
});
