import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStatistics } from '@shared/schemas/admin-views';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import AdminStatsRoute from './stats';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [{ path: '/admin/stats', element: <AdminStatsRoute /> }];

const day = (date: string, totalUsers: number, orders: number, revenue: number) => ({
  date,
  totalUsers,
  totalProfessors: 10,
  totalOffers: 30,
  actualOffers: 25,
  totalOfferSum: 2500,
  orders,
  revenue,
});

const STATISTICS: AdminStatistics = {
  totalUsers: 1234,
  totalProfessors: 48,
  totalOffers: 125,
  actualOffers: 120,
  totalOfferSum: 10_450.5,
  history: {
    days: [day('2026-11-16', 1100, 2, 12), day('2026-11-22', 1150, 3, 18), day('2026-11-23', 1200, 4, 24.5)],
    weeks: [
      { week: '2026-11-16', orders: 5, revenue: 30 },
      { week: '2026-11-23', orders: 4, revenue: 24.5 },
    ],
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('statistics (admin)', () => {
  it('shows the five figures, a chart of each over the days, and the orders and revenue per week', async () => {
    fakeApi({ 'GET /admin/statistics': () => json(200, STATISTICS) });
    renderRoutes(routes, { path: '/admin/stats', account: admin });
    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    await screen.findByText('1,234');
    const figures = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Users', '1,234'],
      ['Experts', '48'],
      ['Offers', '125'],
      ['Published offers', '120'],
      ['Published offers’ value', '€10,450.50'],
    ]);
    expect(screen.getAllByRole('img')).toHaveLength(7);
    expect(screen.getByRole('figure', { name: 'Users' })).toHaveTextContent('2026-11-16: 1,100; 2026-11-23: 1,200; highest 1,200.');
    expect(screen.getByRole('figure', { name: 'Revenue per week' })).toHaveTextContent('2026-11-16: €30.00; 2026-11-23: €24.50; highest €30.00.');
  });

  it('draws the bars and lines to scale, each bar and point with its period and value on hover', async () => {
    fakeApi({ 'GET /admin/statistics': () => json(200, STATISTICS) });
    renderRoutes(routes, { path: '/admin/stats', account: admin });
    const revenue = await screen.findByRole('figure', { name: 'Revenue per week' });
    // Chartist draws on the next tick, from its own timer.
    await waitFor(() => expect(revenue.querySelectorAll('.ct-bar')).toHaveLength(2));
    const bars = [...revenue.querySelectorAll('.ct-bar')];
    expect(bars.map((bar) => bar.querySelector('title')?.textContent)).toEqual(['2026-11-16: €30.00', '2026-11-23: €24.50']);
    const [first, second] = bars.map((bar) => Number(bar.getAttribute('y1')) - Number(bar.getAttribute('y2')));
    expect(second / first).toBeCloseTo(24.5 / 30, 2);
    // The value axis reads in euros, from zero to a round top; the period axis names the first and the last week.
    expect([...revenue.querySelectorAll('.ct-label.ct-vertical')].map((label) => label.textContent)).toEqual(['€0.00', '€25.00', '€50.00']);
    expect([...revenue.querySelectorAll('.ct-label.ct-horizontal')].map((label) => label.textContent)).toEqual(['2026-11-16', '2026-11-23']);

    const users = screen.getByRole('figure', { name: 'Users' });
    await waitFor(() => expect(users.querySelectorAll('.ct-line')).toHaveLength(1));
    expect([...users.querySelectorAll('.ct-label.ct-vertical')].map((label) => label.textContent)).toEqual(['0', '1,000', '2,000']);
    // The last day's 1,200 users, three fifths of the way from the line at zero to the one at 2,000.
    const [zero, , top] = [...users.querySelectorAll('.ct-grid.ct-vertical')].map((line) => Number(line.getAttribute('y1')));
    const lastDay = Number(users.querySelectorAll('.ct-point')[2].getAttribute('y1'));
    expect((zero - lastDay) / (zero - top)).toBeCloseTo(0.6, 2);
    // All of it inside the drawing, the line at zero at its foot.
    const height = Number(users.querySelector('svg')?.getAttribute('viewBox')?.split(' ')[3]);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(zero).toBeLessThanOrEqual(height);
    expect(zero).toBeGreaterThan(height / 2);
    expect([...users.querySelectorAll('.ct-point title')].map((title) => title.textContent)).toEqual([
      '2026-11-16: 1,100',
      '2026-11-22: 1,150',
      '2026-11-23: 1,200',
    ]);
  });

  it('gives each chart its figures as a table', async () => {
    fakeApi({ 'GET /admin/statistics': () => json(200, STATISTICS) });
    renderRoutes(routes, { path: '/admin/stats', account: admin });
    const orders = await screen.findByRole('figure', { name: 'Orders per week' });
    await userEvent.click(within(orders).getByText('Orders per week as a table'));
    const table = within(orders).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Week of', 'Orders per week']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['2026-11-165', '2026-11-234']);
  });

  it('says when the statistics cannot be loaded, and loads them again on demand', async () => {
    let answer = json(500, { msg: 'Internal error', code: 'internal' });
    fakeApi({ 'GET /admin/statistics': () => answer });
    renderRoutes(routes, { path: '/admin/stats', account: admin });
    // On the page, with a way to try again, and in a toast.
    // The toasts' library loads with the first toast.
    await waitFor(() => expect(screen.getAllByText(MSG.adminStatisticsLoadFailed)).toHaveLength(2), { timeout: 4000 });
    answer = json(200, STATISTICS);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });
});
