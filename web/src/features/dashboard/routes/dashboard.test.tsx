import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { offer, stubApi } from '@/test/catalogue-fixtures';
import { chatWith, claire } from '@/test/messages-fixtures';
import { anAccount } from '@/test/accounts';
import { json, renderRoutes } from '@/test/render-app';
import { formatDateTime } from '@/lib/format-date';
import DashboardRoute from './dashboard';

const expert = anAccount({ _id: 'expert-1', role: 'professor', email: 'nora@example.com', firstName: 'Nora', lastName: 'Newcomer' });
const routes = [{ path: '/dashboard', element: <DashboardRoute /> }];

afterEach(() => vi.unstubAllGlobals());

describe('the payout card of the dashboard', () => {
  it('sends an expert without a payout account to the provider’s onboarding', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = stubApi(({ url }) => {
      if (url.pathname === '/payments/account-status') return json(200, { payouts_enabled: false, currentlyDue: [] });
      if (url.pathname === '/payments/onboard') return json(200, { url: 'https://connect.stripe.test/setup/x' });
    });
    renderRoutes(routes, { path: '/dashboard#payouts', account: expert });
    const connect = await screen.findByRole('button', { name: 'Connect payment account' });
    // The fragment link lands on the payout section.
    expect(screen.getByRole('region', { name: 'Payouts' })).toHaveFocus();
    await userEvent.click(connect);
    expect(api.called('/payments/onboard')).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/x');
  });

  it('lets a connected expert manage the account', async () => {
    stubApi(({ url }) => (url.pathname === '/payments/account-status' ? json(200, { payouts_enabled: true, currentlyDue: [] }) : undefined));
    renderRoutes(routes, { path: '/dashboard', account: expert });
    expect(await screen.findByText(/Your payout account is connected/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage my payout account' })).toBeEnabled();
  });
});

const DAY_MS = 86_400_000;
/** A call two days ahead, and one held two days ago, which waits for its student, not its expert. */
const SESSION_START = new Date(Date.now() + 2 * DAY_MS).toISOString();
const SESSION_HELD = new Date(Date.now() - 2 * DAY_MS).toISOString();

const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

/** The dashboard's calls answered; `override` answers some of them otherwise. */
function dashboardApi(override: (pathname: string) => Response | undefined = () => undefined) {
  return stubApi(({ url }) => {
    const answer = override(url.pathname);
    if (answer) return answer;
    if (url.pathname === '/user/stats/expert-1')
      return json(200, { ordersCount: 12, freeOrdersCount: 0, totalEarned: 1480.5, averageRating: 4.75, reviewsCount: 8 });
    if (url.pathname === '/user/earnings/monthly')
      return json(200, { months: months.map((month, at) => ({ month, earned: at === 11 ? 162 : at === 10 ? 54 : 0, orders: at >= 10 ? 1 : 0 })) });
    if (url.pathname === '/offers/my-offers')
      return json(200, [
        offer(1, { title: 'Tax return review', status: 'approved', approved: true, pricingType: 'fixed' }),
        offer(2, { title: 'Budget plan', status: 'pending', approved: false, pricingType: 'hourly', price: 45 }),
      ]);
    if (url.pathname === '/chats')
      return json(200, {
        chats: [
          chatWith(claire, 'c1', { orderNumber: 1001, orderStatus: 'scheduled' }),
          chatWith(claire, 'c2', { orderNumber: 1002, orderStatus: 'closed' }),
          chatWith(claire, 'c3', { orderNumber: 1003, orderStatus: 'revision_requested' }),
          chatWith(claire, 'c4', { orderNumber: 1004, orderStatus: 'countered' }),
          chatWith(claire, 'c5', {
            orderNumber: 1005,
            orderStatus: 'in_progress',
            orderKind: 'hourly',
            reschedule: { scheduledDate: '2026-12-01T10:00:00.000Z', proposedBy: 'user' },
          }),
          // Paid and under way: hours of work on a Document offer are delivered, a fixed-price call is held.
          chatWith(claire, 'c6', { orderNumber: 1006, orderStatus: 'in_progress', orderKind: 'work', scheduledHours: 3 }),
          chatWith(claire, 'c7', { orderNumber: 1007, orderStatus: 'in_progress', orderKind: 'call', scheduledDate: SESSION_START, durationMinutes: 60 }),
          chatWith(claire, 'c8', { orderNumber: 1008, orderStatus: 'in_progress', orderKind: 'fixed' }),
          chatWith(claire, 'c9', { orderNumber: 1009, orderStatus: 'in_progress', orderKind: 'hourly', scheduledDate: SESSION_HELD, scheduledHours: 2 }),
        ],
      });
    if (url.pathname === '/payments/account-status') return json(200, { payouts_enabled: true, currentlyDue: [] });
    if (url.pathname === '/availability') return json(200, { availability: hours });
  });
}

const hours = {
  timeZone: 'Europe/Dublin',
  weekly: { mon: [{ start: '09:00', end: '17:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  overrides: [],
  bufferMinutes: 15,
  minNoticeHours: 12,
  horizonDays: 60,
};

describe('the dashboard', () => {
  it('shows the expert’s statistics, their offers with their moderation status, and the orders waiting for them', async () => {
    const api = dashboardApi();
    renderRoutes(routes, { path: '/dashboard', account: expert });
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    await within(stats).findByText('12');
    expect(
      within(stats)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual(['Completed orders: 12', 'Earned: €1,480.50', 'Average rating: 4.8', 'Reviews: 8']);

    const offers = screen.getByRole('region', { name: 'Your offers' });
    await within(offers).findByText('Tax return review');
    expect(
      within(offers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tax return review€60.00 · Published', 'Budget plan€45.00 an hour · In review']);
    expect(within(offers).getByRole('link', { name: 'Budget plan' })).toHaveAttribute('href', '/offers/offer-2');

    const orders = screen.getByRole('region', { name: 'Orders waiting for you' });
    await within(orders).findByText(/#1001/);
    expect(
      within(orders)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Order #1001: Tax return reviewAlice Martin · Confirm the proposed time',
      'Order #1003: Tax return reviewAlice Martin · Deliver the changes asked',
      'Order #1005: Tax return reviewAlice Martin · Answer the new time proposed',
      'Order #1006: Tax return reviewAlice Martin · Deliver the work',
      `Order #1007: Tax return reviewAlice Martin · Hold the session on ${formatDateTime(SESSION_START)}`,
      'Order #1008: Tax return reviewAlice Martin · Deliver the work',
    ]);
    expect(within(orders).getByRole('link', { name: /#1003/ })).toHaveAttribute('href', '/messages?chatId=c3');
    // The latest conversations, in the largest page there is.
    expect(api.called('/chats')[0].url.searchParams.get('limit')).toBe('100');
  });

  it('tells free orders apart from paid ones among the completed orders', async () => {
    dashboardApi((pathname) =>
      pathname === '/user/stats/expert-1'
        ? json(200, { ordersCount: 12, freeOrdersCount: 3, totalEarned: 1480.5, averageRating: 4.75, reviewsCount: 8 })
        : undefined,
    );
    renderRoutes(routes, { path: '/dashboard', account: expert });
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    await within(stats).findByText('12, 3 of them free');
    expect(
      within(stats)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual(['Completed orders: 12, 3 of them free', 'Earned: €1,480.50', 'Average rating: 4.8', 'Reviews: 8']);
  });

  it('charts the earnings per month, with their table', async () => {
    dashboardApi();
    renderRoutes(routes, { path: '/dashboard', account: expert });
    const earnings = await screen.findByRole('region', { name: 'Earnings per month' });
    const figure = await within(earnings).findByRole('figure', { name: 'Earned' });
    expect(within(figure).getByRole('img')).toBeInTheDocument();
    expect(figure).toHaveTextContent('Dec 2025: €0.00; Nov 2026: €162.00; highest €162.00.');
    // A bar a month, its month and amount on hover (Chartist draws on the next tick).
    await waitFor(() => expect(figure.querySelectorAll('.ct-bar')).toHaveLength(12));
    expect(figure.querySelectorAll('.ct-bar title')[11]).toHaveTextContent('Nov 2026: €162.00');
    await userEvent.click(within(figure).getByText('Earned as a table'));
    const rows = within(within(figure).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[12]).toHaveTextContent('Nov 2026€162.00');
  });

  it('says so instead of charting twelve empty months for an expert who earned nothing yet', async () => {
    dashboardApi((pathname) =>
      pathname === '/user/earnings/monthly' ? json(200, { months: months.map((month) => ({ month, earned: 0, orders: 0 })) }) : undefined,
    );
    renderRoutes(routes, { path: '/dashboard', account: expert });
    const earnings = await screen.findByRole('region', { name: 'Earnings per month' });
    expect(await within(earnings).findByText(MSG.noEarningsYet)).toBeInTheDocument();
    expect(within(earnings).queryByRole('figure')).not.toBeInTheDocument();
  });

  it('says which card could not be loaded, keeps the others, and loads it again on demand', async () => {
    let failing = true;
    dashboardApi((pathname) => (pathname === '/user/stats/expert-1' && failing ? json(500, { msg: 'Internal error', code: 'internal' }) : undefined));
    renderRoutes(routes, { path: '/dashboard', account: expert });
    const stats = screen.getByRole('region', { name: 'Statistics' });
    expect(await within(stats).findByRole('alert')).toHaveTextContent(MSG.statisticsLoadFailed);
    await screen.findByText('Budget plan');
    failing = false;
    await userEvent.click(within(stats).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(stats).getByText('12')).toBeInTheDocument());
  });
});

describe('the prompt to set hours', () => {
  /** The page once every card has its answer, the availability's included. */
  async function loaded(api: ReturnType<typeof dashboardApi>, expectedAvailabilityCalls = 1) {
    await screen.findByText('Budget plan');
    await within(screen.getByRole('region', { name: 'Earnings per month' })).findByRole('figure');
    expect(api.called('/availability')).toHaveLength(expectedAvailabilityCalls);
  }

  it('asks an expert who has not set hours to set them, on the Availability tab of their profile', async () => {
    dashboardApi((pathname) => (pathname === '/availability' ? json(200, { availability: null, busyCalendar: null }) : undefined));
    renderRoutes(routes, { path: '/dashboard', account: expert });
    const prompt = await screen.findByRole('region', { name: 'Set your hours' });
    expect(prompt).toHaveTextContent('students choose among the free times you offer');
    expect(prompt).toHaveTextContent('they propose a time, and you confirm it or suggest another');
    expect(within(prompt).getByRole('link', { name: 'Set your hours' })).toHaveAttribute('href', '/profile?tab=availability');
  });

  it('leaves an expert who has set hours alone', async () => {
    const api = dashboardApi();
    renderRoutes(routes, { path: '/dashboard', account: expert });
    await loaded(api);
    expect(screen.queryByRole('region', { name: 'Set your hours' })).not.toBeInTheDocument();
  });

  it('shows nothing, and no error, when the hours could not be loaded', async () => {
    const api = dashboardApi((pathname) => (pathname === '/availability' ? json(500, { msg: 'Internal error', code: 'internal' }) : undefined));
    renderRoutes(routes, { path: '/dashboard', account: expert });
    await loaded(api);
    expect(screen.queryByRole('region', { name: 'Set your hours' })).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.availabilityLoadFailed)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('never asks a student, who has no hours to set', async () => {
    const api = dashboardApi((pathname) => (pathname === '/availability' ? json(200, { availability: null, busyCalendar: null }) : undefined));
    renderRoutes(routes, { path: '/dashboard', account: anAccount({ _id: 'student-1', role: 'user', email: 'sam@example.com' }) });
    await loaded(api, 0);
    expect(screen.queryByRole('region', { name: 'Set your hours' })).not.toBeInTheDocument();
  });
});
