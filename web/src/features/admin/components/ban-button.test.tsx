import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BanPreview } from '@shared/schemas/admin';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { BanButton, type BannableUser } from './ban-button';
import { StepUpProvider } from './step-up';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const claire: BannableUser = { _id: 'u1', firstName: 'Claire', lastName: 'Dubois', email: 'claire@example.com', role: 'professor', isBanned: false };

const preview: BanPreview = {
  orders: [
    { _id: 'o1', orderNumber: 1042, offerTitle: 'Tax audit preparation', side: 'expert', refundCents: 12050 },
    { _id: 'o2', orderNumber: 1077, offerTitle: 'Contract law basics', side: 'expert', refundCents: 6000 },
  ],
  reported: [],
};

function renderButton(user: BannableUser, onChanged = vi.fn()) {
  renderRoutes(
    [
      {
        path: '/admin/users',
        element: (
          <StepUpProvider>
            <BanButton user={user} onChanged={onChanged} />
          </StepUpProvider>
        ),
      },
    ],
    { path: '/admin/users', account: admin },
  );
  return onChanged;
}

afterEach(() => vi.unstubAllGlobals());

describe('the ban button', () => {
  it('shows the orders the ban refunds before confirming, then bans with the reason', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/users/u1/ban-preview': () => json(200, preview),
      'POST /admin/ban-user/u1': () => json(200, { msg: MSG.userBanned }),
    });
    const onChanged = renderButton(claire);
    await user.click(await screen.findByRole('button', { name: 'Ban Claire Dubois' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban Claire Dubois (claire@example.com)?' });
    expect(await within(dialog).findByText('These 2 orders are cancelled and refunded in full (€180.50):')).toBeInTheDocument();
    expect(within(dialog).getByText('Order #1042, Tax audit preparation (as the expert): €120.50')).toBeInTheDocument();
    expect(within(dialog).getByText('Order #1077, Contract law basics (as the expert): €60.00')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Fraud.');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText(MSG.userBanned, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(api.calls().find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Fraud.' });
    expect(onChanged).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the authenticator code when the ban refunds orders, and bans with the reason and the code (a recovery code too)', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/users/u1/ban-preview': () => json(200, preview),
      'POST /admin/ban-user/u1': ({ body }) =>
        (body as { code?: string }).code === 'ABCD-EFGH-1234'
          ? json(200, { msg: MSG.userBanned })
          : json(403, { msg: MSG.stepUpRequired, code: 'step_up_required' }),
    });
    const onChanged = renderButton(claire);
    await user.click(await screen.findByRole('button', { name: 'Ban Claire Dubois' }));
    const ban = screen.getByRole('dialog', { name: 'Ban Claire Dubois (claire@example.com)?' });
    await within(ban).findByText('These 2 orders are cancelled and refunded in full (€180.50):');
    await user.type(within(ban).getByRole('textbox', { name: /Reason/ }), 'Fraud.');
    await user.click(within(ban).getByRole('button', { name: 'Ban' }));

    const dialog = await screen.findByRole('dialog', { name: MSG.stepUpRequired });
    await waitFor(() => expect(within(dialog).getByLabelText('Authentication code')).toHaveFocus());
    expect(onChanged).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    const field = within(dialog).getByLabelText('Recovery code');
    expect(field).toHaveAttribute('inputmode', 'text');
    await user.type(field, 'ABCD-EFGH-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.userBanned, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledOnce();
    expect(
      api
        .calls()
        .filter((call) => call.method === 'POST')
        .map((call) => call.body),
    ).toEqual([{ reason: 'Fraud.' }, { reason: 'Fraud.', code: 'ABCD-EFGH-1234' }]);
  });

  it('bans nothing when the admin cancels the code', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /admin/users/u1/ban-preview': () => json(200, preview),
      'POST /admin/ban-user/u1': () => json(403, { msg: MSG.stepUpRequired, code: 'step_up_required' }),
    });
    const onChanged = renderButton(claire);
    const button = await screen.findByRole('button', { name: 'Ban Claire Dubois' });
    await user.click(button);
    await within(screen.getByRole('dialog')).findByText('These 2 orders are cancelled and refunded in full (€180.50):');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.stepUpRequired });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(
      api
        .calls()
        .filter((call) => call.method === 'POST')
        .map((call) => call.body),
    ).toEqual([{}]);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('lists apart, not refunded, the sessions both sides attended, which go to an admin', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /admin/users/u1/ban-preview': () =>
        json(200, { orders: [], reported: [{ _id: 'o3', orderNumber: 1090, offerTitle: 'Valuation practice call', side: 'expert' }] }),
    });
    renderButton(claire);
    await user.click(await screen.findByRole('button', { name: 'Ban Claire Dubois' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban Claire Dubois (claire@example.com)?' });
    expect(await within(dialog).findByText('Not refunded: this session, which both sides attended, goes to an admin as a problem:')).toBeInTheDocument();
    expect(within(dialog).getByText('Order #1090, Valuation practice call (as the expert)')).toBeInTheDocument();
  });

  it('says when nothing is refunded, and bans nothing when cancelled', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /admin/users/u1/ban-preview': () => json(200, { orders: [], reported: [] }) });
    const onChanged = renderButton(claire);
    await user.click(await screen.findByRole('button', { name: 'Ban Claire Dubois' }));
    expect(await screen.findByText('No paid order waits for delivery: nothing is refunded.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls().some((call) => call.method === 'POST')).toBe(false);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('says the preview could not be loaded, and the server’s word when the ban fails', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /admin/users/u1/ban-preview': () => json(500, { msg: 'Internal', code: 'internal' }),
      'POST /admin/ban-user/u1': () => json(403, { msg: MSG.adminNotBannable, code: 'admin_not_bannable' }),
    });
    const onChanged = renderButton(claire);
    await user.click(await screen.findByRole('button', { name: 'Ban Claire Dubois' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.banPreviewFailed);
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText(MSG.adminNotBannable, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('unbans a banned member after one confirmation', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /admin/unban-user/u1': () => json(200, { msg: MSG.userUnbanned }) });
    const onChanged = renderButton({ ...claire, isBanned: true });
    await user.click(await screen.findByRole('button', { name: 'Unban Claire Dubois' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText(MSG.userUnbanned, undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(api.calls().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /admin/unban-user/u1']);
  });

  it('has nothing for an admin', async () => {
    fakeApi({});
    renderButton({ ...claire, role: 'admin' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Ban/ })).not.toBeInTheDocument());
  });
});
