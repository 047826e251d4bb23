/** The admin's users in the browser: restoring an archived member, and creating one who then chooses a password at first sign-in. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/web-texts';
import { signedInAs } from '../support/accounts';
import { ApiClient } from '../support/api';
import { browserForFile, expectAccessible, signInAsAdmin, visit } from '../support/browser';
import { latestMail, uniqueEmail } from '../support/outbox';

const browser = browserForFile();
let admin: ApiClient;

/** Waits until the tab is the one shown: its own search form replaced the other tab's, so what is typed next stays. */
const currentTab = (page: Page, name: string) => page.locator('nav[aria-label="User lists"] a[aria-current="page"]', { hasText: name }).waitFor();

beforeAll(async () => {
  admin = await signedInAs('admin');
});

describe('admin users', () => {
  it('restores an archived member from the Archived tab, who can sign in again', async () => {
    const email = uniqueEmail('archived');
    const created = await admin.post<{ user: { _id: string } }>('/admin/create-user', {
      firstName: 'Arielle',
      lastName: 'Archive',
      email,
      password: 'temporary-1',
    });
    expect(created.status).toBe(201);
    expect((await admin.request('DELETE', `/admin/users/${created.body.user._id}`)).status).toBe(200);

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await visit(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Users, newest first' }).waitFor();
    await expectAccessible(page, '/admin/users');

    await page.getByRole('link', { name: 'Archived' }).click();
    await currentTab(page, 'Archived');
    await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Archived users, newest first' });
    await table.getByRole('rowheader', { name: /Arielle Archive/ }).waitFor();
    await expectAccessible(page, '/admin/users?view=archived');
    await table.getByRole('button', { name: 'Restore Arielle Archive' }).click();
    const dialog = page.getByRole('alertdialog');
    await expectAccessible(page, 'restore confirmation');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText(MSG.memberRestored).waitFor();
    await page.getByText('No user matches this search.').waitFor();

    await page.getByRole('link', { name: 'Members' }).click();
    await currentTab(page, 'Members');
    await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill('arielle archive');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('table', { name: 'Users, newest first' })
      .getByRole('rowheader', { name: /Arielle Archive/ })
      .waitFor();
    expect((await new ApiClient().post('/auth/login', { email, password: 'temporary-1' })).status).toBe(200);
  });

  it('creates a member, who is welcomed by mail and must choose a password at first sign-in', async () => {
    const email = uniqueEmail('created');
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await visit(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Add User' }).click();
    await page.getByRole('heading', { name: 'Add User', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText(MSG.adminAllFieldsRequired).first().waitFor();
    await expectAccessible(page, '/admin/create-user (refused)');
    await page.getByLabel('First name').fill('Carla');
    await page.getByLabel('Last name').fill('Created');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Temporary password').fill('temporary-2');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText(MSG.memberCreated).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Carla Created/ }) });
    await row.getByText('Has not chosen a password yet').waitFor();
    await latestMail(email, 'Welcome: your account is ready');

    const member = await browser.newPage();
    await visit(member, '/login');
    await member.getByLabel('Email', { exact: true }).fill(email);
    await member.getByLabel('Password', { exact: true }).fill('temporary-2');
    await member.getByRole('button', { name: 'Log In' }).click();
    await member.waitForURL('**/choose-password');
    await member.getByRole('heading', { name: 'Choose your password', level: 1 }).waitFor();
    await expectAccessible(member, '/choose-password');
    // Until then, the signed-in pages lead back here.
    await member.goto('/messages');
    await member.waitForURL('**/choose-password');
    await member.getByLabel('Temporary password').fill('temporary-2');
    await member.getByLabel('New password', { exact: true }).fill('carla-own-secret-7');
    await member.getByLabel('Confirm new password').fill('carla-own-secret-7');
    await member.getByRole('button', { name: 'Save my password' }).click();
    await member.waitForURL((url) => url.pathname === '/');
    await member.getByText(MSG.passwordChanged).waitFor();
    await member.goto('/messages');
    await member.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    expect((await new ApiClient().post('/auth/login', { email, password: 'carla-own-secret-7' })).status).toBe(200);
  });
});
