/**
 * Reporting in the browser: a student reports a message of their conversation through its Report
 * dialog, the admin finds it in the Reports page and hides it, and the student's open
 * conversation shows at once that a moderator removed it (the event reaches it through the
 * table's stream), as it does after a reload.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import type { CreatedChat, MessageDto } from '../../shared/schemas/chats';
import { MSG } from '../../shared/web-texts';
import { PASSWORD, signedInStudent } from '../support/accounts';
import { browserForFile, expectAccessible, signIn, signInAsAdmin, visit } from '../support/browser';
import { expertWithOffer } from '../support/chats';

const browser = browserForFile();

const inConversation = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });

describe('reporting a message', () => {
  it('a student reports a message, the admin hides it, and the student sees it removed at once', async () => {
    const { expert: expertApi, offer } = await expertWithOffer('Rhea', 'Reported', 'Startup pitch rehearsal');
    const { client: studentApi, email } = await signedInStudent();
    const opened = await studentApi.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'Hello, can you help with my pitch?' });
    const chatId = opened.body.chat._id;
    const offensive = 'Pay me by bank transfer outside the site instead.';
    await expertApi.post<{ message: MessageDto }>(`/chats/${chatId}/messages`, { content: offensive });

    const student = await browser.newPage();
    await signIn(student, email, PASSWORD);
    await visit(student, `/messages?chatId=${chatId}`);
    await inConversation(student, offensive).waitFor();
    // Only the other member's message can be reported.
    await student.getByRole('button', { name: 'Report message from Rhea Reported' }).click();
    const dialog = student.getByRole('dialog', { name: 'Report message from Rhea Reported' });
    await dialog.waitFor();
    await expectAccessible(student, '/messages (report dialog)');
    await dialog.getByRole('radio', { name: 'Fraud or scam' }).check();
    await dialog.getByLabel('Note (optional)').fill('Asks to be paid off the platform.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await student.getByText(MSG.reportReceived).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await visit(admin, '/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click();
    const item = admin.getByRole('article', { name: /^Message by Rhea Reported/ }).filter({ hasText: offensive });
    await item.getByText('Asks to be paid off the platform.').waitFor();
    await expectAccessible(admin, '/admin/reports');
    await item.getByRole('button', { name: 'Hide: message by Rhea Reported' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Hide' }).click();
    await admin.getByText(MSG.reportContentHidden).waitFor();
    await item.waitFor({ state: 'detached' });

    // The student's open conversation shows it removed as it happens, and so does it after a reload.
    await inConversation(student, MSG.messageRemoved).waitFor();
    await inConversation(student, offensive).waitFor({ state: 'detached' });
    await student.reload();
    await inConversation(student, MSG.messageRemoved).waitFor();
    await inConversation(student, 'Hello, can you help with my pitch?').waitFor();
    await inConversation(student, offensive).waitFor({ state: 'detached' });
  });
});
