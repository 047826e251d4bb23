import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
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
  it('asks for the password, shows what is left when the server refuses, and signs out once deleted', async () => {
    const left = `${MSG.deletionRefused} ${MSG.deletionLeftOpenOrders} #1042.`;
    let answer = json(409, { msg: left, code: 'account_money_owed' });
    const api = fakeApi({
      'GET /user/export': () => json(200, { msg: MSG.exportNone, status: 'none' }),
      'POST /user/delete-account': () => answer,
      'POST /auth/logout': () => json(200, {}),
    });
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
