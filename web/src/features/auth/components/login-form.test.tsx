import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { json, renderRoutes } from '@/test/render-app';
import AdminLoginRoute from '@/features/auth/routes/admin-login';
import LoginRoute from '@/features/auth/routes/login';

const routes = [
  { path: '/admin/login', element: <AdminLoginRoute /> },
  { path: '/admin', element: <h1>Admin home</h1> },
  { path: '/login', element: <LoginRoute /> },
];

afterEach(() => vi.unstubAllGlobals());

async function fillAdminCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'admin@example.com');
  await user.type(screen.getByLabelText('Password'), 'Admin-Password-2026');
}

describe('admin login form', () => {
  it('asks for the authenticator’s code in a field made for one-time codes', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderRoutes(routes, { path: '/admin/login' });
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription('The 6-digit code of your authenticator app.');
    await fillAdminCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(MSG.adminCodeRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the code with the credentials, and a recovery code through its own field', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => json(401, { msg: MSG.adminLoginFailed, code: 'invalid_credentials' }));
    vi.stubGlobal('fetch', fetch);
    renderRoutes(routes, { path: '/admin/login' });
    await fillAdminCredentials(user);
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(MSG.adminLoginFailed)).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/auth/login');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'admin@example.com', password: 'Admin-Password-2026', code: '123456' });

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveAttribute('inputmode', 'text');
    await user.clear(recovery);
    await user.type(recovery, 'abcd-efgh-2345-6789');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [, again] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(again.body as string)).toMatchObject({ code: 'abcd-efgh-2345-6789' });
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('inputmode', 'numeric');
  });

  it('leaves the members’ login without a code field', () => {
    renderRoutes(routes, { path: '/login' });
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });
});
