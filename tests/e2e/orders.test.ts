/**
 * Orders in two browsers on the local stack, with the local Stripe's hosted pages: an expert
 * completes payout onboarding; a student books an hourly call, the expert counters, the student
 * accepts and pays by card; once the call has begun the student confirms it took place and reviews
 * it, and the expert reads the review. A project is delivered, sent back for changes, delivered
 * again and approved. Both sides see every step live. Also: a free introduction booked and
 * confirmed, and a paid order cancelled and refunded.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CreatedChat } from '../../shared/schemas/chats';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { signedInNewExpert, signedInStudent } from '../support/accounts';
import { type ApiClient, stackUrl } from '../support/api';
import { browserForFile, expectAccessible, signIn, visit } from '../support/browser';
import { expertWithOffer, hourlyOfferOf } from '../support/chats';
import { advanceClock, localStripe } from '../support/payments';
import { pdfDocument } from '../support/project-files';

const browser = browserForFile();
const DAY = 86_400_000;

/** The app's time, which the test clock may have moved ahead of the browser's. */
const appNow = async () => Date.parse(((await (await fetch(`${stackUrl()}/_local/clock`)).json()) as { now: string }).now);

/** A day after the app's clock, as the date input takes it. */
async function dayAhead(days: number): Promise<string> {
  return new Date(Math.max(await appNow(), Date.now()) + days * DAY).toISOString().slice(0, 10);
}

const statusLine = (page: Page) => page.locator('.order-status-line');
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

async function proposeTime(page: Page, title: string, date: string, time: string, hours?: number) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel(/^Start time/).selectOption(time);
  if (hours !== undefined) await dialog.getByLabel('Hours').fill(String(hours));
  return dialog;
}

async function openConversation(student: ApiClient, offer: OfferDto): Promise<string> {
  const opened = await student.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'Hello! I would like to book you.' });
  expect(opened.status).toBe(201);
  return opened.body.chat._id;
}

describe('an order from onboarding to review, in two browsers', () => {
  it('onboards the expert, books a call, counters, pays, holds it, confirms it and reviews, each side seeing every step live', async () => {
    // 1. The expert connects a payout account through the provider's onboarding.
    const { client: expertApi, email: expertEmail } = await signedInNewExpert('Oscar', 'Onboarded');
    const expert = await browser.newPage();
    await signIn(expert, expertEmail);
    await visit(expert, '/create-offer');
    await button(expert, 'Connect payment account').click();
    await expert.waitForURL((url) => url.pathname.startsWith('/_local/payments/onboarding/'));
    await button(expert, 'Complete').click();
    await expert.waitForURL((url) => url.pathname === '/create' && url.searchParams.get('stripe') === 'success');
    await expert.getByRole('heading', { name: 'Your payout account is connected' }).waitFor();
    await expectAccessible(expert, '/create?stripe=success');
    const offer = await hourlyOfferOf(expertApi, 'Mock interviews by the hour', 40);

    // 2. The student proposes a time; the expert suggests another; the student accepts and pays.
    const { client: studentApi, email: studentEmail } = await signedInStudent();
    const chatId = await openConversation(studentApi, offer);
    const student = await browser.newPage();
    await signIn(student, studentEmail);
    await visit(student, `/messages?chatId=${chatId}`);
    await visit(expert, `/messages?chatId=${chatId}`);
    await button(student, 'Choose date and hours').click();
    const proposal = await proposeTime(student, 'Choose date and hours', await dayAhead(3), '10:00', 2);
    await proposal.getByText('Total: €80.00').waitFor();
    await expectAccessible(student, '/messages (hours picker)');
    await proposal.getByRole('button', { name: 'Propose this time' }).click();
    await statusLine(expert)
      .getByText(/proposed .*Confirm it or suggest another time/)
      .waitFor();

    await button(expert, 'Suggest another time').click();
    const counter = await proposeTime(expert, 'Suggest another time', await dayAhead(4), '14:30', 3);
    await counter.getByRole('button', { name: 'Send suggestion' }).click();
    await statusLine(student)
      .getByText(/suggested .*14:30.*Accept or decline it/)
      .waitFor();
    await button(student, 'Accept the suggested time').click();
    await statusLine(expert)
      .getByText(/Confirmed for .*Waiting for .* to pay/)
      .waitFor();

    await button(student, 'Pay €120.00').click();
    await student.waitForURL((url) => url.pathname.startsWith('/_local/payments/checkout/cs_'));
    await student.getByText('€120.00').first().waitFor();
    await button(student, 'Pay').click();
    await student.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('chatId') === chatId && !url.searchParams.has('status'));
    await statusLine(student)
      .getByText(/^Paid — the session is on .*14:30/)
      .waitFor();
    await statusLine(expert)
      .getByText(/^Paid — the session is on/)
      .waitFor();

    // 3. A call is held, not delivered (decision 250): nothing to submit, and nothing to confirm before it starts.
    expect(await button(expert, 'Submit the project file').count()).toBe(0);
    expect(await button(student, 'Confirm the session took place').count()).toBe(0);
    await advanceClock('5d');
    // The student's browser reads the time as a user's does, from its own clock: set to the app's.
    await student.clock.setFixedTime(await appNow());
    await visit(student, `/messages?chatId=${chatId}`);
    await statusLine(student)
      .getByText(/^The session was on .*Confirm it took place, or report a problem/)
      .waitFor();
    await button(student, 'Confirm the session took place').click();
    await statusLine(expert).getByText('Completed — the session took place and the payment is credited to you.').waitFor();

    const review = student.getByRole('form', { name: 'Leave a review' });
    // The stars are a radio group: a star's label is what a pointer clicks.
    await review.locator('label').filter({ hasText: '5 stars' }).click();
    expect(await review.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await review.getByLabel(/Comment/).fill('Sharp questions and <b>useful</b> notes.');
    await review.getByRole('button', { name: 'Send review' }).click();
    await student.getByRole('img', { name: 'Your rating: 5 out of 5 stars' }).waitFor();
    await expectAccessible(student, '/messages (reviewed)');
    // The expert sees the review, read-only, in the conversation (opened again: a review moves no order).
    await visit(expert, `/messages?chatId=${chatId}`);
    const seen = expert.getByRole('region', { name: 'Order' }).getByRole('region', { name: 'Review by Sam S.' });
    await seen.getByRole('img', { name: 'Rating: 5 out of 5 stars' }).waitFor();
    await seen.getByText('Sharp questions and useful notes.').waitFor();
    expect(await expert.getByRole('form', { name: 'Leave a review' }).count()).toBe(0);
    await expectAccessible(expert, '/messages (the review, as the expert)');
    await visit(student, '/order-history');
    await student
      .getByRole('row', { name: /Mock interviews by the hour/ })
      .getByText('Completed', { exact: true })
      .waitFor();
    await expectAccessible(student, '/order-history');
    // On a phone each order is a card: its state in view without scrolling sideways, the row still a table's row.
    await student.setViewportSize({ width: 390, height: 844 });
    const state = await student
      .getByRole('row', { name: /Mock interviews by the hour/ })
      .getByText('Completed', { exact: true })
      .boundingBox();
    expect(state && state.x + state.width).toBeLessThanOrEqual(390);
    expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await expectAccessible(student, '/order-history (a phone)');
    const reviewed = await studentApi.get<{ reviews?: { comment: string; rating: number }[] }>(`/offers/${offer._id}`);
    expect(reviewed.body.reviews?.some((entry) => entry.rating === 5 && entry.comment === 'Sharp questions and useful notes.')).toBe(true);
  });
});

/** A new student's conversation about the expert's offer, open in two browsers: the student's and the expert's. */
async function bothSidesOf({ offer, email: expertEmail }: { offer: OfferDto; email: string }) {
  const { client: studentApi, email: studentEmail } = await signedInStudent();
  const chatId = await openConversation(studentApi, offer);
  const student = await browser.newPage();
  const expert = await browser.newPage();
  await signIn(student, studentEmail);
  await signIn(expert, expertEmail);
  await visit(student, `/messages?chatId=${chatId}`);
  await visit(expert, `/messages?chatId=${chatId}`);
  return { student, expert };
}

describe('more orders in the browser', () => {
  it('books a free introduction that the expert confirms, shown as free on both sides', async () => {
    const { student, expert } = await bothSidesOf(await expertWithOffer('Ines', 'Intro', 'Career change coaching'));
    await button(student, 'Book a free 30-minute introduction').click();
    const booking = await proposeTime(student, 'Book a free 30-minute introduction', await dayAhead(2), '09:30');
    await booking.getByRole('button', { name: 'Book the introduction' }).click();
    await button(expert, 'Confirm the time').click();
    await statusLine(student)
      .getByText(/^Free introduction \(30 min\) booked — the session is on/)
      .waitFor();
    await statusLine(expert)
      .getByText(/^Free introduction \(30 min\) booked/)
      .waitFor();
    await expectAccessible(expert, '/messages (introduction booked)');
  });

  it('delivers a project, is asked for changes, delivers again and is approved, each side seeing every step live', async () => {
    const { student, expert } = await bothSidesOf(await expertWithOffer('Dora', 'Delivering', 'Interview notes review'));
    await button(student, 'Pay €60.00').click();
    await student.waitForURL((url) => url.pathname.startsWith('/_local/payments/checkout/'));
    await button(student, 'Pay').click();
    await statusLine(expert)
      .getByText(/^Paid — submit the project when it is ready\./)
      .waitFor();
    await button(expert, 'Submit the project file').click();
    const upload = expert.getByRole('dialog', { name: 'Submit the project file' });
    await upload.getByLabel('Project file').setInputFiles({ name: 'interview-notes.pdf', mimeType: 'application/pdf', buffer: pdfDocument() });
    await upload.getByRole('button', { name: 'Upload and submit' }).click();
    await statusLine(student)
      .getByText(/^Delivered — approve it or ask for changes/)
      .waitFor();
    await button(student, 'Ask for changes').click();
    await statusLine(expert)
      .getByText(/asked for changes — submit the project again/)
      .waitFor();
    await button(expert, 'Submit the project again').click();
    const again = expert.getByRole('dialog', { name: 'Submit the project file' });
    await again.getByLabel('Project file').setInputFiles({ name: 'interview-notes-v2.pdf', mimeType: 'application/pdf', buffer: pdfDocument(2000) });
    await again.getByRole('button', { name: 'Upload and submit' }).click();
    await statusLine(student)
      .getByText(/^Delivered/)
      .waitFor();
    await button(student, 'Approve the project').click();
    await statusLine(expert).getByText('Completed — the project is approved and the payment credited to you.').waitFor();
  });

  it('cancels a paid order with the terms stated first, and refunds it', async () => {
    const { student, expert } = await bothSidesOf(await expertWithOffer('Carl', 'Canceller', 'Pitch deck review'));
    await button(student, 'Pay €60.00').click();
    await student.waitForURL((url) => url.pathname.startsWith('/_local/payments/checkout/'));
    const sessionId = new URL(student.url()).pathname.split('/').pop()!;
    await button(student, 'Pay').click();
    // Back in the conversation, the payment confirmed; the expert's page learns it live.
    await statusLine(student)
      .getByText(/^Paid — .* is working on your project\./)
      .waitFor();
    await statusLine(expert)
      .getByText(/^Paid — submit the project when it is ready\./)
      .waitFor();

    await button(student, 'Cancel the order').click();
    const dialog = student.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog
      .getByText(/refunded in full/)
      .first()
      .waitFor();
    await expectAccessible(student, '/messages (cancel terms)');
    await dialog.getByRole('button', { name: 'Cancel the order', exact: true }).click();
    await statusLine(student).getByText('Cancelled — €60.00 refunded to you.').waitFor();
    await statusLine(expert)
      .getByText(/^Cancelled — €60.00 refunded to/)
      .waitFor();
    const intent = String((await localStripe().checkout.sessions.retrieve(sessionId)).payment_intent);
    const charge = await localStripe().charges.retrieve(String((await localStripe().paymentIntents.retrieve(intent)).latest_charge));
    expect(charge.amount_refunded).toBe(6000);
  });
});
