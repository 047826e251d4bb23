/** The admin reads the statistics: the five figures, their charts over the demo's 90 days (drawn by Chartist), and each chart's table. */
import { describe, expect, it } from 'vitest';
import type { AdminStatistics } from '../../shared/schemas/admin-views';
import { formatEuros } from '../../shared/money';
import { browserForFile, expectAccessible, signInAsAdmin, visit } from '../support/browser';
import { signedInAs } from '../support/accounts';

const browser = browserForFile();

describe('admin statistics', () => {
  it('shows the figures, charts them over time and per week, and reads each chart as a table', async () => {
    const expected = (await (await signedInAs('admin')).get<AdminStatistics>('/admin/statistics')).body;
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await visit(page, '/admin');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Statistics' }).click();
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    const figures = page.locator('.admin-figures');
    await figures.waitFor();
    expect(await figures.getByRole('term').allTextContents()).toEqual(['Users', 'Experts', 'Offers', 'Published offers', 'Published offers’ value']);
    expect(await figures.getByRole('definition').last().textContent()).toBe(formatEuros(expected.totalOfferSum));

    // Seven charts: orders and revenue per week, and each figure over the days.
    await expect(page.getByRole('img').count()).resolves.toBe(7);
    const users = page.getByRole('figure', { name: 'Users', exact: true });
    const firstDay = expected.history.days[0];
    expect(await users.locator('.chart-summary').textContent()).toContain(firstDay.date);

    const orders = page.getByRole('figure', { name: 'Orders per week' });
    // Drawn by the chart library: a bar a week, its week and count shown on hover.
    const bars = orders.locator('.ct-bar');
    // A bar is a stroked line (no width of its own), which the browser's locator counts as hidden.
    await bars.last().waitFor({ state: 'attached' });
    await expect(bars.count()).resolves.toBe(expected.history.weeks.length);
    const lastWeek = expected.history.weeks.at(-1);
    expect(await bars.last().locator('title').textContent()).toBe(`${lastWeek?.week}: ${lastWeek?.orders}`);
    const table = orders.getByRole('table');
    expect(await table.isVisible()).toBe(false);
    await orders.getByText('Orders per week as a table').click();
    await table.waitFor();
    const rows = await table.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(expected.history.weeks.length);
    expect(rows[0]).toBe(`${expected.history.weeks[0].week}${expected.history.weeks[0].orders}`);
    await expectAccessible(page, '/admin/stats');
  });
});
