import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { YourData } from './your-data';

const sam = anAccount({ _id: 'student-1', role: 'user', email: 'sam@example.com', firstName: 'Sam', lastName: 'Student' });
const routes = [
  { path: '/profile', element: <YourData /> },
  { path: '/', element: <p>Home page</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Your data', () => {
  it('downloads the export through its signed address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const url = 'http://localhost/_local/s3/marketplace-files/exports/student-1.json?X-Amz-Signature=abc';
    const api = fakeApi({ 'POST /user/export': () => json(200, { msg: MSG.exportReady, status: 'ready', url, expiresAt: '2026-01-01T00:15:00.000Z' }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(api.calls().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /user/export']);
  });

  it('asks for the password, shows what is left when the server refuses, and signs out once deleted', async () => {
    const left = `${MSG.deletionRefused} ${MSG.deletionLeftOpenOrders} #1042.`;
    let answer = json(409, { msg: left, code: 'account_money_owed' });
    const api = fakeApi({ 'POST /user/delete-account': () => answer, 'POST /auth/logout': () => json(200, {}) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const password = screen.getByLabelText('Your password');
    expect(password).toHaveFocus();
    await user.type(password, 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(left);

    answer = json(200, { msg: MSG.accountDeleted });
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText(MSG.accountDeleted)).toBeInTheDocument();
    expect(
      api
        .calls()
        .filter((call) => call.path === '/user/delete-account')
        .map((call) => call.body),
    ).toEqual([{ password: 'correct-horse-battery' }, { password: 'correct-horse-battery' }]);
  });
});
