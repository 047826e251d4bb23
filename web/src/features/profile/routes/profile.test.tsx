import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { type FakeCall, fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import ProfileRoute from './profile';

const sam = anAccount({ _id: 'student-1', role: 'user', email: 'sam@example.com', firstName: 'Sam', lastName: 'Student' });
const routes = [{ path: '/profile', element: <ProfileRoute /> }];
/** The Change Password tab also lists the sessions. */
const noOtherSessions = () => json(200, { sessions: [] });

/** "Your data" asks where the member's export stands on every visit: none here. */
const noExport = () => json(200, { msg: MSG.exportNone, status: 'none' });
/** The calls the test is about, without that look. */
const callsBesidesExport = (api: { calls: () => FakeCall[] }) => api.calls().filter((call) => call.path !== '/user/export');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/profile', () => {
  it('has the spec’s three tabs, the chosen one in the address, moved through with the arrow keys', async () => {
    fakeApi({ 'GET /user/export': noExport });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile?tab=password', account: sam });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Profile', 'Change Password', 'Notifications']);
    expect(screen.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Change Password');

    screen.getByRole('tab', { name: 'Change Password' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveFocus();
  });

  it('checks the form as the spec says: every field required, the new password typed the same twice', async () => {
    const api = fakeApi({ 'GET /user/export': noExport, 'GET /user/sessions': noOtherSessions });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile?tab=password', account: sam });
    await user.type(await screen.findByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'lantern-orchard-ferry');
    await user.type(screen.getByLabelText('Confirm new password'), 'lantern-orchard-fern');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.newPasswordsDoNotMatch)).toBeInTheDocument();
    expect(callsBesidesExport(api).filter((call) => call.path === '/user/change-password')).toEqual([]);
  });

  it('changes the password, says so and empties the form; a wrong current password and a failure are told', { timeout: 15_000 }, async () => {
    let answer = json(403, { msg: MSG.currentPasswordWrong, code: 'current_password_wrong' });
    const api = fakeApi({ 'GET /user/export': noExport, 'PUT /user/change-password': () => answer, 'GET /user/sessions': noOtherSessions });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile?tab=password', account: sam });
    const fill = async () => {
      await user.type(await screen.findByLabelText('Current password'), 'old-password-1');
      await user.type(screen.getByLabelText('New password'), 'lantern-orchard-ferry');
      await user.type(screen.getByLabelText('Confirm new password'), 'lantern-orchard-ferry');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
    };
    const clear = async () => {
      for (const label of ['Current password', 'New password', 'Confirm new password']) await user.clear(screen.getByLabelText(label));
    };
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.currentPasswordWrong);

    // A failure without the server's reason (a gateway's 502) says the spec's fallback.
    answer = json(502, {});
    await clear();
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.passwordUpdateFailed);

    answer = json(200, { msg: MSG.passwordChanged });
    await clear();
    await fill();
    expect(await screen.findByText(MSG.passwordChanged)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(callsBesidesExport(api).at(-1)?.body).toEqual({ currentPassword: 'old-password-1', newPassword: 'lantern-orchard-ferry' });
  });
});
