import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRow } from '@shared/schemas/admin';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { StepUpProvider } from '@/features/admin/components/step-up';
import AdminUsersRoute from './users';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [
  {
    path: '/admin/users',
    element: (
      <StepUpProvider>
        <AdminUsersRoute />
      </StepUpProvider>
    ),
  },
];

const row = (n: number, fields: Partial<AdminUserRow> = {}): AdminUserRow => ({
  _id: `u-${n}`,
  firstName: 'Sam',
  lastName: `Student${n}`,
  email: `sam${n}@example.com`,
  role: 'user',
  status: 'active',
  isBanned: false,
  isDeleted: false,
  mustChangePassword: false,
  createdAt: '2026-11-21T08:30:00.000Z',
  ...fields,
});
const claire = row(2, { firstName: 'Claire', lastName: 'Dubois', email: 'claire@example.com', role: 'professor', isVerified: false });

beforeEach(() => {
  vi.stubEnv('TZ', 'Europe/Paris');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** A toast's container loads on the first toast: on a busy machine, more than findBy's second. */
const TOAST = { timeout: 5000 };

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('users (admin)', () => {
  it('lists each member with role, status and date; experts can be verified, students cannot', async () => {
    fakeApi({
      'GET /admin/users': () => json(200, { users: [row(1, { isBanned: true, mustChangePassword: true }), claire] }),
    });
    renderRoutes(routes, { path: '/admin/users', account: admin });
    const table = await screen.findByRole('table', { name: 'Users, newest first' });
    expect(document.title).toMatch(/^Users/);
    const rows = bodyRows(table);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Sam Student1sam1@example.com');
    expect(within(rows[0]).getAllByRole('cell')[1]).toHaveTextContent('BannedHas not chosen a password yet');
    expect(within(rows[0]).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getAllByRole('cell')[0]).toHaveTextContent('Expert');
    expect(within(rows[1]).getByRole('button', { name: 'Verify Claire Dubois' })).toBeEnabled();
    expect(within(rows[1]).getByText('21 Nov 2026, 09:30')).toBeInTheDocument();
  });

  it('searches and filters through the address, each search its own list', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/users': () => json(200, { users: [row(1), claire] }),
      'GET /admin/users?q=claire&role=professor&banned=false': () => json(200, { users: [claire] }),
    });
    const { router } = renderRoutes(routes, { path: '/admin/users', account: admin });
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Name or e-mail' }), ' claire ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'professor');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Banned' }), 'false');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('rowheader', { name: /Claire Dubois/ })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /Sam Student1/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=claire&role=professor&banned=false');
    expect(api.calls().map((call) => call.path)).toEqual(['/admin/users', '/admin/users?q=claire&role=professor&banned=false']);
  });

  it('says when nothing matches the search', async () => {
    fakeApi({ 'GET /admin/users?q=nobody': () => json(200, { users: [] }) });
    renderRoutes(routes, { path: '/admin/users?q=nobody', account: admin });
    expect(await screen.findByText('No user matches this search.')).toBeInTheDocument();
  });

  it('verifies an expert with a note of what was checked, and asks for the note first', async () => {
    const user = userEvent.setup();
    let verified = false;
    const api = fakeApi({
      'GET /admin/users': () => json(200, { users: [{ ...claire, isVerified: verified }] }),
      'POST /admin/users/u-2/verify': () => {
        verified = true;
        return json(200, { msg: MSG.expertVerified, user: { ...claire, isVerified: true } });
      },
    });
    renderRoutes(routes, { path: '/admin/users', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Verify Claire Dubois' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify Claire Dubois?' });
    const note = within(dialog).getByLabelText('What did you check?');
    expect(note).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByText(MSG.verifyNoteRequired)).toBeInTheDocument();
    expect(api.calls().filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(note, 'Checked her PhD diploma.');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MSG.expertVerified, {}, TOAST)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unverify Claire Dubois' })).toBeInTheDocument();
    expect(api.calls().find((call) => call.method === 'POST')?.body).toEqual({ note: 'Checked her PhD diploma.' });
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toHaveFocus();
  });

  it('edits only what changed, and shows a refusal of the server', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/users': () => json(200, { users: [claire] }),
      'PATCH /admin/update-user/u-2': () => json(409, { msg: MSG.memberHasOffers, code: 'role_change_refused' }),
    });
    renderRoutes(routes, { path: '/admin/users', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit Claire Dubois' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Claire Dubois' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(MSG.noChanges)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'user');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.memberHasOffers, {}, TOAST)).toBeInTheDocument();
    expect(api.calls().find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'user' });
  });

  it('deletes after confirming, and restores from the Archived tab', async () => {
    const user = userEvent.setup();
    let archived = false;
    const api = fakeApi({
      'GET /admin/users': () => json(200, { users: archived ? [] : [row(1)] }),
      'GET /admin/archived-users': () => json(200, { users: archived ? [row(1, { isDeleted: true })] : [] }),
      'DELETE /admin/users/u-1': () => {
        archived = true;
        return json(200, { msg: MSG.memberArchived });
      },
      'POST /admin/restore-user/u-1': () => {
        archived = false;
        return json(200, { msg: MSG.memberRestored });
      },
    });
    renderRoutes(routes, { path: '/admin/users', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Delete Sam Student1' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleName(/^Delete Sam Student1 \(sam1@example.com\)\? They are signed out at once/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.memberArchived, {}, TOAST)).toBeInTheDocument();
    expect(await screen.findByText('No users yet')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Archived' }));
    expect(screen.getByRole('link', { name: 'Archived' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('combobox', { name: 'Banned' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Restore Sam Student1' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(MSG.memberRestored, {}, TOAST)).toBeInTheDocument();
    expect(await screen.findByText('No archived users.')).toBeInTheDocument();
    expect(api.calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /admin/users',
      'DELETE /admin/users/u-1',
      'GET /admin/users',
      'GET /admin/archived-users',
      'POST /admin/restore-user/u-1',
      'GET /admin/archived-users',
    ]);
  });

  it('shows a member’s orders, a paid one leading to its payment', async () => {
    const user = userEvent.setup();
    const order = (n: number, fields: Record<string, unknown>) => ({
      chatId: `c-${n}`,
      orderNumber: 1000 + n,
      orderStatus: 'closed',
      orderKind: 'fixed',
      offer: { _id: `o-${n}`, title: 'CV review', professor: { firstName: 'Claire', lastName: 'Dubois' } },
      updatedAt: '2026-11-21T08:30:00.000Z',
      paymentAmount: 60,
      message: 'Thanks!',
      paymentStatus: 'paid',
      ...fields,
    });
    fakeApi({
      'GET /admin/users': () => json(200, { users: [row(1)] }),
      'GET /admin/users/u-1/orders': () => json(200, { orders: [order(1, {}), order(2, { orderStatus: 'open', paymentStatus: 'pending', paymentAmount: 0 })] }),
    });
    renderRoutes(routes, { path: '/admin/users', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Orders of Sam Student1' }));
    const dialog = screen.getByRole('dialog', { name: 'Orders of Sam Student1' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Order #1001 CV review with Claire DuboisCompleted · Paid €60.00 · 21 Nov 2026, 09:30',
      'Order #1002 CV review with Claire DuboisOpen · Not paid · 21 Nov 2026, 09:30',
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Order #1001' })).toHaveAttribute('href', '/admin/payments?orderNumber=1001');
    expect(within(items[1]).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
