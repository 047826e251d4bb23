import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import ChoosePasswordRoute from './choose-password';

const routes = [
  { path: '/choose-password', element: <ChoosePasswordRoute /> },
  { path: '/', element: <p>Home page</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('choosing one’s own password', () => {
  it('replaces the temporary password, then leads home', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'PUT /user/change-password': () => json(200, { msg: MSG.passwordChanged }) });
    renderRoutes(routes, { path: '/choose-password', account: anAccount({ _id: 'u-9', role: 'user', email: 'wanda@example.com', mustChangePassword: true }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Temporary password'), 'temporary-1');
    await user.type(screen.getByLabelText('New password'), 'my-own-secret-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'my-own-secret-8');
    await user.click(screen.getByRole('button', { name: 'Save my password' }));
    expect(await screen.findByText(MSG.newPasswordsDoNotMatch)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'my-own-secret-9');
    await user.click(screen.getByRole('button', { name: 'Save my password' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(api.calls()[0].body).toEqual({ currentPassword: 'temporary-1', newPassword: 'my-own-secret-9' });
  });

  it('is only for a member who has to choose one', async () => {
    fakeApi({});
    renderRoutes(routes, { path: '/choose-password', account: anAccount({ _id: 'u-8', role: 'user', email: 'sam@example.com' }) });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});
