import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import AdminSecurityRoute from './security';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [{ path: '/admin/security', element: <AdminSecurityRoute /> }];
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const started = {
  secret: SECRET,
  uri: `otpauth://totp/Mentorship:admin%40example.com?issuer=Mentorship&secret=${SECRET}`,
  expiresAt: '2026-11-27T15:10:00.000Z',
};
const codes = Array.from({ length: 10 }, (_, index) => `abcd-efgh-jkmn-pq${index}${index}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('security (admin): changing the authenticator secret', () => {
  it('asks for the password and a current code before sending anything, and says a wrong code', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /admin/second-factor': () => json(403, { msg: MSG.secondFactorCodeWrong, code: 'second_factor_wrong' }) });
    renderRoutes(routes, { path: '/admin/security', account: admin });
    await user.click(screen.getByRole('button', { name: 'Make a new secret' }));
    expect(await screen.findByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.adminCodeRequired)).toBeInTheDocument();
    expect(api.calls()).toEqual([]);

    await user.type(screen.getByLabelText('Password'), 'Admin-Password-2026');
    await user.type(screen.getByLabelText('Current code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Make a new secret' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.secondFactorCodeWrong);
    expect(api.calls().map((call) => call.body)).toEqual([{ password: 'Admin-Password-2026', code: '123456' }]);
  });

  it('shows the new secret and its address, confirms it with a code of it, then shows the recovery codes once', async () => {
    const user = userEvent.setup();
    let confirmations = 0;
    const api = fakeApi({
      'POST /admin/second-factor': () => json(200, started),
      'POST /admin/second-factor/confirm': () =>
        ++confirmations === 1
          ? json(403, { msg: MSG.newSecondFactorCodeWrong, code: 'second_factor_wrong' })
          : json(200, { msg: MSG.secondFactorChanged, recoveryCodes: codes }),
    });
    renderRoutes(routes, { path: '/admin/security', account: admin });
    await user.type(screen.getByLabelText('Password'), 'Admin-Password-2026');
    await user.type(screen.getByLabelText('Current code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Make a new secret' }));

    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText(started.uri)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the new secret'), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm the new secret' }));
    expect(await screen.findByText(MSG.newSecondFactorCodeRequired)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Code from the new secret'));
    await user.type(screen.getByLabelText('Code from the new secret'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm the new secret' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.newSecondFactorCodeWrong);
    await user.click(screen.getByRole('button', { name: 'Confirm the new secret' }));

    expect(await screen.findByRole('status')).toHaveTextContent(MSG.secondFactorChanged);
    const shown = within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(shown.map((item) => item.textContent)).toEqual(codes);
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(
      api
        .calls()
        .filter((call) => call.path === '/admin/second-factor/confirm')
        .map((call) => call.body),
    ).toEqual([{ code: '654321' }, { code: '654321' }]);
  });
});
