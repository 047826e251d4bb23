/**
 * Booking a free slot, in three browsers in two zones on the local stack: an expert in London sets
 * their hours on the Availability tab; a student in New York sees only the expert's free times, in
 * New York time with London's beside it, books one, and pays on the local Stripe's page; a second
 * student no longer sees that time (docs/bookings.md).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CreatedChat } from '../../shared/schemas/chats';
import { MSG } from '../../shared/web-texts';
import { signedInStudent } from '../support/accounts';
import { type ApiClient, stackUrl } from '../support/api';
import { browserForFile, expectAccessible, signIn, visit } from '../support/browser';
import { expertWithOffer, hourlyOfferOf } from '../support/chats';

const browser = browserForFile();
const DAY = 86_400_000;

/** A Wednesday at least 3 days after the app's clock, as the date input takes it: within anyone's weekday hours. */
async function aWednesdayAhead(): Promise<string> {
  const now = Date.parse(((await (await fetch(`${stackUrl()}/_local/clock`)).json()) as { now: string }).now);
  let day = new Date(Math.max(now, Date.now()) + 3 * DAY);
  while (day.getUTCDay() !== 3) day = new Date(day.getTime() + DAY);
  return day.toISOString().slice(0, 10);
}

async function openConversation(student: ApiClient, offerId: string): Promise<string> {
  const opened = await student.post<CreatedChat>('/chats/create', { offerId, initialMessage: 'Hello! I would like to book a session.' });
  expect(opened.status).toBe(201);
  return opened.body.chat._id;
}

/** The start times the hours picker offers on a date, for one hour. */
async function offeredTimes(page: Page, date: string): Promise<string[]> {
  await page.getByRole('button', { name: 'Choose date and hours' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose date and hours' });
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByText(/free times? on this day/).waitFor();
  return (
    await dialog
      .getByLabel(/^Start time/)
      .locator('option')
      .allTextContents()
  ).slice(1);
}

describe('booking a free slot across time zones', () => {
  it('lets an expert set hours, a student in another zone book and pay one of the free times, and nobody book it again', async () => {
    const { expert: expertApi, email: expertEmail } = await expertWithOffer('Lena', 'London', 'CV clinic for graduates');
    const offer = await hourlyOfferOf(expertApi, 'Interview coaching by the hour', 40);

    // 1. The expert, in London, sets weekday hours from 9 to 5 (the tab starts there) and a buffer.
    const expert = await browser.newPage({ timezoneId: 'Europe/London' });
    await signIn(expert, expertEmail);
    await visit(expert, '/profile?tab=availability');
    await expert.getByText('You have not set your hours yet').waitFor();
    await expect.poll(() => expert.getByLabel('Time zone').inputValue()).toBe('Europe/London');
    await expert.getByLabel('Buffer after each session').selectOption('15');
    await expectAccessible(expert, '/profile?tab=availability');
    await expert.getByRole('button', { name: 'Save my hours' }).click();
    await expert.getByText(MSG.availabilitySaved).waitFor();
    // On a phone each range's times are as large to touch as every field of the app (44 px at least,
    // global.css), and the tab never scrolls sideways.
    await expert.setViewportSize({ width: 390, height: 844 });
    const timeHeights = await expert
      .getByLabel(/^(Monday|Friday), range \d+, (from|until)$/)
      .evaluateAll((selects) => selects.map((select) => select.getBoundingClientRect().height));
    expect(timeHeights).toHaveLength(4);
    for (const height of timeHeights) expect(height).toBeGreaterThanOrEqual(44);
    expect(await expert.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await expectAccessible(expert, '/profile?tab=availability (a phone)');

    // 2. A student in New York sees only the free times, in their time with London's beside it, books one and pays.
    const date = await aWednesdayAhead();
    const { client: firstApi, email: firstEmail } = await signedInStudent();
    const chatId = await openConversation(firstApi, offer._id);
    const first = await browser.newPage({ timezoneId: 'America/New_York' });
    await signIn(first, firstEmail);
    await visit(first, `/messages?chatId=${chatId}`);
    const times = await offeredTimes(first, date);
    // London's 09:00-17:00 is New York's 04:00-12:00 (five hours behind; four for a few weeks of the year).
    expect(times[0]).toMatch(/^0[45]:00 your time \(New York\) · 09:00 for Lena \(London\)$/);
    expect(times.at(-1)).toMatch(/16:00 for Lena \(London\)$/);
    expect(times).toHaveLength(15);
    const picked = times[6] ?? '';
    const dialog = first.getByRole('dialog', { name: 'Choose date and hours' });
    await dialog.getByLabel(/^Start time/).selectOption({ label: picked });
    await dialog.getByRole('button', { name: 'Propose this time' }).click();
    await first
      .locator('.order-status-line')
      .getByText(/Waiting for .* to confirm your proposed time/)
      .waitFor();
    expect((await expertApi.request('PUT', `/chats/${chatId}/confirm-schedule`, {})).status).toBe(200);
    await first.getByRole('button', { name: 'Pay €40.00' }).click();
    await first.waitForURL((url) => url.pathname.startsWith('/_local/payments/checkout/cs_'));
    await first.getByRole('button', { name: 'Pay', exact: true }).click();
    await first.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('chatId') === chatId && !url.searchParams.has('status'));
    await first
      .locator('.order-status-line')
      .getByText(/^Paid — the session is on/)
      .waitFor();

    // 3. A second student no longer sees that time, nor the half hours whose hour or 15-minute buffer would
    // meet it: London's 11:00 to 13:00 are gone, 10:30 (ending, buffer included, at 11:45) and 13:30 remain.
    const { client: secondApi, email: secondEmail } = await signedInStudent();
    const secondChat = await openConversation(secondApi, offer._id);
    const second = await browser.newPage({ timezoneId: 'America/New_York' });
    await signIn(second, secondEmail);
    await visit(second, `/messages?chatId=${secondChat}`);
    const left = await offeredTimes(second, date);
    expect(left).toEqual([...times.slice(0, 4), ...times.slice(9)]);
    expect(left).not.toContain(picked);
  });
});
