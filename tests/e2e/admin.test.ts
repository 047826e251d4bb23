/** The admin area: its own login and session, and refusal of everyone else. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import { TEST_SEED } from '../support/seed-settings';
import { expectAccessible, browserForFile, visit } from '../support/browser';

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
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText(MSG.adminLoginFailed).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('logs the admin in, keeps the admin session across a reload, and logs out to the admin login', async () => {
    const page = await browser.newPage();
    await visit(page, '/admin/login');
    await page.getByLabel('Email', { exact: true }).fill(TEST_SEED.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(TEST_SEED.adminPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
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
      'Add User',
      'Withdrawals',
    ]);
    await sidebar.getByRole('link', { name: 'Reported orders' }).click();
    await page.getByRole('heading', { name: 'Reported orders', level: 1 }).waitFor();
    await expectAccessible(page, '/admin/problems');
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
});
