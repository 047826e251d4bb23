import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportedOrder } from '@shared/schemas/orders';
import { MSG } from '@shared/texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import AdminProblemsRoute, { loader } from './problems';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [{ path: '/admin/problems', loader, Component: AdminProblemsRoute, HydrateFallback: () => null }];

const report: ReportedOrder = {
  chatId: 'chat-7',
  orderNumber: 1207,
  offerTitle: 'Thesis feedback',
  orderKind: 'fixed',
  student: { _id: 's1', firstName: 'Alice', lastName: 'Martin' },
  professor: { _id: 'e1', firstName: 'Lena', lastName: 'Lifecycle' },
  paymentAmount: 60,
  reportedBy: 'user',
  reason: 'The work is not what we agreed.',
  reportedAt: '2026-11-20T10:00:00.000Z',
  hasProjectFile: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('reported orders (admin)', () => {
  it('shows what the admin decides on, and refunds the share they choose after confirming', async () => {
    const user = userEvent.setup();
    let reports = [report];
    const api = fakeApi({
      'GET /admin/problems': () => json(200, reports),
      'POST /admin/problems/chat-7/resolve': () => {
        reports = [];
        return json(200, { msg: MSG.problemRefunded });
      },
    });
    renderRoutes(routes, { path: '/admin/problems', account: admin });
    const card = await screen.findByRole('listitem');
    for (const text of [
      'Order #1207: Thesis feedback',
      'Alice Martin paid €60.00 to Lena Lifecycle',
      'A project file was delivered',
      'The work is not what we agreed.',
      'Reported by Alice Martin \\(student\\)',
    ])
      expect(within(card).getByText(new RegExp(text))).toBeInTheDocument();
    const share = within(card).getByLabelText('Refund share (%)');
    await user.clear(share);
    await user.type(share, '0');
    expect(within(card).getByRole('button', { name: 'Refund' })).toBeDisabled();
    await user.clear(share);
    await user.type(share, '25');
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Refund 25 % (€15.00) of order #1207 to Alice Martin?');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('No order is waiting for a decision.')).toBeInTheDocument();
    expect(api.calls().find((call) => call.method === 'POST')?.body).toEqual({ decision: 'refund', refundPercent: 25 });
  });

  it('releases the payment to the expert', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/problems': () => json(200, [report]),
      'POST /admin/problems/chat-7/resolve': () => json(200, { msg: MSG.problemReleased }),
    });
    renderRoutes(routes, { path: '/admin/problems', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Release to the expert' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText(MSG.problemReleased)).toBeInTheDocument();
    expect(api.calls().find((call) => call.method === 'POST')?.body).toEqual({ decision: 'release' });
  });
});
