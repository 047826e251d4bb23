import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminWithdrawal } from '@shared/schemas/earnings';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { notify } from '@/lib/toast';
import { StepUpProvider } from '@/features/admin/components/step-up';
import AdminWithdrawalsRoute from './withdrawals';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [
  {
    path: '/admin/withdraw',
    element: (
      <StepUpProvider>
        <AdminWithdrawalsRoute />
      </StepUpProvider>
    ),
  },
];

const claire = { _id: 'e1', firstName: 'Claire', lastName: 'Dubois', email: 'claire@example.com' };
const omar = { _id: 'e2', firstName: 'Omar', lastName: 'Haddad', email: 'omar@example.com' };

const withdrawal = (n: number, fields: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  _id: `w-${n}`,
  amount: 120.5,
  status: 'pending',
  createdAt: '2026-11-21T08:30:00.000Z',
  professor: claire,
  ...fields,
});

beforeEach(() => {
  vi.stubEnv('TZ', 'Europe/Paris');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('withdrawals (admin)', () => {
  it('lists each request with the expert, the amount in euros, the date and the status in words; only pending ones have actions', async () => {
    fakeApi({
      'GET /admin/withdrawals': () =>
        json(200, {
          withdrawals: [
            withdrawal(1),
            withdrawal(2, { status: 'approved', amount: 20, professor: omar }),
            withdrawal(3, { status: 'paid', amount: 30 }),
            withdrawal(4, { status: 'rejected', amount: 40, reason: 'Identity not verified.' }),
            withdrawal(5, { status: 'failed', amount: 50, failureMessage: 'The bank account is closed.' }),
          ],
        }),
    });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'All withdrawals, newest first' });
    expect(document.title).toMatch(/^Withdrawals/);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Expert', 'Amount', 'Requested on', 'Status', 'Actions']);
    const rows = bodyRows(table);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Claire Duboisclaire@example.com');
    expect(within(rows[0]).getByText('€120.50')).toBeInTheDocument();
    expect(within(rows[0]).getByText('21 Nov 2026, 09:30')).toBeInTheDocument();
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual([
      'Pending',
      'Approved — payout on its way',
      'Paid',
      'RejectedReason: Identity not verified.',
      'FailedThe bank account is closed.',
    ]);
    expect(within(rows[0]).getByRole('button', { name: 'Approve €120.50 for Claire Dubois' })).toBeEnabled();
    expect(within(rows[0]).getByRole('button', { name: 'Reject €120.50 for Claire Dubois' })).toBeEnabled();
    for (const row of rows.slice(1)) expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves after confirming, says so and reloads the list', async () => {
    const user = userEvent.setup();
    let decided = false;
    const api = fakeApi({
      'GET /admin/withdrawals': () => json(200, { withdrawals: [withdrawal(1, decided ? { status: 'approved' } : {})] }),
      'POST /admin/withdrawals/w-1/approve': () => {
        decided = true;
        return json(200, { msg: 'Withdrawal approved' });
      },
    });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Approve €120.50 for Claire Dubois' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleName('Approve the withdrawal of €120.50 by Claire Dubois (claire@example.com)? The payout is sent to their bank account.');
    // Nothing is sent before the confirmation.
    expect(api.calls().filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Withdrawal approved')).toBeInTheDocument();
    expect(await screen.findByText('Approved — payout on its way')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawals' })).toHaveFocus();
    expect(api.calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /admin/withdrawals',
      'POST /admin/withdrawals/w-1/approve',
      'GET /admin/withdrawals',
    ]);
  });

  it('sends nothing when the admin cancels', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /admin/withdrawals': () => json(200, { withdrawals: [withdrawal(1)] }) });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    const approve = await screen.findByRole('button', { name: 'Approve €120.50 for Claire Dubois' });
    await user.click(approve);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(approve).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Reject €120.50 for Claire Dubois' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls().filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('rejects with the reason the admin gives, after confirming', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/withdrawals': () => json(200, { withdrawals: [withdrawal(1)] }),
      'POST /admin/withdrawals/w-1/reject': () => json(200, { msg: '' }),
    });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Reject €120.50 for Claire Dubois' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the withdrawal of €120.50 by Claire Dubois?' });
    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxLength', '500');
    expect(reason).toHaveAccessibleDescription('Up to 500 characters. The expert reads it with the withdrawal.');
    await user.type(reason, '  Identity not verified.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    // Without a message from the server, the page's own.
    expect(await screen.findByText(MSG.withdrawalRejectedDone)).toBeInTheDocument();
    expect(api.calls().find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Identity not verified.' });
  });

  it('rejects without a reason', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/withdrawals': () => json(200, { withdrawals: [withdrawal(1)] }),
      'POST /admin/withdrawals/w-1/reject': () => json(200, { msg: 'Withdrawal rejected' }),
    });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Reject €120.50 for Claire Dubois' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Withdrawal rejected')).toBeInTheDocument();
    expect(api.calls().find((call) => call.method === 'POST')?.body).toEqual({});
  });

  it('shows the message of a 409 (decided meanwhile) and loads the list again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    fakeApi({
      'GET /admin/withdrawals': () => {
        calls += 1;
        return json(200, { withdrawals: [withdrawal(1, calls > 1 ? { status: 'paid' } : {})] });
      },
      'POST /admin/withdrawals/w-1/approve': () => json(409, { msg: 'This withdrawal has already been decided.', code: 'already_decided' }),
    });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Approve €120.50 for Claire Dubois' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This withdrawal has already been decided.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'All withdrawals, newest first' });
    expect(await within(table).findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('says when a decision fails otherwise, keeping the list', async () => {
    const user = userEvent.setup();
    let calls = 0;
    fakeApi({
      'GET /admin/withdrawals': () => {
        calls += 1;
        return json(200, { withdrawals: [withdrawal(1)] });
      },
      'POST /admin/withdrawals/w-1/approve': () => json(502, {}),
    });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Approve €120.50 for Claire Dubois' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(MSG.withdrawalDecisionFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve €120.50 for Claire Dubois' })).toBeEnabled());
    expect(calls).toBe(1);
  });

  it('asks for the authenticator code when the approval needs one, keeps asking after a wrong code, and approves with the right one', async () => {
    const user = userEvent.setup();
    let decided = false;
    const api = fakeApi({
      'GET /admin/withdrawals': () => json(200, { withdrawals: [withdrawal(1, decided ? { status: 'approved' } : {})] }),
      'POST /admin/withdrawals/w-1/approve': ({ body }) => {
        const code = (body as { code?: string } | undefined)?.code;
        if (code === undefined) return json(403, { msg: MSG.stepUpRequired, code: 'step_up_required' });
        if (code !== '123456') return json(403, { msg: MSG.secondFactorCodeWrong, code: 'second_factor_wrong' });
        decided = true;
        return json(200, { msg: 'Withdrawal approved' });
      },
    });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Approve €120.50 for Claire Dubois' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }));

    const dialog = await screen.findByRole('dialog', { name: MSG.stepUpRequired });
    const field = within(dialog).getByLabelText('Authentication code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAccessibleDescription('The 6-digit code of your authenticator app.');
    // The refusal that asks for the code is no failure of the decision.
    expect(screen.queryByText(MSG.withdrawalDecisionFailed)).not.toBeInTheDocument();

    await user.type(field, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.secondFactorCodeWrong);
    expect(screen.getByRole('dialog', { name: MSG.stepUpRequired })).toBe(dialog);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();

    await user.type(field, '123456{Enter}');
    expect(await screen.findByText('Withdrawal approved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Approved — payout on its way')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawals' })).toHaveFocus();
    expect(screen.queryByText(MSG.withdrawalDecisionFailed)).not.toBeInTheDocument();
    expect(api.calls().map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([
      ['GET /admin/withdrawals', undefined],
      ['POST /admin/withdrawals/w-1/approve', undefined],
      ['POST /admin/withdrawals/w-1/approve', { code: '654321' }],
      ['POST /admin/withdrawals/w-1/approve', { code: '123456' }],
      ['GET /admin/withdrawals', undefined],
    ]);
  });

  it('approves nothing and says nothing when the admin cancels the code, by its button or Escape', async () => {
    const user = userEvent.setup();
    let lists = 0;
    const api = fakeApi({
      'GET /admin/withdrawals': () => {
        lists += 1;
        return json(200, { withdrawals: [withdrawal(1)] });
      },
      'POST /admin/withdrawals/w-1/approve': () => json(403, { msg: MSG.stepUpRequired, code: 'step_up_required' }),
    });
    const toasts = [vi.spyOn(notify, 'error'), vi.spyOn(notify, 'success')];
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    const approve = await screen.findByRole('button', { name: 'Approve €120.50 for Claire Dubois' });
    await user.click(approve);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.stepUpRequired });
    await user.type(within(dialog).getByLabelText('Authentication code'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(approve).toBeEnabled());

    await user.click(approve);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    await screen.findByRole('dialog', { name: MSG.stepUpRequired });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(approve).toBeEnabled());

    // Only the two tries that asked for the code: no code sent, no toast, the list as it was.
    expect(
      api
        .calls()
        .filter((call) => call.method === 'POST')
        .map((call) => call.body),
    ).toEqual([undefined, undefined]);
    for (const toast of toasts) expect(toast).not.toHaveBeenCalled();
    expect(lists).toBe(1);
  });

  it('asks for a code before sending it, and leaves another failure after the code to the page', async () => {
    const user = userEvent.setup();
    let lists = 0;
    const api = fakeApi({
      'GET /admin/withdrawals': () => {
        lists += 1;
        return json(200, { withdrawals: [withdrawal(1, lists > 1 ? { status: 'paid' } : {})] });
      },
      'POST /admin/withdrawals/w-1/approve': ({ body }) =>
        body === undefined
          ? json(403, { msg: MSG.stepUpRequired, code: 'step_up_required' })
          : json(409, { msg: 'This withdrawal has already been decided.', code: 'already_decided' }),
    });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Approve €120.50 for Claire Dubois' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.stepUpRequired });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.adminCodeRequired);
    expect(api.calls().filter((call) => call.method === 'POST')).toHaveLength(1);

    await user.type(within(dialog).getByLabelText('Authentication code'), ' 123456 {Enter}');
    expect(await screen.findByText('This withdrawal has already been decided.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'All withdrawals, newest first' });
    expect(await within(table).findByText('Paid')).toBeInTheDocument();
    expect(
      api
        .calls()
        .filter((call) => call.method === 'POST')
        .map((call) => call.body),
    ).toEqual([undefined, { code: '123456' }]);
  });

  it('filters by status, in the address too, and pages with working arrows', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/withdrawals': () => json(200, { withdrawals: [withdrawal(1)], nextCursor: 'all-2' }),
      'GET /admin/withdrawals?cursor=all-2': () => json(200, { withdrawals: [withdrawal(2, { status: 'paid', amount: 75, professor: omar })] }),
      'GET /admin/withdrawals?status=failed': () => json(200, { withdrawals: [] }),
      'GET /admin/withdrawals?status=pending': () => json(200, { withdrawals: [withdrawal(1)] }),
    });
    const { router } = renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Pending', 'Approved', 'Paid', 'Rejected', 'Failed']);
    expect(filter).toHaveValue('');

    const pages = await screen.findByRole('navigation', { name: 'Withdrawal pages' });
    expect(within(pages).getByRole('button', { name: '← Newer' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Older →' }));
    expect(await screen.findByText('€75.00')).toBeInTheDocument();
    expect(within(pages).getByText('Page 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Older →' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: '← Newer' }));
    expect(await screen.findByText('€120.50')).toBeInTheDocument();

    await user.selectOptions(filter, 'Failed');
    expect(await screen.findByText('No failed withdrawals.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=failed');
    await user.selectOptions(filter, 'Pending');
    expect(await screen.findByRole('table', { name: 'Pending withdrawals, newest first' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Withdrawal pages' })).not.toBeInTheDocument();
    expect(api.calls().map((call) => call.path)).toEqual([
      '/admin/withdrawals',
      '/admin/withdrawals?cursor=all-2',
      '/admin/withdrawals',
      '/admin/withdrawals?status=failed',
      '/admin/withdrawals?status=pending',
    ]);
  });

  it('opens on the status of its address', async () => {
    const api = fakeApi({ 'GET /admin/withdrawals?status=pending': () => json(200, { withdrawals: [] }) });
    renderRoutes(routes, { path: '/admin/withdraw?status=pending', account: admin });
    expect(await screen.findByText('No pending withdrawals.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(api.calls().map((call) => call.path)).toEqual(['/admin/withdrawals?status=pending']);
  });

  it('says when there are no withdrawals, and when they cannot be loaded', async () => {
    const user = userEvent.setup();
    let up = false;
    fakeApi({ 'GET /admin/withdrawals': () => (up ? json(200, { withdrawals: [] }) : json(500, { msg: 'down', code: 'internal' })) });
    renderRoutes(routes, { path: '/admin/withdraw', account: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.withdrawalsLoadFailed);
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
