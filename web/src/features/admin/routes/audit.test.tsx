import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryView } from '@shared/schemas/audit';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import AdminAuditRoute from './audit';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [{ path: '/admin/audit', element: <AdminAuditRoute /> }];

const entry = (n: number, fields: Partial<AuditEntryView> = {}): AuditEntryView => ({
  _id: `a-${n}`,
  at: '2026-11-21T08:30:00.000Z',
  admin: { _id: 'admin-1', email: 'admin@example.com' },
  action: 'user.ban',
  target: { type: 'user', _id: 'u1', label: 'Claire Dubois' },
  clientIp: '203.0.113.7',
  details: { reason: 'Fraud' },
  ...fields,
});

beforeEach(() => vi.stubEnv('TZ', 'Europe/Paris'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('the audit log (admin)', () => {
  it('lists who did what to whom, when and from where, newest first, a page at a time, each target leading to its history', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /admin/audit': () =>
        json(200, { entries: [entry(1), entry(2, { action: 'offer.reject', target: { type: 'offer', _id: 'o9', label: 'Tax audit' } })], nextCursor: 'c2' }),
      'GET /admin/audit?targetId=u1': () => json(200, { entries: [entry(1)] }),
      'GET /admin/audit?cursor=c2': () => json(200, { entries: [entry(3, { action: 'withdrawal.approve', details: undefined })] }),
    });
    renderRoutes(routes, { path: '/admin/audit', account: admin });
    const table = await screen.findByRole('table', { name: 'Admin actions, newest first' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('User banned');
    expect(first).toHaveTextContent('203.0.113.7');
    expect(first).toHaveTextContent('reason: Fraud');
    expect(within(first).getByRole('link', { name: 'History of Claire Dubois' })).toHaveAttribute('href', '/admin/audit?targetId=u1');
    expect(within(first).getByRole('link', { name: 'Actions of admin@example.com' })).toHaveAttribute('href', '/admin/audit?adminId=admin-1');
    expect(second).toHaveTextContent('Offer rejected');

    await user.click(screen.getByRole('button', { name: 'Older →' }));
    expect(await screen.findByRole('cell', { name: 'Withdrawal approved' })).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();

    // A row's target leads to its history, the filter shown.
    await user.click(screen.getByRole('link', { name: 'History of Claire Dubois' }));
    expect(await screen.findByRole('textbox', { name: 'Target id' })).toHaveValue('u1');
    expect(await screen.findByRole('cell', { name: 'User banned' })).toBeInTheDocument();
  });

  it('filters by action, admin and target through the address', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/audit?targetId=u1': () => json(200, { entries: [entry(1)] }),
      'GET /admin/audit?action=user.unban&targetId=u1': () => json(200, { entries: [] }),
    });
    renderRoutes(routes, { path: '/admin/audit?targetId=u1', account: admin });
    expect(await screen.findByText('User banned')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Target id' })).toHaveValue('u1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'User unbanned');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No admin action recorded for these filters.')).toBeInTheDocument();
    expect(api.calls().map((call) => call.path)).toEqual(['/admin/audit?targetId=u1', '/admin/audit?action=user.unban&targetId=u1']);
  });

  it('says Unable to load the audit log when it cannot be read', async () => {
    fakeApi({ 'GET /admin/audit': () => json(500, { msg: 'Internal', code: 'internal' }) });
    renderRoutes(routes, { path: '/admin/audit', account: admin });
    expect((await screen.findAllByText(MSG.auditLoadFailed)).length).toBeGreaterThan(0);
  });
});
