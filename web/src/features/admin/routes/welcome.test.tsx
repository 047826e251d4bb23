import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccount } from '@/test/accounts';
import { offer } from '@/test/catalogue-fixtures';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import AdminWelcomeRoute from './welcome';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin' });
const routes = [{ path: '/admin', element: <AdminWelcomeRoute /> }];
const withdrawal = (n: number) => ({ _id: `w${n}`, amount: 10, status: 'pending', createdAt: '2026-11-20T10:00:00.000Z' });

afterEach(() => vi.unstubAllGlobals());

const tiles = async () => {
  const list = screen.getAllByRole('list')[0];
  // Every count has arrived.
  await vi.waitFor(() => expect(within(list).queryByText('…')).toBeNull());
  return within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

describe('the admin’s home', () => {
  it('counts what waits, each linking to its page', async () => {
    fakeApi({
      'GET /admin/offers/pending': () => json(200, [offer(1), offer(2), offer(3)]),
      'GET /admin/withdrawals?status=pending': () => json(200, { withdrawals: [withdrawal(1), withdrawal(2)], nextCursor: 'more' }),
      'GET /admin/problems': () => json(200, []),
      'GET /admin/reports?status=open': () => json(200, { cases: [{ _id: 'case-1' }, { _id: 'case-2' }, { _id: 'case-3' }, { _id: 'case-4' }] }),
      'GET /admin/reconciliation': () =>
        json(200, {
          checkedAt: '2026-11-21T07:00:00.000Z',
          entriesChecked: 40,
          differences: [{ account: 'platform', ledger: 1, provider: 2, difference: -1 }],
        }),
    });
    renderRoutes(routes, { path: '/admin', account: admin });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Ada');
    expect(await tiles()).toEqual([
      ['3 Offers to moderate', '/admin/offers'],
      ['2+ Withdrawals to decide', '/admin/withdraw'],
      ['0 Reported orders', '/admin/problems'],
      ['4 Reports of content', '/admin/reports'],
      ['1 Reconciliation differences', '/admin/payments'],
      ['Platform statistics', '/admin/stats'],
    ]);
  });

  it('says which figure could not be loaded, and shows the others', async () => {
    fakeApi({
      'GET /admin/offers/pending': () => json(500, { msg: 'Internal error', code: 'internal' }),
      'GET /admin/withdrawals?status=pending': () => json(200, { withdrawals: [] }),
      'GET /admin/problems': () => json(200, []),
      'GET /admin/reports?status=open': () => json(200, { cases: [] }),
      'GET /admin/reconciliation': () => json(200, { entriesChecked: 0, differences: [] }),
    });
    renderRoutes(routes, { path: '/admin', account: admin });
    expect((await tiles()).map(([text]) => text)).toEqual([
      'Could not be loaded Offers to moderate',
      '0 Withdrawals to decide',
      '0 Reported orders',
      '0 Reports of content',
      'Not checked yet Reconciliation differences',
      'Platform statistics',
    ]);
  });
});
