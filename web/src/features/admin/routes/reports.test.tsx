import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportCaseView } from '@shared/schemas/reports';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { StepUpProvider } from '@/features/admin/components/step-up';
import AdminReportsRoute from './reports';
import AdminUsersRoute from './users';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [
  {
    path: '/admin/reports',
    element: (
      <StepUpProvider>
        <AdminReportsRoute />
      </StepUpProvider>
    ),
  },
  {
    path: '/admin/users',
    element: (
      <StepUpProvider>
        <AdminUsersRoute />
      </StepUpProvider>
    ),
  },
];

const reported = (fields: Partial<ReportCaseView> = {}): ReportCaseView => ({
  _id: 'case-1',
  status: 'open',
  target: { type: 'message', _id: 'm1', chatId: 'c1' },
  content: 'Send me money outside the site.',
  author: { _id: 'e1', firstName: 'Rhea', lastName: 'Reported', email: 'rhea@example.com', isBanned: false },
  reports: [
    {
      reporter: { _id: 'u1', firstName: 'Sam', lastName: 'Student' },
      reason: 'fraud',
      note: 'Asks to pay off the site.',
      createdAt: '2026-11-21T08:30:00.000Z',
    },
    { reporter: { _id: 'u2', firstName: 'Ann', lastName: 'Other' }, reason: 'spam', createdAt: '2026-11-21T09:00:00.000Z' },
  ],
  reportCount: 2,
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

describe('reports (admin)', () => {
  it('shows each reported item: the content, its author linked to the users page, every report and how many', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /admin/reports?status=open': () => json(200, { cases: [reported()] }),
      'GET /admin/users?q=rhea%40example.com': () =>
        json(200, {
          users: [
            {
              _id: 'e1',
              firstName: 'Rhea',
              lastName: 'Reported',
              email: 'rhea@example.com',
              role: 'professor',
              status: 'active',
              isBanned: false,
              isDeleted: false,
              mustChangePassword: false,
              createdAt: '2026-11-01T08:30:00.000Z',
            },
          ],
        }),
    });
    renderRoutes(routes, { path: '/admin/reports', account: admin });
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Open reports, oldest first' });
    const item = within(list).getByRole('article', { name: 'Message by Rhea Reported 2 reports' });
    expect(within(item).getByText('Send me money outside the site.')).toBeInTheDocument();
    expect(
      within(within(item).getByRole('list', { name: 'Reports' }))
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Fraud or scam — Sam Student, 21 Nov 2026, 09:30Asks to pay off the site.', 'Spam — Ann Other, 21 Nov 2026, 10:00']);
    for (const name of ['Hide', 'Warn author', 'Ban author', 'Dismiss'])
      expect(within(item).getByRole('button', { name: `${name}: message by Rhea Reported` })).toBeEnabled();

    // The author's link opens their row in the users page, found by their address.
    await user.click(within(item).getByRole('link', { name: 'Rhea Reported' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name or e-mail')).toHaveValue('rhea@example.com');
    const row = await screen.findByRole('rowheader', { name: /Rhea Reported/ });
    expect(row).toHaveTextContent('rhea@example.com');
  });

  it('bans the author from the case: the ban dialog shows its refunds, the reason is the decision’s note', async () => {
    const user = userEvent.setup();
    let resolved = false;
    const api = fakeApi({
      'GET /admin/reports?status=open': () => json(200, { cases: resolved ? [] : [reported()] }),
      'GET /admin/users/e1/ban-preview': () =>
        json(200, { orders: [{ _id: 'o1', orderNumber: 1042, offerTitle: 'Pitch deck critique', side: 'expert', refundCents: 6000 }], reported: [] }),
      'POST /admin/reports/case-1/resolve': () => {
        resolved = true;
        return json(200, { msg: MSG.reportAuthorBanned });
      },
    });
    renderRoutes(routes, { path: '/admin/reports', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Ban author: message by Rhea Reported' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban Rhea Reported (rhea@example.com)?' });
    expect(await within(dialog).findByText('Order #1042, Pitch deck critique (as the expert): €60.00')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Asks for payment off the site.');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText(MSG.reportAuthorBanned, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(
      api
        .calls()
        .filter((call) => call.method === 'POST')
        .map((call) => [call.path, call.body]),
    ).toEqual([['/admin/reports/case-1/resolve', { action: 'ban', note: 'Asks for payment off the site.' }]]);
  });

  it('asks for the authenticator code when the author’s ban refunds orders, and resolves with it', async () => {
    const user = userEvent.setup();
    let resolved = false;
    const api = fakeApi({
      'GET /admin/reports?status=open': () => json(200, { cases: resolved ? [] : [reported()] }),
      'GET /admin/users/e1/ban-preview': () =>
        json(200, { orders: [{ _id: 'o1', orderNumber: 1042, offerTitle: 'Pitch deck critique', side: 'expert', refundCents: 6000 }], reported: [] }),
      'POST /admin/reports/case-1/resolve': ({ body }) => {
        if ((body as { code?: string }).code !== '123456') return json(403, { msg: MSG.stepUpRequired, code: 'step_up_required' });
        resolved = true;
        return json(200, { msg: MSG.reportAuthorBanned });
      },
    });
    renderRoutes(routes, { path: '/admin/reports', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Ban author: message by Rhea Reported' }));
    const ban = screen.getByRole('dialog', { name: 'Ban Rhea Reported (rhea@example.com)?' });
    await within(ban).findByText('Order #1042, Pitch deck critique (as the expert): €60.00');
    await user.click(within(ban).getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.stepUpRequired });
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456{Enter}');
    expect(await screen.findByText(MSG.reportAuthorBanned, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(
      api
        .calls()
        .filter((call) => call.method === 'POST')
        .map((call) => call.body),
    ).toEqual([{ action: 'ban' }, { action: 'ban', code: '123456' }]);
  });

  it('offers no ban of an author banned already, and no link nor ban once their account is archived or deleted', async () => {
    fakeApi({
      'GET /admin/reports?status=open': () =>
        json(200, {
          cases: [
            reported({ author: { _id: 'e1', firstName: 'Rhea', lastName: 'Reported', email: 'rhea@example.com', isBanned: true } }),
            reported({ _id: 'case-2', target: { type: 'offer', _id: 'o9' }, author: { _id: 'e2', firstName: 'Former', lastName: 'member' } }),
          ],
        }),
    });
    renderRoutes(routes, { path: '/admin/reports', account: admin });
    const banned = await screen.findByRole('article', { name: 'Message by Rhea Reported 2 reports' });
    expect(within(banned).getByRole('link', { name: 'Rhea Reported' })).toBeInTheDocument();
    expect(within(banned).queryByRole('button', { name: /^Ban author/ })).not.toBeInTheDocument();
    expect(within(banned).getByRole('button', { name: 'Warn author: message by Rhea Reported' })).toBeInTheDocument();
    const gone = screen.getByRole('article', { name: 'Offer by Former member 2 reports' });
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: /^Ban author/ })).not.toBeInTheDocument();
    expect(within(gone).getByRole('button', { name: 'Hide: offer by Former member' })).toBeInTheDocument();
  });

  it('hides after confirming with a note, says so, reloads the list and continues from the heading', async () => {
    const user = userEvent.setup();
    let resolved = false;
    const api = fakeApi({
      'GET /admin/reports?status=open': () => json(200, { cases: resolved ? [] : [reported()] }),
      'POST /admin/reports/case-1/resolve': () => {
        resolved = true;
        return json(200, { msg: MSG.reportContentHidden });
      },
    });
    renderRoutes(routes, { path: '/admin/reports', account: admin });
    await user.click(await screen.findByRole('button', { name: 'Hide: message by Rhea Reported' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this message? Both members see that a moderator removed it.' });
    expect(api.calls().filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Payment outside the platform.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText(MSG.reportContentHidden)).toBeInTheDocument();
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toHaveFocus();
    expect(api.calls().map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([
      ['GET /admin/reports?status=open', undefined],
      ['POST /admin/reports/case-1/resolve', { action: 'hide', note: 'Payment outside the platform.' }],
      ['GET /admin/reports?status=open', undefined],
    ]);
  });

  it('sends nothing when the admin cancels; a case resolved meanwhile says so and reloads', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/reports?status=open': () => json(200, { cases: [reported()] }),
      'POST /admin/reports/case-1/resolve': () => json(409, { msg: MSG.reportAlreadyResolved, code: 'report_resolved' }),
    });
    renderRoutes(routes, { path: '/admin/reports', account: admin });
    const warn = await screen.findByRole('button', { name: 'Warn author: message by Rhea Reported' });
    await user.click(warn);
    expect(screen.getByRole('dialog')).toHaveAccessibleName(
      'Warn Rhea Reported? They are mailed a warning naming the content and the reason. The content stays.',
    );
    await user.keyboard('{Escape}');
    expect(warn).toHaveFocus();
    expect(api.calls().filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Dismiss: message by Rhea Reported' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText(MSG.reportAlreadyResolved)).toBeInTheDocument();
    expect(api.calls().filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('lists resolved items latest first with the decision, and no actions', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /admin/reports?status=open': () => json(200, { cases: [] }),
      'GET /admin/reports?status=resolved': () =>
        json(200, {
          cases: [
            reported({
              status: 'resolved',
              target: { type: 'review', _id: 'r1', offerId: 'o1' },
              content: '1/5 Buy followers',
              resolution: { action: 'hide', note: 'Spam.', at: '2026-11-22T10:00:00.000Z', admin: 'admin@example.com' },
            }),
          ],
        }),
    });
    renderRoutes(routes, { path: '/admin/reports', account: admin });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'resolved');
    const list = await screen.findByRole('list', { name: 'Resolved reports, latest first' });
    expect(within(list).getByText('Hidden by admin@example.com on 22 Nov 2026, 11:00: Spam.')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});
