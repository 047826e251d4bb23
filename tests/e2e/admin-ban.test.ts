/**
 * A ban seen from both sides in real Chromium: the member, signed in another browser with the live
 * channel open, is thrown out without doing anything and cannot log in again; the admin reads the
 * ban in the audit log and follows the member's history.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/web-texts';
import { PASSWORD, signedInStudent } from '../support/accounts';
import { browserForFile, expectAccessible, signIn, signInAsAdmin, visit } from '../support/browser';

const browser = browserForFile();

async function logIn(page: Page, email: string, password: string, path = '/login') {
  await visit(page, path);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describe('banning a member', () => {
  it('throws the member out live, and the admin reads it in the audit log', async () => {
    const { email, user } = await signedInStudent();
    const memberId = String(user._id);
    const member = await browser.newPage();
    await signIn(member, email, PASSWORD);
    // The conversations page holds the live channel open. Every socket the page opens is followed from
    // its start (a reconnection opens another), so that no close is missed; they are waited for from
    // the ban on, as any other consequence of an answer (expect.poll's EVENTUALLY_MS).
    const sockets: { closed: boolean }[] = [];
    member.on('websocket', (socket) => {
      const followed = { closed: socket.isClosed() };
      sockets.push(followed);
      socket.on('close', () => {
        followed.closed = true;
      });
    });
    await visit(member, '/messages');
    await member.getByRole('button', { name: /account menu/ }).waitFor();
    await expect.poll(() => sockets.some((socket) => !socket.closed)).toBe(true);

    // The admin finds the member in Users and bans them from their row, after reading what the ban refunds.
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await visit(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Name or e-mail').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    // The member's own row: the unfiltered list may still be on screen while the search answers.
    await page.getByRole('row', { name: email }).getByRole('button', { name: /^Ban / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No paid order waits for delivery: nothing is refunded.').waitFor();
    await dialog.getByLabel('Reason').fill('Spam in every conversation.');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await page.getByRole('button', { name: /^Unban / }).waitFor();

    // Nothing is clicked in the member's browser: the closed channel finds the session gone.
    await expect.poll(() => sockets.every((socket) => socket.closed)).toBe(true);
    await member.waitForURL((url) => url.pathname === '/login' || url.pathname === '/auth', { timeout: 20_000 });
    await logIn(member, email, PASSWORD, new URL(member.url()).pathname);
    await member.getByText(MSG.accountBanned).waitFor();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'User banned' }).filter({ hasText: memberId });
    await row.getByText('reason: Spam in every conversation.').waitFor();
    await expectAccessible(page, '/admin/audit');

    await row.getByRole('link', { name: /^History of / }).click();
    await page.waitForURL((url) => url.searchParams.get('targetId') === memberId);
    await expect.poll(() => page.getByRole('textbox', { name: 'Target id' }).inputValue()).toBe(memberId);
    await page.getByRole('combobox', { name: 'Action' }).selectOption('user.ban');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'user.ban' && url.searchParams.get('targetId') === memberId);
    await page.getByRole('row').filter({ hasText: 'User banned' }).first().waitFor();
    await expectAccessible(page, '/admin/audit?targetId&action');
  });
});
