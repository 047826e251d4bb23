import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationEntry } from '@shared/schemas/chats';
import type { ReportedOrder, ReportedOrderDetail } from '@shared/schemas/orders';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { StepUpProvider } from '@/features/admin/components/step-up';
import AdminProblemsRoute, { loader } from './problems';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [
  {
    path: '/admin/problems',
    loader,
    element: (
      <StepUpProvider>
        <AdminProblemsRoute />
      </StepUpProvider>
    ),
    HydrateFallback: () => null,
  },
];

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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

  it('asks for the authenticator code when the refund needs one; a cancelled one refunds nothing, the right one refunds', async () => {
    const user = userEvent.setup();
    let reports = [report];
    const api = fakeApi({
      'GET /admin/problems': () => json(200, reports),
      'POST /admin/problems/chat-7/resolve': ({ body }) => {
        if ((body as { code?: string }).code !== '123456') return json(403, { msg: MSG.stepUpRequired, code: 'step_up_required' });
        reports = [];
        return json(200, { msg: MSG.problemRefunded });
      },
    });
    renderRoutes(routes, { path: '/admin/problems', account: admin });
    const refund = async () => {
      await user.click(await screen.findByRole('button', { name: 'Refund' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
      return screen.findByRole('dialog', { name: MSG.stepUpRequired });
    };
    await user.click(within(await refund()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refund' })).toBeEnabled());
    expect(screen.getByRole('listitem')).toHaveTextContent('Order #1207: Thesis feedback');

    await user.type(within(await refund()).getByLabelText('Authentication code'), '123456{Enter}');
    expect(await screen.findByText('No order is waiting for a decision.')).toBeInTheDocument();
    expect(
      api
        .calls()
        .filter((call) => call.method === 'POST')
        .map((call) => call.body),
    ).toEqual([
      { decision: 'refund', refundPercent: 100 },
      { decision: 'refund', refundPercent: 100 },
      { decision: 'refund', refundPercent: 100, code: '123456' },
    ]);
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

  it('opens a report onto its conversation, read-only and oldest first, with earlier messages on request, and the delivered file', async () => {
    const user = userEvent.setup();
    const entry = (id: string, role: 'user' | 'professor', content: string, minute: number): ConversationEntry => ({
      _id: id,
      content,
      createdAt: `2026-11-19T09:${String(minute).padStart(2, '0')}:00.000Z`,
      sender: role === 'user' ? { role, firstName: 'Alice', lastName: 'Martin' } : { role, firstName: 'Lena', lastName: 'Lifecycle' },
    });
    const latest: ReportedOrderDetail = {
      report,
      messages: [entry('m2', 'user', 'This is not the plan we agreed on.', 10), entry('m3', 'professor', 'It follows your brief, page 2.', 12)],
      hasMore: true,
      projectFile: { name: 'draft-plan.pdf', url: 'https://files.example/projects/chat-7/draft-plan.pdf?X-Amz-Expires=300' },
    };
    const api = fakeApi({
      'GET /admin/problems': () => json(200, [report]),
      'GET /admin/problems/chat-7': () => json(200, latest),
      'GET /admin/problems/chat-7?before=m2': () => json(200, { ...latest, messages: [entry('m1', 'user', 'Hello!', 2)], hasMore: false }),
    });
    renderRoutes(routes, { path: '/admin/problems', account: admin });
    const card = await screen.findByRole('listitem');
    const toggle = within(card).getByRole('button', { name: 'Show the conversation and file' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(api.calls().some((call) => call.path.startsWith('/admin/problems/chat-7'))).toBe(false);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide the conversation and file');
    const messages = await within(card).findByRole('list', { name: 'Messages of order #1207' }, { timeout: 5000 });
    const rows = () => within(messages).getAllByRole('listitem');
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Alice Martin \(student\), .*This is not the plan we agreed on\.$/),
      expect.stringMatching(/^Lena Lifecycle \(expert\), .*It follows your brief, page 2\.$/),
    ]);
    expect(rows()[0].querySelector('time')).toHaveAttribute('datetime', '2026-11-19T09:10:00.000Z');
    // Read-only: nothing to write with; the scrollable history is reached with Tab.
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card).getByRole('region', { name: 'Conversation' })).toHaveAttribute('tabindex', '0');
    expect(within(card).getByRole('link', { name: 'Download draft-plan.pdf' })).toHaveAttribute('href', latest.projectFile?.url);

    await user.click(within(card).getByRole('button', { name: 'Show earlier messages' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]).toHaveTextContent(/^Alice Martin \(student\), .*Hello!$/);
    expect(within(card).queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();

    // Five minutes later the address has expired: following the link asks for a fresh one first.
    const opened = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(opened + 5 * 60_000);
    await user.click(within(card).getByRole('link', { name: 'Download draft-plan.pdf' }));
    await waitFor(() => expect(api.calls().filter((call) => call.path === '/admin/problems/chat-7')).toHaveLength(2));

    await user.click(toggle);
    expect(within(card).queryByRole('list', { name: 'Messages of order #1207' })).not.toBeInTheDocument();
  });

  it('says when nothing was delivered, and when the conversation cannot be loaded', async () => {
    const user = userEvent.setup();
    const other = { ...report, chatId: 'chat-8', orderNumber: 1208, hasProjectFile: false };
    fakeApi({
      'GET /admin/problems': () => json(200, [report, other]),
      'GET /admin/problems/chat-7': () => json(500, { msg: 'down', code: 'internal' }),
      'GET /admin/problems/chat-8': () => json(200, { report: other, messages: [], hasMore: false }),
    });
    renderRoutes(routes, { path: '/admin/problems', account: admin });
    const [failing, empty] = await screen.findAllByRole('listitem');
    await user.click(within(failing).getByRole('button', { name: 'Show the conversation and file' }));
    expect(await within(failing).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(MSG.problemConversationLoadFailed);
    await user.click(within(empty).getByRole('button', { name: 'Show the conversation and file' }));
    expect(await within(empty).findByText('No file was delivered.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(empty).getByText('No message was written in this conversation.')).toBeInTheDocument();
  });
});
