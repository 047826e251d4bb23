/**
 * Offer journeys through the browser: an expert creates an offer and sees it in review, the admin
 * approves it, a visitor finds it, the expert edits it with a photo and deletes it; a student is
 * refused the form, and an expert without a payout account meets the blocking overlay.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/web-texts';
import { PASSWORD, signedInNewExpert } from '../support/accounts';
import { expectAccessible, browserForFile, signIn, signInAsAdmin, visit } from '../support/browser';
import { pngImage } from '../support/images';
import { TEST_SEED } from '../support/seed-settings';

const browser = browserForFile();

const EXPERT = 'claire.dubois@demo.test';

/** A word no other offer has, so that search finds this test's offer and nothing else. */
const marker = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const title = `Valuation clinic ${marker}`;

const offerCard = (page: Page, name: string) => page.getByRole('article', { name });

describe('offer journeys', () => {
  let expert: Page;
  let offerId: string;

  it('an expert creates an offer, is thanked, and sees it in review in My Offers', async () => {
    // The expert's page carries the journey through this describe's tests.
    expert = await browser.newPage({ untilFileEnds: true });
    await signIn(expert, EXPERT, TEST_SEED.demoPassword);
    await visit(expert, '/');
    await expert.getByRole('link', { name: 'Create Offer' }).click();
    await expert.getByRole('heading', { name: 'Create offer', level: 1 }).waitFor();
    await expectAccessible(expert, '/create-offer');

    await expert.getByRole('button', { name: 'Create offer' }).click();
    await expert.getByText(MSG.offerTitleLength).waitFor();
    expect(await expert.getByLabel('Title').evaluate((input) => input === document.activeElement)).toBe(true);
    await expectAccessible(expert, '/create-offer (errors)');

    await expert.getByLabel('Title').fill(title);
    await expert.getByLabel('Description').fill('A working session on your valuation model: assumptions, multiples and a DCF you can defend.');
    await expert.getByRole('radio', { name: 'Hourly rate (€/h)' }).check();
    await expert.getByLabel('Price (€/h)').fill('90');
    await expert.getByLabel('Lesson type').selectOption('Video Call');
    await expert.getByRole('button', { name: 'Create offer' }).click();
    await expert.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await expert.getByText(MSG.offerSubmitted).waitFor();
    await expectAccessible(expert, '/create-offer (thank you)');

    await expert.getByRole('link', { name: 'Go to My Offers' }).click();
    const card = offerCard(expert, title);
    await card.waitFor();
    expect(await card.getByText('In review').count()).toBe(1);
    expect(await card.getByText('€90.00/h').count()).toBe(1);
    await expectAccessible(expert, '/my-offers');
    offerId = (await card.getByRole('link', { name: `Edit ${title}` }).getAttribute('href'))!.split('/').pop()!;
  });

  it('the admin approves it on the moderation page and it leaves the queue', async () => {
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await visit(admin, '/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Offers' }).click();
    await admin.getByRole('heading', { name: 'Offers waiting for approval', level: 1 }).waitFor();
    const card = offerCard(admin, title);
    await card.waitFor();
    expect(await card.getByText('Claire Dubois').count()).toBe(1);
    expect(await card.getByText('Hourly rate').count()).toBe(1);
    await expectAccessible(admin, '/admin/offers');

    await card.getByRole('button', { name: `Approve ${title}` }).click();
    await admin.getByText(MSG.offerApproved).waitFor();
    await card.waitFor({ state: 'detached' });
    await admin.reload();
    await admin.getByRole('heading', { name: 'Offers waiting for approval', level: 1 }).waitFor();
    expect(await offerCard(admin, title).count()).toBe(0);
  });

  it('a visitor finds the published offer with the header search', async () => {
    const visitor = await browser.newPage();
    await visit(visitor, '/');
    const search = visitor.getByRole('searchbox', { name: 'Search offers' });
    const results = visitor.getByRole('region', { name: 'Offer results' });
    const result = results.getByRole('link', { name: new RegExp(title) });
    // The search index catches up with the approval within about a second: search again until it has.
    for (let attempt = 0; attempt < 20; attempt++) {
      await search.fill('');
      await search.fill(marker);
      await result.or(results.getByText(MSG.noResults)).first().waitFor();
      if ((await result.count()) > 0) break;
    }
    expect(await result.textContent()).toContain('€90.00/h');
    await expectAccessible(visitor, '/ (search results)');
  });

  it('the expert edits the offer with a photo, sees Changes Saved, and the photo is served', async () => {
    await visit(expert, '/my-offers');
    await offerCard(expert, title).getByText('Published').waitFor();
    await offerCard(expert, title)
      .getByRole('link', { name: `Edit ${title}` })
      .click();
    await expert.getByRole('heading', { name: 'Edit offer', level: 1 }).waitFor();
    await expert.getByLabel('Title').waitFor();
    expect(await expert.getByLabel('Title').inputValue()).toBe(title);
    expect(await expert.getByText('Hourly rate (€/h)').count()).toBe(1);
    await expectAccessible(expert, `/offers/${offerId}`);

    await expert.getByLabel('Price (€/h)').fill('-1');
    await expert.getByRole('button', { name: 'Save changes' }).click();
    await expert.getByText(MSG.offerValidPrice).waitFor();
    await expectAccessible(expert, `/offers/${offerId} (errors)`);

    await expert.getByLabel('Price (€/h)').fill('95');
    await expert.getByLabel(/^Photo/).setInputFiles({ name: 'clinic.png', mimeType: 'image/png', buffer: pngImage(40, 30) });
    await expert.getByRole('img', { name: 'Preview of the chosen photo' }).waitFor();
    await expert.getByRole('button', { name: 'Save changes' }).click();
    await expert.getByRole('heading', { name: MSG.changesSaved }).waitFor();
    await expectAccessible(expert, `/offers/${offerId} (saved)`);

    await visit(expert, `/offers/${offerId}`);
    const photo = expert.getByRole('img', { name: 'Current photo of the offer' });
    await photo.waitFor();
    expect(await photo.evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]))).toEqual([40, 30]);
    const served = await expert.request.get((await photo.getAttribute('src'))!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(await expert.getByLabel('Price (€/h)').inputValue()).toBe('95');
  });

  it('the expert deletes the offer after confirming, and it is gone from My Offers', async () => {
    await visit(expert, '/my-offers');
    const card = offerCard(expert, title);
    await card.getByText('In review').waitFor();
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = expert.getByRole('alertdialog', { name: MSG.deleteOfferConfirm });
    await dialog.waitFor();
    await expectAccessible(expert, '/my-offers (delete confirmation)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await card.count()).toBe(1);

    await card.getByRole('button', { name: `Delete ${title}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expert.getByText(MSG.offerDeleted).waitFor();
    await card.waitFor({ state: 'detached' });
    await expert.reload();
    await expert.getByRole('heading', { name: 'My Offers', level: 1 }).waitFor();
    await expert.getByRole('article').first().waitFor();
    expect(await offerCard(expert, title).count()).toBe(0);
  });

  it('a student opening the offer form is refused', async () => {
    const student = await browser.newPage();
    await signIn(student, 'alice.student@demo.test', TEST_SEED.demoPassword);
    await visit(student, '/create-offer');
    await student.getByRole('alert').filter({ hasText: MSG.onlyExpertsCreateOffers }).waitFor();
    expect(await student.getByLabel('Title').count()).toBe(0);
  });

  it('an expert without a payout account meets the blocking overlay, with focus kept inside it, and its link opens the dashboard', async () => {
    const { email } = await signedInNewExpert('Paula', 'Payless');
    const page = await browser.newPage();
    await signIn(page, email, PASSWORD);
    await visit(page, '/create-offer');
    const overlay = page.getByRole('dialog', { name: 'Payment account required' });
    await overlay.waitFor();
    await overlay.getByText(MSG.payoutsRequired).waitFor();
    const focusInOverlay = () => overlay.evaluate((dialog) => dialog.contains(document.activeElement));
    expect(await focusInOverlay()).toBe(true);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInOverlay()).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await overlay.isVisible()).toBe(true);
    // The form behind is inert: it cannot be focused or clicked.
    expect(await page.evaluate(() => document.querySelector('main form')?.closest('[inert]') !== null)).toBe(true);
    await expectAccessible(page, '/create-offer (payouts overlay)');

    await overlay.getByRole('link', { name: /payout section/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '#payouts');
    // The dashboard it lands on, its earnings card loaded (nothing earned yet), is accessible too.
    await page.getByRole('region', { name: 'Earnings per month' }).getByText(MSG.noEarningsYet).waitFor();
    await expectAccessible(page, '/dashboard');
  });
});
