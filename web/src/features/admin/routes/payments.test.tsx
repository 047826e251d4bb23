import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment } from '@shared/schemas/admin-views';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import AdminPaymentsRoute from './payments';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [{ path: '/admin/payments', element: <AdminPaymentsRoute /> }];

const payment = (n: number, fields: Partial<AdminPayment> = {}): AdminPayment => ({
  chatId: `c-${n}`,
  orderNumber: 100 + n,
  offerTitle: 'Pitch deck review',
  student: { _id: 's1', firstName: 'Alice', lastName: 'Martin' },
  professor: { _id: 'e1', firstName: 'Claire', lastName: 'Dubois' },
  status: 'closed',
  paymentAmount: 60,
  chargeId: `ch_${n}`,
  paidAt: '2026-11-21T08:30:00.000Z',
  ...fields,
});

/** The reconciliation panel's answer when a test is about the list. */
const checked = { 'GET /admin/reconciliation': () => json(200, { checkedAt: '2026-11-21T07:00:00.000Z', entriesChecked: 40, differences: [] }) };

beforeEach(() => {
  vi.stubEnv('TZ', 'Europe/Paris');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('payments (admin)', () => {
  it('lists each paid order’s charge, fee, refund, transfer, reversal and dispute in words, under the exposure', async () => {
    fakeApi({
      ...checked,
      'GET /admin/payments': () =>
        json(200, {
          exposure: 12.5,
          payments: [
            payment(1, { platformFee: 6, transfer: { status: 'settled', amount: 54, transferId: 'tr_1' } }),
            payment(2, {
              status: 'canceled',
              chargeId: undefined,
              refund: { amount: 30, refundId: 're_2' },
              transfer: { status: 'due', amount: 27 },
              platformFee: 3,
            }),
            payment(3, {
              platformFee: 6,
              transfer: { status: 'sent', amount: 54, transferId: 'tr_3' },
              reversal: { status: 'failed', amount: 12.5, reason: 'dispute' },
              dispute: {
                disputeId: 'dp_3',
                status: 'lost',
                amount: 60,
                fee: 15,
                frozen: 41.5,
                debt: 12.5,
                openedAt: '2026-11-22T09:00:00.000Z',
                closedAt: '2026-11-30T09:00:00.000Z',
              },
            }),
          ],
        }),
    });
    renderRoutes(routes, { path: '/admin/payments', account: admin });
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    expect(document.title).toMatch(/^Payments/);
    expect(screen.getByRole('term')).toHaveTextContent('Exposure');
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent('€12.50');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order', 'Paid', 'Charge', 'Fee', 'Refund', 'Transfer', 'Reversal', 'Dispute']);
    const [first, second, third] = bodyRows(table);
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Order #101Pitch deck reviewAlice Martin to Claire DuboisCompleted');
    expect(cellsOf(first)).toEqual(['€60.0021 Nov 2026, 09:30', 'ch_1', '€6.00', 'None', 'Settled — available to the expert€54.00tr_1', 'None', 'None']);
    expect(within(second).getByRole('rowheader')).toHaveTextContent('Cancelled');
    expect(cellsOf(second)).toEqual(['€60.0021 Nov 2026, 09:30', 'Not recorded', '€3.00', '€30.00re_2', 'Due — not sent yet€27.00', 'None', 'None']);
    expect(cellsOf(third).slice(4)).toEqual([
      'Sent — pending at Stripe€54.00tr_3',
      'Failed — owed by the expert€12.50 after a dispute',
      'Lost€60.00 disputed, €15.00 fee€12.50 owed by the expertOpened 22 Nov 2026, 10:00, closed 30 Nov 2026, 10:00dp_3',
    ]);
  });

  it('finds the order of a number, in the address too, says when none has it, and shows all again', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      ...checked,
      'GET /admin/payments': () => json(200, { exposure: 0, payments: [payment(1), payment(2)] }),
      'GET /admin/payments?orderNumber=102': () => json(200, { exposure: 0, payments: [payment(2)] }),
      'GET /admin/payments?orderNumber=999': () => json(404, { msg: MSG.paymentNotFound, code: 'order_not_found' }),
    });
    const { router } = renderRoutes(routes, { path: '/admin/payments', account: admin });
    await screen.findByRole('table', { name: 'Payments, newest first' });
    const field = screen.getByRole('textbox', { name: 'Order number' });
    const search = field.closest('search') as HTMLElement;
    expect(search).toHaveAttribute('aria-label', 'Payments');

    await user.type(field, 'abc');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(within(search).getByRole('alert')).toHaveTextContent(MSG.invalidOrderNumber);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(MSG.invalidOrderNumber);

    await user.clear(field);
    await user.type(field, '#102{Enter}');
    const one = await screen.findByRole('table', { name: 'Payment of order #102' });
    expect(bodyRows(one)).toHaveLength(1);
    expect(router.state.location.search).toBe('?orderNumber=102');
    expect(field).not.toHaveAttribute('aria-invalid');

    await user.clear(field);
    await user.type(field, '999{Enter}');
    expect(await screen.findByText(`${MSG.paymentNotFound} (#999)`)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(within(search).getByRole('button', { name: 'Show all payments' }));
    expect(await screen.findByRole('table', { name: 'Payments, newest first' })).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(
      api
        .calls()
        .map((call) => call.path)
        .filter((path) => path.startsWith('/admin/payments')),
    ).toEqual(['/admin/payments', '/admin/payments?orderNumber=102', '/admin/payments?orderNumber=999', '/admin/payments']);
  });

  it('pages with working arrows', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...checked,
      'GET /admin/payments': () => json(200, { exposure: 0, payments: [payment(1)], nextCursor: 'next-2' }),
      'GET /admin/payments?cursor=next-2': () => json(200, { exposure: 0, payments: [payment(2, { paymentAmount: 75 })] }),
    });
    renderRoutes(routes, { path: '/admin/payments', account: admin });
    const pages = await screen.findByRole('navigation', { name: 'Payment pages' });
    await user.click(within(pages).getByRole('button', { name: 'Older →' }));
    expect(await screen.findByText('€75.00')).toBeInTheDocument();
    expect(within(pages).getByText('Page 2')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: '← Newer' }));
    expect(await screen.findByRole('rowheader', { name: /Order #101/ })).toBeInTheDocument();
  });

  it('says when there are no payments, and when they cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi({
      ...checked,
      'GET /admin/payments': () => (fail ? json(500, { msg: 'Internal', code: 'internal' }) : json(200, { exposure: 0, payments: [] })),
    });
    renderRoutes(routes, { path: '/admin/payments', account: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.paymentsLoadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });

  it('shows the reconciliation’s differences, and checks again on demand', async () => {
    const user = userEvent.setup();
    let runs = 0;
    const api = fakeApi({
      'GET /admin/payments': () => json(200, { exposure: 0, payments: [] }),
      'GET /admin/reconciliation': () =>
        json(200, {
          checkedAt: '2026-11-21T07:00:00.000Z',
          entriesChecked: 40,
          differences: [{ account: 'connected:e1', ledger: 54, provider: 50, difference: 4 }],
        }),
      'POST /admin/reconciliation': () => {
        runs += 1;
        return runs === 1
          ? json(200, { checkedAt: '2026-11-21T08:00:00.000Z', entriesChecked: 41, differences: [] })
          : json(503, { msg: 'Stripe did not answer. Please try again.', code: 'payments_unavailable' });
      },
    });
    renderRoutes(routes, { path: '/admin/payments', account: admin });
    const panel = await screen.findByRole('region', { name: 'Reconciliation' });
    expect(await within(panel).findByText('Last checked 21 Nov 2026, 08:00: 40 ledger entries compared with Stripe, 1 difference.')).toBeInTheDocument();
    const table = within(panel).getByRole('table', { name: 'Differences between the ledger and Stripe' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Account', 'Ledger', 'Stripe', 'Difference']);
    expect(cellsOf(bodyRows(table)[0])).toEqual(['€54.00', '€50.00', '€4.00']);
    expect(within(table).getByRole('rowheader')).toHaveTextContent('connected:e1');

    await user.click(within(panel).getByRole('button', { name: 'Check now' }));
    expect(await within(panel).findByText('Last checked 21 Nov 2026, 09:00: 41 ledger entries compared with Stripe, no differences.')).toBeInTheDocument();
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    expect(api.calls().filter((call) => call.method === 'POST')).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Stripe did not answer. Please try again.')).toBeInTheDocument();
    // The last result stays on screen.
    expect(within(panel).getByText(/41 ledger entries/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Check now' })).toBeEnabled();
  });

  it('says when the reconciliation cannot be loaded, and loads it again', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi({
      'GET /admin/payments': () => json(200, { exposure: 0, payments: [] }),
      'GET /admin/reconciliation': () => (fail ? json(503, { msg: MSG.unavailable, code: 'unavailable' }) : json(200, { entriesChecked: 0, differences: [] })),
    });
    renderRoutes(routes, { path: '/admin/payments', account: admin });
    const panel = await screen.findByRole('region', { name: 'Reconciliation' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(MSG.reconciliationLoadFailed);
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Not checked yet.')).toBeInTheDocument();
  });
});
