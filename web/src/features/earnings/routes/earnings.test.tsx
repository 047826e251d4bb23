import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Earnings, EarningsOrder, Withdrawal } from '@shared/schemas/earnings';
import { SHELL_MSG } from '@shared/shell-texts';
import { MSG } from '@shared/web-texts';
import { Outlet } from 'react-router-dom';
import { RequireExpertElseHome } from '@/app/guards';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { LiveHeader } from '@/test/live-header';
import { json, renderRoutes } from '@/test/render-app';
import EarningsRoute from './earnings';

const claire = anAccount({ _id: 'expert-1', role: 'professor', email: 'claire@example.com', firstName: 'Claire', lastName: 'Dubois' });
const routes = [{ path: '/earnings', element: <EarningsRoute /> }];

const order = (n: number, fields: Partial<EarningsOrder> = {}): EarningsOrder => ({
  orderNumber: 1000 + n,
  paymentAmount: 100,
  earned: 85,
  chatId: `chat-${n}`,
  isWithdrawn: false,
  creditedAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

const earnings = (fields: Partial<Earnings> = {}): Earnings => ({
  balance: 1234.5,
  pending: 80,
  frozen: 0,
  requested: 50,
  withdrawn: 300.1,
  owed: 0,
  payoutsEnabled: true,
  pendingAvailableOn: '2026-12-03T09:00:00.000Z',
  orders: [order(1), order(2, { isWithdrawn: true, paymentAmount: 60.5, earned: 51.43 })],
  ...fields,
});

const withdrawal = (n: number, fields: Partial<Withdrawal> = {}): Withdrawal => ({
  _id: `w-${n}`,
  amount: 40,
  status: 'pending',
  createdAt: '2026-11-21T08:30:00.000Z',
  ...fields,
});

beforeEach(() => {
  vi.stubEnv('TZ', 'Europe/Paris');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** The figure of a balance card, by its label. */
const card = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div') as HTMLElement;

describe('the financial dashboard (/earnings)', () => {
  it('names the page, its sections and its tables, and shows every balance in euros with two decimals', async () => {
    fakeApi({
      'GET /user/earnings': () => json(200, earnings()),
      'GET /user/withdrawals': () => json(200, { withdrawals: [withdrawal(1)] }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    expect(screen.getByRole('heading', { level: 1, name: 'Financial Dashboard' })).toBeInTheDocument();
    await screen.findByText('Available');
    expect(document.title).toMatch(/^Financial Dashboard/);
    for (const name of ['Balances', 'Orders', 'Withdraw', 'Withdrawals']) expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();

    expect(within(card('Available')).getByText('€1,234.50')).toBeInTheDocument();
    expect(within(card('Pending')).getByText('€80.00')).toBeInTheDocument();
    // When pending funds become available, in the viewer's zone, the zone named.
    expect(card('Pending')).toHaveTextContent('The first of it becomes available on Thu, 3 Dec 2026, 10:00 (Europe/Paris).');
    expect(within(card('Requested')).getByText('€50.00')).toBeInTheDocument();
    expect(within(card('Withdrawn')).getByText('€300.10')).toBeInTheDocument();
    // Frozen and owed only show when there is any.
    expect(screen.queryByText('Frozen')).not.toBeInTheDocument();
    expect(screen.queryByText('Owed')).not.toBeInTheDocument();

    const orders = await screen.findByRole('table', { name: /Your credited orders/ });
    expect(
      within(orders)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order', 'Credited on', 'Student paid', 'You earned', 'Status', 'Conversation']);
    const [first, second] = within(orders).getAllByRole('row').slice(1);
    expect(within(first).getByRole('rowheader')).toHaveTextContent('#1001');
    expect(within(first).getByText('€100.00')).toBeInTheDocument();
    expect(within(first).getByText('€85.00')).toBeInTheDocument();
    expect(within(first).getByText('Not withdrawn yet')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open the conversation of order #1001' })).toHaveAttribute('href', '/messages?chatId=chat-1');
    expect(within(second).getByText('€60.50')).toBeInTheDocument();
    expect(within(second).getByText('€51.43')).toBeInTheDocument();
    expect(within(second).getByText('Withdrawn')).toBeInTheDocument();
    // One page only: no arrows.
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).not.toBeInTheDocument();

    expect(await screen.findByRole('table', { name: 'Your withdrawals, newest first' })).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (€)')).toHaveAccessibleDescription('From €10.00 up to €1,234.50, with at most two decimals.');
  });

  it('reads the figures and the withdrawals again each time its live channel connects again: a change while it was down shows', async () => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    let decided = false;
    fakeApi({
      'GET /chats/unread-count': () => json(200, { count: 0 }),
      'POST /realtime/ticket': () => json(200, { ticket: `ticket-${FakeSocket.made.length + 1}` }),
      'GET /user/earnings': () => json(200, earnings(decided ? { balance: 1194.5, withdrawn: 340.1 } : {})),
      'GET /user/withdrawals': () => json(200, { withdrawals: [withdrawal(1, decided ? { status: 'paid' } : {})] }),
    });
    const live = [
      {
        element: (
          <>
            <LiveHeader />
            <Outlet />
          </>
        ),
        children: routes,
      },
    ];
    renderRoutes(live, { path: '/earnings', account: claire });
    await waitFor(() => expect(FakeSocket.made.at(-1)?.accepted).toBe(false));
    FakeSocket.latest().accept();
    expect(within(card('Available')).getByText('€1,234.50')).toBeInTheDocument();

    // The channel drops; the withdrawal is paid meanwhile, and no socket hears it.
    FakeSocket.latest().drop();
    decided = true;
    await waitFor(() => expect(FakeSocket.made.at(-1)?.accepted).toBe(false), { timeout: 5000 });
    FakeSocket.latest().accept();
    await waitFor(() => expect(within(card('Available')).getByText('€1,194.50')).toBeInTheDocument());
    expect(within(card('Withdrawn')).getByText('€340.10')).toBeInTheDocument();
    expect(await screen.findByText('Paid')).toBeInTheDocument();
  });

  it('shows frozen and owed amounts with what they mean, and says when nothing is pending', async () => {
    fakeApi({
      'GET /user/earnings': () => json(200, earnings({ pending: 0, pendingAvailableOn: undefined, frozen: 42, owed: 12.3 })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [] }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    await screen.findByText('Frozen');
    expect(within(card('Frozen')).getByText('€42.00')).toBeInTheDocument();
    expect(card('Frozen')).toHaveTextContent(/dispute/);
    expect(within(card('Owed')).getByText('€12.30')).toBeInTheDocument();
    expect(card('Owed')).toHaveTextContent('Your next earnings settle it first');
    expect(card('Pending')).toHaveTextContent('Nothing is waiting to be released.');
  });

  it('pages through the orders and the withdrawals with working arrows', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /user/earnings': () => json(200, earnings({ nextCursor: 'orders-2' })),
      'GET /user/earnings?cursor=orders-2': () => json(200, earnings({ orders: [order(3, { isWithdrawn: true })] })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [withdrawal(1)], nextCursor: 'w-2' }),
      'GET /user/withdrawals?cursor=w-2': () => json(200, { withdrawals: [withdrawal(2, { status: 'paid', amount: 75 })] }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    const orderPages = await screen.findByRole('navigation', { name: 'Order pages' });
    expect(within(orderPages).getByRole('button', { name: '← Newer' })).toBeDisabled();
    await user.click(within(orderPages).getByRole('button', { name: 'Older →' }));
    expect(await screen.findByRole('rowheader', { name: '#1003' })).toBeInTheDocument();
    expect(within(orderPages).getByText('Page 2')).toBeInTheDocument();
    expect(within(orderPages).getByRole('button', { name: 'Older →' })).toBeDisabled();
    // The balances stay on screen while the orders page.
    expect(within(card('Available')).getByText('€1,234.50')).toBeInTheDocument();
    await user.click(within(orderPages).getByRole('button', { name: '← Newer' }));
    expect(await screen.findByRole('rowheader', { name: '#1001' })).toBeInTheDocument();

    const withdrawalPages = screen.getByRole('navigation', { name: 'Withdrawal pages' });
    await user.click(within(withdrawalPages).getByRole('button', { name: 'Older →' }));
    const withdrawals = screen.getByRole('table', { name: 'Your withdrawals, newest first' });
    expect(await within(withdrawals).findByText('€75.00')).toBeInTheDocument();
    expect(within(withdrawals).getByText('Paid')).toBeInTheDocument();

    expect(api.calls().map((call) => call.path)).toEqual([
      '/user/earnings',
      '/user/withdrawals',
      '/user/earnings?cursor=orders-2',
      '/user/earnings',
      '/user/withdrawals?cursor=w-2',
    ]);
  });

  it('tells each withdrawal’s status in words, with the reason of a rejection and the cause of a failure', async () => {
    fakeApi({
      'GET /user/earnings': () => json(200, earnings()),
      'GET /user/withdrawals': () =>
        json(200, {
          withdrawals: [
            withdrawal(1, { status: 'pending', amount: 10 }),
            withdrawal(2, { status: 'approved', amount: 20 }),
            withdrawal(3, { status: 'paid', amount: 30 }),
            withdrawal(4, { status: 'rejected', amount: 40, reason: 'Bank details do not match your identity.' }),
            withdrawal(5, { status: 'rejected', amount: 45 }),
            withdrawal(6, { status: 'failed', amount: 50, failureMessage: 'Your bank refused the transfer: the account is closed.' }),
          ],
        }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    const table = await screen.findByRole('table', { name: 'Your withdrawals, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Requested on', 'Amount', 'Status']);
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2].textContent);
    expect(statuses).toEqual([
      'PendingWaiting for an administrator’s approval.',
      'Approved — on its wayThe payout is on its way to your bank account.',
      'Paid',
      'RejectedReason: Bank details do not match your identity.The amount is available to withdraw again.',
      'RejectedThe amount is available to withdraw again.',
      'FailedYour bank refused the transfer: the account is closed.The amount is available to withdraw again.',
    ]);
    expect(within(table).getByText('€40.00')).toBeInTheDocument();
    expect(within(table).getAllByRole('cell')[0]).toHaveTextContent('21 Nov 2026, 09:30');
  });

  it('says there are no orders and no withdrawals yet', async () => {
    fakeApi({
      'GET /user/earnings': () => json(200, earnings({ orders: [], balance: 0, pending: 0, requested: 0, withdrawn: 0, pendingAvailableOn: undefined })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [] }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card('Available')).getByText('€0.00')).toBeInTheDocument();
  });

  it('says when earnings cannot be loaded, in the spec’s words, and tries again on request', async () => {
    const user = userEvent.setup();
    let up = false;
    fakeApi({
      'GET /user/earnings': () => (up ? json(200, earnings()) : json(500, { msg: 'Something broke', code: 'internal' })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [] }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.earningsLoadFailed);
    // Nothing to withdraw from while the balance is unknown.
    expect(screen.queryByLabelText('Amount (€)')).not.toBeInTheDocument();
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('€1,234.50')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when withdrawals cannot be loaded, in the spec’s words', async () => {
    fakeApi({
      'GET /user/earnings': () => json(200, earnings()),
      'GET /user/withdrawals': () => json(502, {}),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.withdrawalsLoadFailed);
    expect(screen.getByRole('table', { name: /Your credited orders/ })).toBeInTheDocument();
  });

  it('checks the amount: a number above 0, in whole cents, up to the available balance', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /user/earnings': () => json(200, earnings({ balance: 120.5 })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [] }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    const amount = await screen.findByLabelText('Amount (€)');
    const submit = screen.getByRole('button', { name: 'Request withdrawal' });

    await user.click(submit);
    expect(await screen.findByText(MSG.validAmount)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(MSG.validAmount));
    for (const typed of ['0', '-5', '10.555']) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(submit);
      expect(await screen.findByText(MSG.validAmount)).toBeInTheDocument();
    }
    await user.clear(amount);
    await user.type(amount, '120.51');
    await user.click(submit);
    expect(await screen.findByText(MSG.withdrawalOverBalance)).toBeInTheDocument();
    expect(api.calls().filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('asks at least €10, unless the whole balance is less', async () => {
    const user = userEvent.setup();
    let balance = 120.5;
    const api = fakeApi({
      'GET /user/earnings': () => json(200, earnings({ balance })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [] }),
      // Its answer is another test's: this one checks what the form lets through.
      'POST /user/withdraw': () => new Promise<Response>(() => undefined),
    });
    const page = renderRoutes(routes, { path: '/earnings', account: claire });
    const amount = await screen.findByLabelText('Amount (€)');
    await user.type(amount, '9.99');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText(MSG.withdrawalUnderMinimum)).toBeInTheDocument();
    expect(api.calls().filter((call) => call.method === 'POST')).toEqual([]);
    page.unmount();

    balance = 4;
    renderRoutes(routes, { path: '/earnings', account: claire });
    // Under the minimum, the hint asks for the whole balance.
    expect(await screen.findByLabelText('Amount (€)')).toHaveAccessibleDescription('Your whole balance, €4.00.');
    await user.type(await screen.findByLabelText('Amount (€)'), '4');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() =>
      expect(
        api
          .calls()
          .filter((call) => call.method === 'POST')
          .map((call) => call.body),
      ).toEqual([{ amount: 4 }]),
    );
  });

  it('requests a withdrawal, says so, and shows the new balances and the request', async () => {
    const user = userEvent.setup();
    let requested = false;
    const api = fakeApi({
      'GET /user/earnings': () => json(200, requested ? earnings({ balance: 70.25, requested: 100.25 }) : earnings({ balance: 120.5 })),
      'GET /user/withdrawals': () => json(200, { withdrawals: requested ? [withdrawal(9, { amount: 50.25 })] : [] }),
      'POST /user/withdraw': () => {
        requested = true;
        return json(201, { msg: MSG.withdrawalSubmitted });
      },
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    await user.type(await screen.findByLabelText('Amount (€)'), '50.25');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText(MSG.withdrawalSubmitted)).toBeInTheDocument();
    expect(api.calls().find((call) => call.method === 'POST')?.body).toEqual({ amount: 50.25 });
    await waitFor(() => expect(within(card('Available')).getByText('€70.25')).toBeInTheDocument());
    expect(within(card('Requested')).getByText('€100.25')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Your withdrawals, newest first' });
    expect(within(table).getByText('€50.25')).toBeInTheDocument();
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (€)')).toHaveValue(null);
  });

  it('shows the server’s reason when a withdrawal is refused, and reloads the balances', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /user/earnings': () => json(200, earnings({ balance: 120.5 })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [] }),
      'POST /user/withdraw': () => json(409, { msg: 'Your available balance changed. Please check it and try again.', code: 'conflict' }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    await user.type(await screen.findByLabelText('Amount (€)'), '100');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Your available balance changed. Please check it and try again.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls().filter((call) => call.path === '/user/earnings')).toHaveLength(2));
  });

  it('says “Withdrawal failed” when the server gives no reason', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /user/earnings': () => json(200, earnings({ balance: 120.5 })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [] }),
      'POST /user/withdraw': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    await user.type(await screen.findByLabelText('Amount (€)'), '100');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText(MSG.withdrawalFailed)).toBeInTheDocument();
  });

  it('disables the form, saying why, when nothing is available', async () => {
    fakeApi({
      'GET /user/earnings': () => json(200, earnings({ balance: 0, pending: 80 })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [] }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    const amount = await screen.findByLabelText('Amount (€)');
    expect(amount).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Request withdrawal' })).toBeDisabled();
    const form = amount.closest('form') as HTMLFormElement;
    expect(form).toHaveAccessibleDescription(
      'Nothing is available to withdraw right now. Your pending earnings can be withdrawn once our payment provider releases them.',
    );
  });

  it('disables the form and leads to the payout account when it cannot be paid out (closed, restricted, not set up)', async () => {
    fakeApi({
      'GET /user/earnings': () => json(200, earnings({ balance: 120, payoutsEnabled: false })),
      'GET /user/withdrawals': () => json(200, { withdrawals: [] }),
    });
    renderRoutes(routes, { path: '/earnings', account: claire });
    const amount = await screen.findByLabelText('Amount (€)');
    expect(amount).toBeDisabled();
    expect((amount.closest('form') as HTMLFormElement).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Your payout account cannot receive payouts right now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check your payout account' })).toHaveAttribute('href', '/create');
  });
});

describe('who reaches /earnings', () => {
  const guarded = [
    { element: <RequireExpertElseHome />, children: [{ path: '/earnings', element: <EarningsRoute /> }] },
    { path: '/auth', element: <p>Sign-in page</p> },
    { path: '/', element: <p>Home page</p> },
  ];

  it('sends a guest to /auth saying they must be logged in', async () => {
    fakeApi({});
    const { router } = renderRoutes(guarded, { path: '/earnings' });
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(await screen.findByText(SHELL_MSG.mustBeLoggedIn)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a student home', async () => {
    const api = fakeApi({});
    renderRoutes(guarded, { path: '/earnings', account: anAccount({ _id: 'student-1', role: 'user', email: 'alice@example.com' }) });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });
});
