/**
 * The expert gets paid, in a real Chromium on the local stack: an approved order's credit reaches
 * /earnings, the expert withdraws it, an admin rejects the withdrawal with a reason, the expert
 * withdraws again, the admin approves it, and the expert sees it paid.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { MSG } from '../../shared/web-texts';
import { adminCode, PASSWORD, signedInStudent } from '../support/accounts';
import { type ApiClient, stackUrl } from '../support/api';
import { browserForFile, expectAccessible, signIn, signInAsAdmin, visit } from '../support/browser';
import { expertWithOffer } from '../support/chats';
import { openOrder } from '../support/orders';
import { advanceClock, delivered, onboard, postControl, pressOnPage, sessionIdOf } from '../support/payments';
import { getItem } from '../support/table';
import { pdfDocument, submitMultipart } from '../support/project-files';

const browser = browserForFile();

let expert: ApiClient;
let expertEmail: string;
let offer: OfferDto;
let chatId: string;

beforeAll(async () => {
  ({ expert, email: expertEmail, offer } = await expertWithOffer('Eva', 'Earner', 'Case interview coaching'));
  await onboard(expert);
  // A student pays, the expert delivers, the student approves: €54.00 of the €60.00 is the expert's.
  const { client: student } = await signedInStudent();
  const { chat } = await openOrder(offer, student);
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
  await pressOnPage(created.body.url, 'pay');
  await delivered('checkout.session.completed', sessionIdOf(created.body.url));
  expect((await submitMultipart(expert, chat._id, pdfDocument())).status).toBe(200);
  expect((await student.post(`/chats/${chat._id}/handle-project`, { action: 'approve' })).status).toBe(200);
  chatId = chat._id;
});

const card = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

describe('earnings in the browser', () => {
  it('shows the credit, takes a withdrawal, and follows it through a rejection, a second request and a payout', async () => {
    const page = await browser.newPage();
    await signIn(page, expertEmail, PASSWORD);
    await visit(page, '/earnings');
    await page.getByRole('heading', { name: 'Financial Dashboard', level: 1 }).waitFor();
    await expect.poll(() => card(page, 'Pending').first().textContent()).toContain('€54.00');
    // When Stripe releases it, in the expert's words.
    await page.getByText(/The first of it becomes available on /).waitFor();
    await page
      .getByRole('table', { name: /orders/i })
      .getByText('€54.00')
      .waitFor();
    await expectAccessible(page, '/earnings');

    // The charge settles at the provider: the credit becomes available.
    await advanceClock('10m');
    await page.reload();
    await expect.poll(() => card(page, 'Available').first().textContent()).toContain('€54.00');

    await page.getByLabel('Amount (€)').fill('54');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByText(MSG.withdrawalSubmitted).waitFor();
    await page
      .getByRole('table', { name: /withdrawals/i })
      .getByText('Pending')
      .waitFor();

    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await visit(admin, '/admin/withdraw?status=pending');
    await admin.getByRole('button', { name: 'Reject €54.00 for Eva Earner' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/Reason/).fill('Your bank details do not match your name.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText(MSG.withdrawalRejectedDone).waitFor();
    await expectAccessible(admin, '/admin/withdraw');

    // The expert's page follows the decision live.
    await page.getByText('Reason: Your bank details do not match your name.').waitFor();
    await expect.poll(() => card(page, 'Available').first().textContent()).toContain('€54.00');

    await page.getByLabel('Amount (€)').fill('54');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    // The first request is rejected; the second waits for the admin.
    await page
      .getByRole('table', { name: /withdrawals/i })
      .getByText('Pending', { exact: true })
      .waitFor();

    // Approving moves money: with the sign-in's code more than 5 minutes old by the app's clock, the
    // admin is asked for a fresh one, and a wrong one is refused before the right one goes through (decision 265).
    await advanceClock('6m');
    await admin.reload();
    await admin.getByRole('button', { name: 'Approve €54.00 for Eva Earner' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    const stepUp = admin.getByRole('dialog', { name: MSG.stepUpRequired });
    const code = await adminCode();
    await stepUp.getByLabel('Authentication code').fill(code === '000000' ? '111111' : '000000');
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await stepUp.getByText(MSG.secondFactorCodeWrong).waitFor();
    expect(
      await page
        .getByRole('table', { name: /withdrawals/i })
        .getByText('Pending', { exact: true })
        .count(),
    ).toBe(1);
    await stepUp.getByLabel('Authentication code').fill(code);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText(MSG.withdrawalApprovedDone).waitFor();
    expect(await stepUp.count()).toBe(0);

    // The payout reaches the bank (the local Stripe's delay, on the test clock).
    await advanceClock('10m');
    await expect
      .poll(async () => {
        await page.reload();
        return card(page, 'Withdrawn').first().textContent();
      })
      .toContain('€54.00');
    await page
      .getByRole('table', { name: /withdrawals/i })
      .getByText('Paid', { exact: true })
      .waitFor();
    await page
      .getByRole('table', { name: /orders/i })
      .getByText('Withdrawn', { exact: true })
      .waitFor();
  });

  it('shows a dispute of the paid-out order as frozen, live, and gives it back when won', async () => {
    const page = await browser.newPage();
    await signIn(page, expertEmail, PASSWORD);
    await visit(page, '/earnings');
    await expect.poll(() => card(page, 'Withdrawn').first().textContent()).toContain('€54.00');

    const { chargeId } = ((await getItem({ pk: `ORDER#${chatId}`, sk: 'ORDER' })) as { payment: { chargeId: string } }).payment;
    const opened = await fetch(`${stackUrl()}/_local/payments/charges/${chargeId}/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'won' }),
    });
    const { id } = (await opened.json()) as { id: string };
    // The page follows the dispute live: the share is frozen (paid out already, it would be owed only if lost).
    await expect.poll(() => card(page, 'Frozen').first().textContent()).toContain('€54.00');
    expect(await card(page, 'Owed').count()).toBe(0);
    await expectAccessible(page, '/earnings');

    expect((await postControl(`/_local/payments/disputes/${id}/decide`)).status).toBe(200);
    await expect.poll(() => card(page, 'Frozen').count()).toBe(0);
  });
});
