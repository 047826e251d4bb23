import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportCaseView } from '@shared/schemas/reports';
import { MSG } from '@shared/texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import AdminReportsRoute from './reports';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [{ path: '/admin/reports', element: <AdminReportsRoute /> }];

const reported = (fields: Partial<ReportCaseView> = {}): ReportCaseView => ({
  _id: 'case-1',
  status: 'open',
  target: { type: 'message', _id: 'm1', chatId: 'c1' },
  content: 'Send me money outside the site.',
  author: { _id: 'e1', firstName: 'Rhea', lastName: 'Reported' },
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
    fakeApi({ 'GET /admin/reports?status=open': () => json(200, { cases: [reported()] }) });
    renderRoutes(routes, { path: '/admin/reports', account: admin });
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Open reports, oldest first' });
    const item = within(list).getByRole('article', { name: 'Message by Rhea Reported 2 reports' });
    expect(within(item).getByRole('link', { name: 'Rhea Reported' })).toHaveAttribute('href', '/admin/users/e1');
    expect(within(item).getByText('Send me money outside the site.')).toBeInTheDocument();
    expect(
      within(within(item).getByRole('list', { name: 'Reports' }))
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Fraud or scam — Sam Student, 21 Nov 2026, 09:30Asks to pay off the site.', 'Spam — Ann Other, 21 Nov 2026, 10:00']);
    for (const name of ['Hide', 'Warn author', 'Dismiss'])
      expect(within(item).getByRole('button', { name: `${name}: message by Rhea Reported` })).toBeEnabled();
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
