import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistoryItem } from '@shared/schemas/earnings';
import { MSG } from '@shared/web-texts';
import { stubApi } from '@/test/catalogue-fixtures';
import { anAccount } from '@/test/accounts';
import { json, renderRoutes } from '@/test/render-app';
import OrderHistoryRoute from './order-history';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The viewer's own time zone, as the browser reports it. */
function viewerIn(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone };
  });
}

const alice = anAccount({ _id: 'student-1', role: 'user', email: 'alice@example.com', firstName: 'Alice', lastName: 'Martin' });
const routes = [{ path: '/order-history', element: <OrderHistoryRoute /> }];

/** A row as the API answers it; a booked session's row carries its start. */
type Row = OrderHistoryItem;

const row = (n: number, fields: Partial<Row> = {}): Row => ({
  chatId: `chat-${n}`,
  orderNumber: 1000 + n,
  orderStatus: 'in_progress',
  orderKind: 'fixed',
  offer: { _id: `offer-${n}`, title: `Offer ${n}`, professor: { firstName: 'Claire', lastName: 'Dubois' } },
  updatedAt: '2026-11-20T10:00:00.000Z',
  paymentAmount: 120,
  total: 120,
  message: `Message ${n}`,
  paymentStatus: 'paid',
  ...fields,
});

describe('the order history', () => {
  it('lists the orders with their prices, free introductions marked, and pages with working arrows', async () => {
    const api = stubApi(({ url }) => {
      if (url.pathname !== '/user/order-history') return undefined;
      if (url.searchParams.get('cursor') === 'page-2') return json(200, { orders: [row(3, { paymentStatus: 'refunded', orderStatus: 'canceled' })] });
      return json(200, {
        orders: [
          row(1),
          row(2, { orderKind: 'intro', paymentAmount: 0, total: 0, paymentStatus: 'free' }),
          row(4, { orderKind: 'hourly', orderStatus: 'scheduled', paymentAmount: 0, total: 90, paymentStatus: 'pending' }),
          row(5, { orderKind: 'hourly', orderStatus: 'open', paymentAmount: 0, total: 0, paymentStatus: 'pending' }),
        ],
        nextCursor: 'page-2',
      });
    });
    renderRoutes(routes, { path: '/order-history', account: alice });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]).getByText('€120.00')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Message 1' })).toHaveAttribute('href', '/messages?chatId=chat-1');
    expect(within(rows[1]).getByText('Free introduction')).toBeInTheDocument();
    // An unpaid order says what it will cost, never €0.00.
    expect(within(rows[2]).getByText('€90.00, not paid yet')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Hours not chosen yet')).toBeInTheDocument();
    expect(table).toHaveAccessibleName('Your orders, latest first');
    // On a phone each row is a card, each value after its column's name.
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual(['Expert', 'Date', 'Price', 'Message', 'Status']);

    const newer = screen.getByRole('button', { name: '← Newer' });
    expect(newer).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older →' }));
    expect(await screen.findByText('Offer 3', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older →' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '← Newer' }));
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(api.called('/user/order-history').map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'page-2', null]);
  });

  it('says in words where each order stands, a session with its date in the viewer’s zone', async () => {
    viewerIn('America/New_York');
    const orders: [Row, string][] = [
      [row(1, { orderKind: 'fixed', orderStatus: 'open', paymentAmount: 0, paymentStatus: 'pending' }), 'Awaiting payment'],
      [row(2, { orderKind: 'hourly', orderStatus: 'open', paymentAmount: 0, total: 0, paymentStatus: 'pending' }), 'Time to be agreed'],
      [row(3, { orderKind: 'hourly', orderStatus: 'scheduled', paymentAmount: 0, total: 90, paymentStatus: 'pending' }), 'Time proposed'],
      [row(4, { orderKind: 'hourly', orderStatus: 'countered', paymentAmount: 0, total: 90, paymentStatus: 'pending' }), 'New time suggested'],
      [row(5, { orderKind: 'hourly', orderStatus: 'confirmed', paymentAmount: 0, total: 90, paymentStatus: 'pending' }), 'Awaiting payment'],
      // Paid, 6 Dec 03:30 in UTC: still 5 Dec in New York.
      [row(6, { orderKind: 'hourly', orderStatus: 'in_progress', scheduledDate: '2026-12-06T03:30:00.000Z' }), 'Session on 5 Dec 2026, 22:30'],
      [
        row(7, {
          orderKind: 'intro',
          orderStatus: 'in_progress',
          paymentAmount: 0,
          total: 0,
          paymentStatus: 'free',
          scheduledDate: '2026-12-07T15:00:00.000Z',
        }),
        'Session on 7 Dec 2026, 10:00',
      ],
      [row(8, { orderKind: 'fixed', orderStatus: 'in_progress' }), 'In progress'],
      [row(9, { orderKind: 'fixed', orderStatus: 'submitted' }), 'Delivered'],
      [row(10, { orderKind: 'fixed', orderStatus: 'revision_requested' }), 'Changes requested'],
      [row(11, { orderKind: 'fixed', orderStatus: 'closed' }), 'Completed'],
      [row(12, { orderKind: 'hourly', orderStatus: 'canceled', paymentAmount: 0, paymentStatus: 'pending' }), 'Cancelled'],
      [row(13, { orderKind: 'fixed', orderStatus: 'canceled', paymentStatus: 'refunded' }), 'Refunded'],
      [row(14, { orderKind: 'hourly', orderStatus: 'refund_pending' }), 'Refund pending'],
      [row(15, { orderKind: 'fixed', orderStatus: 'problem_reported' }), 'Problem reported'],
    ];
    stubApi(({ url }) => (url.pathname === '/user/order-history' ? json(200, { orders: orders.map(([order]) => order) }) : undefined));
    renderRoutes(routes, { path: '/order-history', account: alice });
    const table = await screen.findByRole('table');
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tableRow) => within(tableRow).getAllByRole('cell').at(-1)?.textContent);
    expect(statuses).toEqual(orders.map(([, state]) => state));
  });

  it('dates each order in the product’s one format, in the viewer’s zone', async () => {
    viewerIn('Asia/Kolkata');
    stubApi(({ url }) => (url.pathname === '/user/order-history' ? json(200, { orders: [row(1, { updatedAt: '2026-11-28T21:36:00.000Z' })] }) : undefined));
    renderRoutes(routes, { path: '/order-history', account: alice });
    const [, dated] = within(await screen.findByRole('table')).getAllByRole('row');
    // 21:36 in UTC is 03:06 the next day in India (+05:30).
    expect(within(dated).getByRole('cell', { name: '29 Nov 2026, 03:06' })).toBeInTheDocument();
  });

  it('says when it cannot load, with the spec’s message', async () => {
    stubApi(({ url }) => (url.pathname === '/user/order-history' ? new Response('Bad Gateway', { status: 502 }) : undefined));
    renderRoutes(routes, { path: '/order-history', account: alice });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.orderHistoryFailed);
  });
});
