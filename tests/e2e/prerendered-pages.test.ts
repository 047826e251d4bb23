/**
 * The public pages rendered at build time (decision 290), in Chromium on the local stack: a visitor
 * sees the page itself before any script has run, and the same page once React has taken it over,
 * with no warning; a signed-in member never sees the signed-out page, only the loading screen and
 * then their own view. The app's scripts are held back to look at the page before they run. An
 * expert's page, rendered per request with its data (decision 297), is checked the same way.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import { SESSION_HINT_COOKIE } from '../../shared/shell-limits';
import { COOKIE_CONSENT_NAME } from '../../shared/shell-limits';
import { appTookOver, browserForFile, expectAccessible, logIn, signIn } from '../support/browser';
import { MSG as WEB_MSG } from '../../shared/web-texts';
import { signedInAs, studentOfThisFile } from '../support/accounts';

const browser = browserForFile();
const student = studentOfThisFile();

/**
 * What the page reports as wrong: console errors and warnings (React's hydration mismatches among
 * them, and any request refused), and uncaught errors.
 */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

/** Holds the page's requests to matching URLs until released; a hold set before on the same URLs is replaced. */
async function holdRequests(page: Page, url: string): Promise<() => void> {
  await page.unroute(url);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds every script of the app until released: the page as the browser paints it from its HTML alone. */
const holdScripts = (page: Page) => holdRequests(page, '**/assets/*.js');

/** The buttons a visitor could press: none before the code that answers them is here, or the press is lost (decision 304). */
const enabledButtons = (page: Page) => page.locator('button:enabled').evaluateAll((buttons) => buttons.map((button) => button.outerHTML));

/** The fields a visitor can type in (inputs of text kinds and text areas) or tick (checkboxes and radio buttons), enabled. */
const TEXT_FIELDS = 'input:enabled:not([type=checkbox], [type=radio], [type=hidden], [type=file]), textarea:enabled';
const CHOICES = 'input[type=checkbox]:enabled, input[type=radio]:enabled';

/** What every field of the page holds, by its id (a radio button by its name and value); run in the page. */
function fieldsInPage(): Record<string, string> {
  return Object.fromEntries(
    [...document.querySelectorAll<HTMLInputElement>('input, textarea')].map((field) => [
      field.id || `${field.name}=${field.value}`,
      field.type === 'checkbox' || field.type === 'radio' ? String(field.checked) : field.value,
    ]),
  );
}

/** Types in every field and ticks every choice, as a visitor who does not wait for the page's code; answers what those hold. */
async function fillEveryField(page: Page): Promise<Record<string, string>> {
  for (const field of await page.locator(TEXT_FIELDS).all()) {
    const type = await field.getAttribute('type');
    await field.fill(type === 'email' ? 'early.visitor@example.com' : type === 'password' ? 'Typed-Early-2026' : 'typed early');
  }
  for (const choice of await page.locator(CHOICES).all()) await choice.check();
  const filled = await page
    .locator(`${TEXT_FIELDS}, ${CHOICES}`)
    .evaluateAll((fields) =>
      fields.map((field) => (field as HTMLInputElement).id || `${(field as HTMLInputElement).name}=${(field as HTMLInputElement).value}`),
    );
  const now = await page.evaluate(fieldsInPage);
  return Object.fromEntries(filled.map((key) => [key, now[key]]));
}

/** What the fields of those keys hold now (undefined for one that is gone: drawn anew, it has another id). */
async function fieldValues(page: Page, keys: string[]): Promise<Record<string, string | undefined>> {
  const now = await page.evaluate(fieldsInPage);
  return Object.fromEntries(keys.map((key) => [key, now[key]]));
}

describe.each(PRERENDERED_PAGES.map((page) => [page.path]))('the prerendered page %s', (path) => {
  it('shows a visitor the page before any script runs, then the same page, hydrated without a warning', async () => {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const before = await heading.textContent();
    expect(before).toBeTruthy();
    expect(await page.getByRole('status').filter({ hasText: 'Loading…' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Log In', exact: true }).isVisible()).toBe(true);
    // The cookie question is part of the first paint, not a late arrival.
    expect(await page.getByRole('region', { name: 'Cookie consent' }).isVisible()).toBe(true);
    expect(await enabledButtons(page)).toEqual([]);
    await expectAccessible(page, `${path} before its scripts ran`);
    // What a visitor typed or ticked before the code came is still there once it has taken the page over (decision 305).
    const typed = await fillEveryField(page);
    expect(Object.keys(typed)).not.toContain('');

    release();
    await appTookOver(page);
    expect(await fieldValues(page, Object.keys(typed))).toEqual(typed);
    // The app's own: the question answers a click.
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ state: 'detached' });
    expect(await heading.textContent()).toBe(before);
    expect(problems).toEqual([]);

    // Answered (its cookie), the question is not painted again, before the scripts run nor after.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain(COOKIE_CONSENT_NAME);
    const releaseAgain = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Cookie consent' }).isVisible()).toBe(false);
    releaseAgain();
    await appTookOver(page);
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });
});

describe('a signed-in member on the prerendered pages', () => {
  // One member's browser goes through every page in turn, as a member does, signed in once.
  it('never sees the signed-out page: the loading screen, then their own view', async () => {
    const { email } = await student();
    const page = await browser.newPage();
    await logIn(page, email);
    expect((await page.context().cookies()).find((cookie) => cookie.name === SESSION_HINT_COOKIE)?.value).toBe('1');
    const problems = problemsOf(page);
    for (const { path } of PRERENDERED_PAGES) {
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
      expect(await page.getByRole('link', { name: 'Log In', exact: true }).isVisible(), path).toBe(false);
      expect(await page.getByRole('heading', { level: 1 }).isVisible(), path).toBe(false);

      release();
      await page.getByRole('button', { name: /account menu/i }).waitFor();
      // The pages for visitors only send a member home.
      if (['/login', '/register', '/forgot-password'].includes(path)) await page.waitForURL((url) => url.pathname === '/');
      expect(problems, path).toEqual([]);
    }
  });
});

describe('the header’s search before the page’s code (decision 305)', () => {
  it('sends what was typed to the directory as a plain request', async () => {
    const page = await browser.newPage();
    await holdScripts(page);
    await page.goto('/faq-page', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search offers' });
    await search.fill('tax law');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/experts' && url.searchParams.get('q') === 'tax law');
    await page.getByRole('heading', { level: 1, name: 'Find your expert' }).waitFor();
  });
});

describe('the expert directory’s prerendered shell (decision 292)', () => {
  it('paints the hero with the search and filters disabled before any script, then the directory of its URL’s filters', async () => {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    const release = await holdScripts(page);
    await page.goto('/experts?sort=rating', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Find your expert' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search experts by name, skill or field' });
    const topRated = page.getByRole('button', { name: 'Top rated' });
    expect(await page.getByText('Loading experts…').isVisible()).toBe(true);
    expect([await search.isDisabled(), await topRated.isDisabled()]).toEqual([true, true]);
    expect(await enabledButtons(page)).toEqual([]);

    release();
    await appTookOver(page);
    await page
      .getByRole('status')
      .filter({ hasText: /^\d+ experts?$/ })
      .waitFor();
    expect([await search.isEnabled(), await topRated.getAttribute('aria-pressed')]).toEqual([true, 'true']);
    await search.fill('Claire D');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Claire D' && url.searchParams.get('sort') === 'rating');
    expect(problems).toEqual([]);
  });
});

describe('a visitor’s browser (decisions 293 and 299)', () => {
  it('asks for no session it does not hold: no refresh is sent, and the directory and a profile reached from it show at once', async () => {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/refresh-token')) refreshes.push(request.url());
    });
    await page.goto('/experts', { waitUntil: 'commit' });
    const card = page.getByRole('main').getByRole('article').first();
    await card.waitFor();
    const name = String(await card.getByRole('heading').textContent());
    await card.getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    // A page for members sends the visitor to sign in, without asking the server first.
    await page.goto('/messages');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(refreshes).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('an expert’s page rendered with its data (decision 297)', () => {
  const claire = async () => String((await (await signedInAs('professor')).get<{ _id: string }>('/auth/user')).body._id);

  it('shows a visitor the expert before any script runs, then hydrates it from the page’s own data, asking the API for none of it', async () => {
    const expertId = await claire();
    const page = await browser.newPage();
    const problems = problemsOf(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && pathname !== '/api/auth/refresh-token') asked.push(pathname);
    });
    const release = await holdScripts(page);
    await page.goto(`/teacher/${expertId}`, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Claire D.' });
    await heading.waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Services Provided' }).isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Loading…' }).isVisible()).toBe(false);
    expect(await page.title()).toBe('Claire D. | Mentorship');
    expect(await enabledButtons(page)).toEqual([]);
    await expectAccessible(page, 'an expert’s page before its scripts ran');
    const typed = await fillEveryField(page);

    release();
    await appTookOver(page);
    expect(await fieldValues(page, Object.keys(typed))).toEqual(typed);
    // The app's own now: saving the expert answers a click.
    await page.getByRole('button', { name: 'Save for later' }).click();
    await page.getByText(WEB_MSG.savedToFavorites).waitFor();
    expect(await heading.isVisible()).toBe(true);
    // What the page asks once hydrated is not its data but its call services' next free times, the viewer's own (decision 348);
    // the browser's fortnight from now, while the stack's clock may have been moved past it.
    await page
      .getByText(/^(Next free time: |No free time in the next)/)
      .first()
      .waitFor();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((pathname) => pathname !== `/api/experts/${expertId}/slots`)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('never shows a member the visitor’s page: the loading screen, then the member’s own view of the expert', async () => {
    const [expertId, { email }] = await Promise.all([claire(), student()]);
    const page = await browser.newPage();
    await signIn(page, email);
    const problems = problemsOf(page);
    const release = await holdScripts(page);
    await page.goto(`/teacher/${expertId}`, { waitUntil: 'commit' });
    await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(false);

    release();
    // A member reads the last name whole.
    await page.getByRole('heading', { level: 1, name: 'Claire Dubois' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('answers an id that is no expert with the not-found page, hydrated', async () => {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    const response = await page.goto('/teacher/no-such-expert');
    expect(response?.status()).toBe(404);
    await appTookOver(page);
    await page.getByRole('heading', { level: 1, name: WEB_MSG.expertNotFound }).waitFor();
    await page.getByRole('link', { name: 'Browse experts' }).click();
    await page.waitForURL((url) => url.pathname === '/experts');
    // The browser reports the page's own status, which is the point; nothing else.
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });
});
