/**
 * Account journeys through the browser: sign up as a student and as a mentor, activate from the
 * mailed link, log in, stay logged in across a reload, log out; reset a forgotten password;
 * a protected page sends a visitor to log in and back; changing the password signs out the other browser.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/web-texts';
import { expectAccessible, browserForFile, visit } from '../support/browser';
import { latestMail, linkIn, uniqueEmail } from '../support/outbox';
import { PASSWORD as STUDENT_PASSWORD, signedInStudent } from '../support/accounts';

const browser = browserForFile();

const PASSWORD = 'Correct-Horse-2026';

type Registration = { mode: 'Student'; name: string; email: string } | { mode: 'Mentor'; firstName: string; lastName: string; email: string };

async function register(page: Page, who: Registration) {
  await visit(page, '/register');
  await page.getByRole('radio', { name: who.mode }).check();
  if (who.mode === 'Student') await page.getByLabel('Name', { exact: true }).fill(who.name);
  else {
    await page.getByLabel('First name').fill(who.firstName);
    await page.getByLabel('Last name').fill(who.lastName);
  }
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password', { exact: true }).fill(PASSWORD);
  const signUp = page.getByRole('button', { name: 'Sign Up' });
  expect(await signUp.isDisabled()).toBe(true);
  await page.getByRole('checkbox', { name: /Terms & Conditions/ }).check();
  await expectAccessible(page, '/register (filled)');
  await signUp.click();
  await page.waitForURL('**/login');
  await page.getByText(MSG.registrationSuccessful).first().waitFor();
  await page.getByText(MSG.registrationMailSent).waitFor();
  await expectAccessible(page, '/login (after registration)');
}

/** Follows the mailed link: the page asks for the password chosen at registration (a wrong one is refused, nothing changes). */
async function activate(page: Page, email: string, password = PASSWORD) {
  const link = linkIn(await latestMail(email, 'Activate your account'), '/activate/');
  await page.goto(link);
  await page.getByRole('heading', { name: 'Account activation' }).waitFor();
  await expectAccessible(page, '/activate/{token}');
  await page.getByLabel('Password', { exact: true }).fill('not-the-chosen-password');
  await page.getByRole('button', { name: 'Activate account' }).click();
  await page.getByRole('alert').getByText(MSG.activationPasswordWrong).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await page.waitForURL('**/login');
  await page.getByText(MSG.activationSuccessful).waitFor();
  await expectAccessible(page, '/login (after activation)');
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

const accountMenu = (page: Page) => page.getByRole('button', { name: /account menu/ });

async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('alertdialog', { name: MSG.logoutConfirm });
  await dialog.waitFor();
  await expectAccessible(page, 'logout confirmation');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await page.getByText(MSG.loggedOut).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).waitFor({ state: 'attached' });
}

describe('account journeys', () => {
  it('a student signs up, activates, logs in, stays logged in after a reload and logs out', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('e2e-student');
    await register(page, { mode: 'Student', name: 'Eve Student', email });
    await activate(page, email);
    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    await accountMenu(page).waitFor();
    expect(await accountMenu(page).textContent()).toContain('Eve Student');
    await expectAccessible(page, '/ (student)');

    await page.reload();
    await accountMenu(page).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order History' }).waitFor();
    await expectAccessible(page, '/ (student, after reload)');

    await logOut(page);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await accountMenu(page).count()).toBe(0);
  });

  it('a mentor is warned to activate first, then activates and gets the expert navigation', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('e2e-mentor');
    await register(page, { mode: 'Mentor', firstName: 'Marc', lastName: 'Mentor', email });
    await logIn(page, email);
    await page.getByText(MSG.activateFirst).waitFor();
    expect(await page.locator('.Toastify__toast--warning').count()).toBe(1);
    await expectAccessible(page, '/login (activation warning)');

    await activate(page, email);
    await logIn(page, email);
    await page.getByRole('link', { name: 'Create Offer' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Offers' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Create Offer' }).waitFor();
    await logOut(page);
  });

  it('a forgotten password is reset from the mailed link and the new one logs in', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('e2e-reset');
    await register(page, { mode: 'Student', name: 'Rita Reset', email });
    await activate(page, email);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await expectAccessible(page, '/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.waitForURL('**/auth');
    await page.getByText(MSG.resetEmailSent).waitFor();

    const link = linkIn(await latestMail(email, 'Reset your password'), '/reset-password/');
    await visit(page, new URL(link).pathname);
    const newPassword = 'Brand-New-Secret-99';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill('something-else');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(MSG.passwordsDoNotMatch).waitFor();
    await expectAccessible(page, '/reset-password (mismatch)');
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');
    await page.getByText(MSG.passwordResetDone).waitFor();

    await logIn(page, email, PASSWORD);
    await page.getByText(MSG.invalidCredentials).waitFor();
    await logIn(page, email, newPassword);
    await accountMenu(page).waitFor();
  });

  it('a protected page sends an anonymous visitor to log in, then back to it', async () => {
    const page = await browser.newPage();
    await page.goto('/profile');
    await page.waitForURL('**/auth');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    await expectAccessible(page, '/auth');
    await logIn(page, 'alice.student@demo.test', 'Demo-Password-2026');
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Profile settings', level: 1 }).waitFor();
    await expectAccessible(page, '/profile');
  });

  it('the login and registration pages send a signed-in user home', async () => {
    const page = await browser.newPage();
    await visit(page, '/login');
    await logIn(page, 'ben.student@demo.test', 'Demo-Password-2026');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/register');
    await page.waitForURL((url) => url.pathname === '/');
    await accountMenu(page).waitFor();
  });

  it('changing the password on /profile signs out the other browser, not this one', async () => {
    const { email } = await signedInStudent();
    const [here, there] = [await browser.newPage(), await browser.newPage()];
    for (const page of [here, there]) {
      await visit(page, '/login');
      await logIn(page, email, STUDENT_PASSWORD);
      await accountMenu(page).waitFor();
    }
    await visit(here, '/profile?tab=password');
    await here.getByLabel('Current password', { exact: true }).fill(STUDENT_PASSWORD);
    await here.getByLabel('New password', { exact: true }).fill('Lantern-Orchard-2026');
    await here.getByLabel('Confirm new password', { exact: true }).fill('Lantern-Orchard-2026');
    await expectAccessible(here, '/profile?tab=password (filled)');
    await here.getByRole('button', { name: 'Change password' }).click();
    await here.getByText(MSG.passwordChanged).waitFor();

    // The other browser's session ended: its next page asks it to log in; this one stays signed in.
    await there.goto('/profile');
    await there.waitForURL('**/auth');
    await here.reload();
    await here.getByRole('heading', { name: 'Profile settings', level: 1 }).waitFor();
    await accountMenu(here).waitFor();
  });
});
