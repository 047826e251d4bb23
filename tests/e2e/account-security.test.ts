/**
 * What the hardening of accounts looks like to a person in the browser: a common password is
 * refused with a clear message, a mail outage is told and nothing typed is lost, and the session
 * lives in a __Secure- HttpOnly cookie that page scripts cannot read.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/web-texts';
import { expectAccessible, browserForFile, visit } from '../support/browser';
import { duringMailOutage, uniqueEmail } from '../support/outbox';
import { getItem } from '../support/table';
import { TEST_SEED } from '../support/seed-settings';

const browser = browserForFile();

describe('account security in the browser', () => {
  it('refuses a common password with a clear message, and creates no account', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('common.choice');
    await visit(page, '/register');
    await page.getByRole('radio', { name: 'Student' }).check();
    await page.getByLabel('Name', { exact: true }).fill('Common Choice');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Password1');
    await page.getByLabel('Repeat password', { exact: true }).fill('Password1');
    await page.getByRole('checkbox', { name: /Terms & Conditions/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(MSG.passwordTooCommon).first().waitFor();
    expect(page.url()).toMatch(/\/register$/);
    expect(await getItem({ pk: `EMAIL#${email}`, sk: 'EMAIL' })).toBeUndefined();
    await expectAccessible(page, '/register (common password)');
  });

  it('tells a visitor when mail is down, keeps the message typed, and sends it once mail is back', async () => {
    const page = await browser.newPage();
    await visit(page, '/contact-us');
    await page.getByLabel('First name').fill('Olga');
    await page.getByLabel('Last name').fill('Outage');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('olga'));
    await page.getByLabel('Message').fill('Can an expert review my thesis on tax law?');
    await duringMailOutage(async () => {
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText(MSG.mailUnavailable).waitFor();
    });
    expect(await page.getByLabel('Message').inputValue()).toBe('Can an expert review my thesis on tax law?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(MSG.contactSent).waitFor();
  });

  it('keeps the session in a __Secure- HttpOnly cookie that page scripts cannot read', async () => {
    const page = await browser.newPage();
    await visit(page, '/login');
    await page.getByLabel('Email', { exact: true }).fill('ben.student@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(TEST_SEED.demoPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: /account menu/ }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === '__Secure-refreshToken')).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain('refreshToken');
    // A reload keeps the session through the cookie (a same-origin refresh the API accepts).
    await page.reload();
    await page.getByRole('button', { name: /account menu/ }).waitFor();
  });
});
