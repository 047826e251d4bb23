import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistoryItem } from '@shared/schemas/earnings';
import { MSG } from '@shared/texts';
import { stubApi } from '@/test/catalogue-fixtures';
import { anAccount } from '@/test/accounts';
import { json, renderRoutes } from '@/test/render-app';
import OrderHistoryRoute from './order-history';

afterEach(() => vi.unstubAllGlobals());

const alice = anAccount({ _id: 'student-1', role: 'user', email: 'alice@example.com', firstName: 'Alice', lastName: 'Martin' });
const routes = [{ path: '/order-history', element: <OrderHistoryRoute /> }];

const row = (n: number, fields: Partial<OrderHistoryItem> = {}): OrderHistoryItem => ({
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
  it('lists the orders with their badges, free introductions marked, and pages with working arrows', async () => {
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
    expect(within(rows[0]).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Message 1' })).toHaveAttribute('href', '/messages?chatId=chat-1');
    expect(within(rows[1]).getByText('Free introduction')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Free')).toBeInTheDocument();
    // An unpaid order says what it will cost, never €0.00.
    expect(within(rows[2]).getByText('€90.00, not paid yet')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Hours not chosen yet')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your orders, latest first' })).toContainElement(table);

    const newer = screen.getByRole('button', { name: '← Newer' });
    expect(newer).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older →' }));
    expect(await screen.findByText('Refunded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older →' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '← Newer' }));
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(api.called('/user/order-history').map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'page-2', null]);
  });

  it('says when it cannot load, with the spec’s message', async () => {
    stubApi(({ url }) => (url.pathname === '/user/order-history' ? new Response('Bad Gateway', { status: 502 }) : undefined));
    renderRoutes(routes, { path: '/order-history', account: alice });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.orderHistoryFailed);
  });
});
