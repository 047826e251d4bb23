/**
 * The catalogue as a visitor and a student use it: search from home, browse the directory with
 * filters, sort and Show more, open a profile, save a favourite as a guest, keep it through login,
 * remove it. Every page reached is checked with axe. Assertions hold for the demo experts of
 * scripts/local/demo-accounts.ts and for any size of catalogue around them.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../shared/limits';
import { MSG } from '../../shared/web-texts';
import { DEMO_OFFERS } from '../../scripts/local/demo-accounts';
import { ApiClient } from '../support/api';
import { PASSWORD, registerStudent } from '../support/accounts';
import { expectAccessible, browserForFile, visit } from '../support/browser';

const browser = browserForFile();

const CLAIRE_OFFERS = DEMO_OFFERS['claire.dubois@demo.test'].map((offer) => offer.title);

const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function shownCount(page: Page): Promise<number> {
  const text = await page
    .getByRole('status')
    .filter({ hasText: /^\d+ experts?$/ })
    .textContent();
  return Number(text?.split(' ')[0]);
}

/** Rating and years of every card on screen, as a visitor reads them. */
async function cardFigures(page: Page): Promise<{ rating: number; years: number }[]> {
  return (await cards(page).allTextContents()).map((text) => ({
    rating: Number(/(\d(?:\.\d)?) out of 5/.exec(text)?.[1]),
    years: Number(/(\d+) years? of experience/.exec(text)?.[1] ?? 0),
  }));
}

/** Clicks a filter pill and waits until the list shows its result. */
async function choose(page: Page, group: string, pill: string) {
  const button = page.getByRole('group', { name: group }).getByRole('button', { name: pill, exact: true });
  await button.click();
  await page.waitForFunction((el) => el.getAttribute('aria-pressed') === 'true', await button.elementHandle());
  await page.getByText('Loading experts…').waitFor({ state: 'detached' });
}

const favouriteLink = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Favourite/ });

async function activatedStudent(): Promise<string> {
  const { email, activationToken } = await registerStudent();
  expect((await new ApiClient().post('/auth/activate', { token: activationToken, password: PASSWORD })).status).toBe(200);
  return email;
}

describe('catalogue', () => {
  it('a visitor finds an expert from the home search: live suggestions, then the directory', async () => {
    const page = await browser.newPage();
    await visit(page, '/');
    await page.getByRole('heading', { name: 'Experts Available Now' }).waitFor();
    const slider = page.getByRole('list', { name: 'Experts available now' }).getByRole('article');
    await slider.first().waitFor();
    expect(await slider.count()).toBeLessThanOrEqual(CATALOGUE.sliderShow);
    // The first card sits at the row's start: the row did not scroll by itself when it was laid out.
    expect(await page.getByRole('list', { name: 'Experts available now' }).evaluate((row) => row.scrollLeft)).toBe(0);
    await page
      .getByRole('figure')
      .getByRole('img', { name: /World map/ })
      .waitFor();

    const search = page.getByRole('searchbox', { name: 'Search experts, skills or topics' });
    // A visitor knows a last name by its initial only (decision 116): that is what they search by.
    await search.fill('Claire D');
    const suggestions = page.getByRole('region', { name: 'Search suggestions' });
    const claire = suggestions.getByRole('list', { name: 'Experts' }).getByRole('link', { name: /^Claire D\./ });
    await claire.waitFor();
    await expectAccessible(page, '/ (search suggestions open)');
    await search.press('Escape');
    await suggestions.waitFor({ state: 'hidden' });
    await search.press('Enter');
    await page.waitForURL('**/experts?q=Claire%20D');
    await cards(page).getByRole('link', { name: 'Claire D.' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search experts by name, skill or field' }).inputValue()).toBe('Claire D');
    await expectAccessible(page, '/experts?q=Claire D');
  });

  it('the directory filters by experience and rating, sorts by rating and shows more', async () => {
    const page = await browser.newPage();
    await visit(page, '/experts');
    await cards(page).first().waitFor();
    const total = await shownCount(page);
    expect(total).toBeGreaterThanOrEqual(8);
    expect(await cards(page).count()).toBe(Math.min(total, CATALOGUE.directoryPageSize));
    if (total > CATALOGUE.directoryPageSize) {
      await page.getByRole('button', { name: 'Show more' }).click();
      await cards(page).nth(CATALOGUE.directoryPageSize).waitFor();
      expect(await cards(page).count()).toBe(Math.min(total, 2 * CATALOGUE.directoryPageSize));
    } else expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);

    await choose(page, 'Experience', '5+ years');
    await choose(page, 'Rating', '4.5+');
    await choose(page, 'Sort', 'Top rated');
    await page.waitForURL(/minExp=5/);
    const figures = await cardFigures(page);
    expect(figures.length).toBeGreaterThan(0);
    for (const { rating, years } of figures) {
      expect(rating).toBeGreaterThanOrEqual(4.5);
      expect(years).toBeGreaterThanOrEqual(5);
    }
    const ratings = figures.map((figure) => figure.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    await expectAccessible(page, '/experts (filtered)');

    // Claire Dubois (4.8 from her demo reviews, 14 years) passes these filters; a search narrows the list to her.
    await page.getByRole('searchbox', { name: 'Search experts by name, skill or field' }).fill('Claire D');
    await page.waitForURL(/q=Claire/);
    await cards(page).getByRole('link', { name: 'Claire D.' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search experts by name, skill or field' }).fill('Nobody Zzyzx');
    await page.getByText(MSG.noExpertsFound).waitFor();
    await expectAccessible(page, '/experts (no experts)');
  });

  it('a guest saves a favourite, keeps it through login, then removes it', async () => {
    const email = await activatedStudent();
    const page = await browser.newPage();
    await visit(page, '/experts?q=Claire%20D');
    await cards(page).getByRole('link', { name: 'Claire D.' }).click();
    await page.getByRole('heading', { level: 1, name: 'Claire D.' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe('HomeExpertsClaire D.');
    const services = page.getByRole('region', { name: 'Services Provided' });
    for (const title of CLAIRE_OFFERS) await services.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('region', { name: 'Languages' }).getByText('French').waitFor();
    await expectAccessible(page, '/teacher/{id} (visitor)');
    const profileUrl = page.url();

    const save = page.getByRole('button', { name: /Save for later/ });
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await page.getByText(MSG.savedToFavorites).waitFor();
    expect(await save.getAttribute('aria-pressed')).toBe('true');
    expect(await favouriteLink(page).textContent()).toMatch(/1.*1 saved/);

    await favouriteLink(page).click();
    await page.getByRole('heading', { level: 1, name: 'My Favourite' }).waitFor();
    await cards(page).getByRole('link', { name: 'Claire D.' }).waitFor();
    await expectAccessible(page, '/favorites (guest)');

    await page.getByRole('link', { name: 'Log In' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: /account menu/ }).waitFor();
    await favouriteLink(page).filter({ hasText: '1 saved' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('guestFavorites'))).toBe('[]');

    await favouriteLink(page).click();
    await page.getByRole('heading', { level: 1, name: 'My Favourite' }).waitFor();
    // Members see the whole name.
    await cards(page).getByRole('link', { name: 'Claire Dubois' }).waitFor();
    await expectAccessible(page, '/favorites (student)');

    await page.goto(profileUrl);
    await page.getByRole('heading', { level: 1, name: 'Claire Dubois' }).waitFor();
    expect(await save.getAttribute('aria-pressed')).toBe('true');
    await save.click();
    await page.getByText(MSG.removedFromFavorites).waitFor();
    await favouriteLink(page).filter({ hasText: '0 saved' }).waitFor();
    await expectAccessible(page, '/teacher/{id} (student)');
    await favouriteLink(page).click();
    await page.getByText(MSG.noFavorites).waitFor();

    // A service of the profile leads to the conversation about it, where it is asked about and booked.
    await page.goto(profileUrl);
    await services.getByRole('link', { name: `Message about this service: ${CLAIRE_OFFERS[1]}` }).click();
    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('offerId') !== null);
    const conversation = page.getByRole('region', { name: 'New conversation' });
    await conversation.getByRole('heading', { name: 'Claire Dubois' }).waitFor();
    await conversation.getByText(CLAIRE_OFFERS[1], { exact: true }).waitFor();
    await expectAccessible(page, '/messages (new conversation about a service)');
  });

  it('the header search shows offers as you type and leads to the directory', async () => {
    const page = await browser.newPage();
    await visit(page, '/faq-page');
    const search = page.getByRole('searchbox', { name: 'Search offers' });
    await search.fill('Financial modelling');
    const results = page.getByRole('region', { name: 'Offer results' });
    await results.getByRole('link', { name: /Financial modelling from scratch/ }).waitFor();
    await expectAccessible(page, '/faq-page (header search results)');
    await search.press('Enter');
    await page.waitForURL('**/experts?q=Financial%20modelling');
    await cards(page).first().waitFor();
  });

  it('an unknown expert: Teacher not found', async () => {
    const page = await browser.newPage({ mobile: true });
    await visit(page, '/teacher/no-such-expert');
    await page.getByRole('heading', { level: 1, name: MSG.expertNotFound }).waitFor();
  });
});
