import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import type { SignedInSession } from '@shared/schemas/sessions';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { SessionsPanel } from './sessions-panel';

const sam = anAccount({ _id: 'student-1', role: 'user', email: 'sam@example.com', firstName: 'Sam', lastName: 'Student' });
const routes = [
  { path: '/profile', element: <SessionsPanel /> },
  { path: '/auth', element: <h1>Sign in</h1> },
];
const laptop: SignedInSession = {
  id: 'session-laptop',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  place: '203.0.113.x',
  startedAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-25T18:00:00.000Z',
  current: true,
};
const phone: SignedInSession = {
  ...laptop,
  id: 'session-phone',
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  place: '198.51.100.x',
  current: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sessions list', () => {
  it('names each device with its masked address, marks this one, and signs another out', async () => {
    let sessions = [laptop, phone];
    const api = fakeApi({
      'GET /user/sessions': () => json(200, { sessions }),
      'DELETE /user/sessions/session-phone': () => {
        sessions = [laptop];
        return json(200, { msg: MSG.sessionEnded });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });

    const list = await screen.findByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Firefox on Windows · This device');
    expect(first).toHaveTextContent('203.0.113.x');
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Chrome on Android');
    expect(second).toHaveTextContent('198.51.100.x · Last active');

    await user.click(within(second).getByRole('button', { name: 'Sign out Chrome on Android' }));
    expect(await screen.findByText(MSG.sessionEnded, {}, { timeout: 3000 })).toBeInTheDocument();
    await vi.waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1));
    expect(api.calls().map((call) => `${call.method} ${call.path}`)).toContain('DELETE /user/sessions/session-phone');
  });

  it('signs out everywhere once the password is given, then leaves for the sign-in page', async () => {
    let answer = json(403, { msg: MSG.currentPasswordWrong, code: 'current_password_wrong' });
    const api = fakeApi({
      'GET /user/sessions': () => json(200, { sessions: [laptop, phone] }),
      'POST /user/sessions/end-all': () => answer,
      'POST /auth/logout': () => json(200, { msg: MSG.loggedOut }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });

    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const form = screen.getByRole('form', { name: 'Sign out everywhere' });
    expect(form).toHaveTextContent(MSG.signOutEverywhereConfirm);
    await user.click(within(form).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText(MSG.passwordRequired)).toHaveAttribute('role', 'alert');

    await user.type(within(form).getByLabelText('Password'), 'wrong-password');
    await user.click(within(form).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText(MSG.currentPasswordWrong)).toHaveAttribute('role', 'alert');

    answer = json(200, { msg: MSG.signedOutEverywhere });
    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'correct-horse-battery');
    await user.click(within(form).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByText(MSG.signedOutEverywhere, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(
      api
        .calls()
        .filter((call) => call.path === '/user/sessions/end-all')
        .at(-1)?.body,
    ).toEqual({ password: 'correct-horse-battery' });
  });
});
